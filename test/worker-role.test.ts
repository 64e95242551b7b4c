import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startWorker } from '../src/server.ts';
import { startTestApp, type TestApp, testEnv } from './helpers/app.ts';
import { createOrgWithAdmin, unique } from './helpers/fixtures.ts';
import { REDIS_URL } from './helpers/processes.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ ATRIUM_ROLE: 'api', REDIS_URL });
});
afterAll(() => app?.close());

async function ingestJob(fileId: string) {
  const result = (await app.server.database.db.execute(
    sql`select status, attempts, locked_by from jobs where dedupe_key = ${`project_file.ingest:${fileId}`}`,
  )) as unknown as { rows: { status: string; attempts: number; locked_by: string | null }[] };
  expect(result.rows).toHaveLength(1);
  return result.rows[0];
}

describe('ATRIUM_ROLE', () => {
  it('an api process only enqueues; a separate worker runs the job', async () => {
    const { admin } = await createOrgWithAdmin(app);
    const project = (await admin.http.post('/v1/projects', { name: unique('Roles') })).body;
    const data = Buffer.from('handled by the worker process');
    const upload = await admin.http.post(`/v1/projects/${project.id}/files/upload-url`, {
      filename: 'w.txt',
      mimeType: 'text/plain',
      sizeBytes: data.length,
    });
    await fetch(upload.body.upload_url, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob' },
      body: new Uint8Array(data),
    });
    expect((await admin.http.post(`/v1/project-files/${upload.body.file_id}/commit`)).status).toBe(200);

    // A process that ran workers would have claimed the job before answering the commit: the commit wakes them,
    // and their claim reaches the database ahead of this read (on PGlite, one connection serves both in order).
    // No claim at all, not merely none yet: the job is untouched, and the worker below is its first attempt.
    expect(await ingestJob(upload.body.file_id)).toEqual({ status: 'queued', attempts: 0, locked_by: null });
    expect((await admin.http.get(`/v1/project-files/${upload.body.file_id}`)).body.index_status).toBe('pending');

    // The worker shares the database and the blob directory, as a worker deployment would.
    const worker = await startWorker(
      loadConfig({ ...testEnv(), DATA_DIR: app.config.dataDir, ATRIUM_ROLE: 'worker' }),
      app.server.database,
    );
    try {
      const deadline = Date.now() + 20_000;
      let status = 'pending';
      while (status !== 'ready' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await admin.http.get(`/v1/project-files/${upload.body.file_id}`)).body.index_status;
      }
      expect(status).toBe('ready');
      expect(await ingestJob(upload.body.file_id)).toMatchObject({ status: 'completed', attempts: 1 });
    } finally {
      // The database was handed in, so it stays open for the app.
      await worker.close();
    }
  });
});
