import { format } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ingestionStore } from '../src/modules/projects/ingestion.store.ts';
import { newId } from '../src/platform/ids.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg, unique } from './helpers/fixtures.ts';
import { uploadAndCommit, waitForIndex } from './helpers/ingestion.ts';
import { docxArchive, paragraph } from './helpers/zip-files.ts';

/**
 * Ingestion under hostile or oversized files (issue items 3 and 4): large text is indexed in part and ends ready,
 * a file the database refuses ends failed at once without its text reaching a log, zip bombs and slow files end
 * failed with a reason, and HTTP keeps answering while a file is read.
 */

/** Large enough for every file of this file's first app on a loaded machine. */
const TIME_BUDGET_MS = 3000;

let app: TestApp;
let org: TestOrg;
let owner: OrgUser;
let projectId: string;
/** What the process wrote through console.warn and console.error (the job logger's sink) during a test. */
let consoleLines: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ ATRIUM_EXTRACT_TIMEOUT_MS: String(TIME_BUDGET_MS) });
  org = await createOrgWithAdmin(app);
  owner = await addUser(app, org.admin.http);
  projectId = (await owner.http.post('/v1/projects', { name: unique('Ingestion') })).body.id;
});
afterAll(() => app?.close());

afterEach(() => {
  vi.restoreAllMocks();
  consoleLines = [];
});

function captureConsole(): void {
  for (const level of ['warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleLines.push(format(...args));
    });
  }
}

async function ingestionJob(fileId: string) {
  const result = (await app.server.database.db.execute(
    sql`select status, attempts, last_error from jobs where dedupe_key = ${`project_file.ingest:${fileId}`}`,
  )) as unknown as { rows: { status: string; attempts: number; last_error: string | null }[] };
  return result.rows[0];
}

const search = async (q: string) => {
  const res = await owner.http.get(`/v1/projects/${projectId}/search?q=${encodeURIComponent(q)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((hit: { file_id: string }) => hit.file_id);
};

describe('large files', () => {
  it('a text file past 13 MB ends ready: its first 5,000,000 characters indexed, the cut reported in `error`', async () => {
    captureConsole();
    const filler = 'The ledger for the quarter lists routine spending. '.repeat(280_000);
    const text = `zephyrfirst opens the file.\n${filler}\nzephyrlast closes it.\n`;
    expect(text.length).toBeGreaterThan(14_000_000);
    const fileId = await uploadAndCommit(owner.http, projectId, {
      filename: 'ledger.txt',
      mimeType: 'text/plain',
      data: Buffer.from(text),
    });

    const { file } = await waitForIndex(owner.http, fileId);
    expect(file).toMatchObject({
      status: 'ready',
      index_status: 'ready',
      extractor: 'text',
      error:
        "Only the first 5,000,000 characters of this file's text were indexed and kept as its content; " +
        'the rest is not searchable.',
    });
    expect(file.content).toBe(text.slice(0, 5_000_000));
    expect(await search('zephyrfirst')).toEqual([fileId]);
    expect(await search('zephyrlast')).toEqual([]);
    expect(await ingestionJob(fileId)).toEqual({ status: 'completed', attempts: 1, last_error: null });
    expect(consoleLines.filter((line) => line.includes('ledger for the quarter'))).toEqual([]);
  });

  it('chunks are written in bounded statements: 12,000 chunks (72,000 values) of one file in one transaction', async () => {
    const fileId = await uploadAndCommit(owner.http, projectId, {
      filename: 'many-chunks.txt',
      mimeType: 'text/plain',
      data: Buffer.from('placeholder'),
    });
    await waitForIndex(owner.http, fileId);
    const chunks = Array.from({ length: 12_000 }, (_, i) => ({ id: newId(), content: `chunk number ${i}` }));
    const db = app.server.database.db;
    await db.transaction((tx) => ingestionStore.replaceChunks(tx, org.org.id, { id: fileId, projectId }, chunks));
    const result = (await db.execute(
      sql`select count(*)::int as n, min(ordinal) as first, max(ordinal) as last from project_file_chunks where file_id = ${fileId}`,
    )) as unknown as { rows: { n: number; first: number; last: number }[] };
    expect(result.rows[0]).toEqual({ n: 12_000, first: 0, last: 11_999 });
  });
});

describe('failures end the file failed', () => {
  it('a file the database refuses to index ends failed at its first attempt; no log line or job error keeps its text', async () => {
    const db = app.server.database.db;
    // A real, deterministic refusal (SQLSTATE 23514) of the chunk insert, whose statement carries the file's text.
    await db.execute(
      sql`alter table project_file_chunks add constraint hardening_refuse check (content not like '%forbiddenmarker%')`,
    );
    try {
      captureConsole();
      const fileId = await uploadAndCommit(owner.http, projectId, {
        filename: 'refused.txt',
        mimeType: 'text/plain',
        data: Buffer.from(`forbiddenmarker ${'classified-words '.repeat(2000)}`),
      });
      const { file } = await waitForIndex(owner.http, fileId);
      expect(file).toMatchObject({
        status: 'ready',
        index_status: 'failed',
        error: 'The file could not be indexed because of an internal error; it stays downloadable.',
        content: null,
      });
      const job = await ingestionJob(fileId);
      expect(job).toMatchObject({ status: 'dead', attempts: 1 });
      expect(job!.last_error).toMatch(/^\[23514\] .*hardening_refuse.* \(in: insert into "project_file_chunks"/);
      expect(job!.last_error).not.toContain('classified');
      expect(consoleLines.some((line) => line.includes('job cannot succeed; it is dead'))).toBe(true);
      expect(consoleLines.filter((line) => line.includes('classified'))).toEqual([]);
      expect(await search('forbiddenmarker')).toEqual([]);
    } finally {
      await db.execute(sql`alter table project_file_chunks drop constraint hardening_refuse`);
    }
  });

  it('a docx that unpacks past 100 MB (a zip bomb) ends failed with the reason', async () => {
    const head = '<?xml version="1.0"?><w:document xmlns:w="w"><w:body>';
    const bomb = docxArchive(
      Buffer.concat([Buffer.from(head), Buffer.alloc(101 * 1024 * 1024, ' '), Buffer.from('</w:body></w:document>')]),
    );
    expect(bomb.length).toBeLessThan(200_000);
    const fileId = await uploadAndCommit(owner.http, projectId, {
      filename: 'bomb.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      data: bomb,
    });
    const { file } = await waitForIndex(owner.http, fileId);
    expect(file).toMatchObject({
      status: 'ready',
      index_status: 'failed',
      error: 'Could not read bomb.docx: it unpacks to more than 100 MB, the most read from one document',
    });
  });
});

/** Far below the ~2 s the slow memo takes to read even on an idle machine, so the budget always stops it. */
const SLOW_BUDGET_MS = 500;

describe('a file past the time budget', () => {
  let slowApp: TestApp;
  let slowOwner: OrgUser;
  let slowProjectId: string;

  // An app of its own: the rest of this file needs a budget that a loaded machine's ordinary reads stay within.
  beforeAll(async () => {
    slowApp = await startTestApp({ ATRIUM_EXTRACT_TIMEOUT_MS: String(SLOW_BUDGET_MS) });
    slowOwner = await addUser(slowApp, (await createOrgWithAdmin(slowApp)).admin.http);
    slowProjectId = (await slowOwner.http.post('/v1/projects', { name: unique('Slow') })).body.id;
  });
  afterAll(() => slowApp?.close());

  it('a file whose reading exceeds the time budget ends failed, and HTTP answers all the while', async () => {
    // Baseline: the same request while nothing is being read.
    const quiet = await uploadAndCommit(slowOwner.http, slowProjectId, {
      filename: 'quiet.txt',
      mimeType: 'text/plain',
      data: Buffer.from('nothing to see'),
    });
    await waitForIndex(slowOwner.http, quiet);
    const baseline: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await slowOwner.http.get(`/v1/project-files/${quiet}`);
      baseline.push(performance.now() - started);
    }

    // mammoth needs about 2 s for this 100,000-paragraph memo (some 200 KB) on an idle machine, more under load.
    const paragraphs = Array.from({ length: 100_000 }, (_, i) => paragraph(`Paragraph ${i} of the long memo.`));
    const fileId = await uploadAndCommit(slowOwner.http, slowProjectId, {
      filename: 'slow.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      data: docxArchive(paragraphs.join('')),
    });
    const { file, polls } = await waitForIndex(slowOwner.http, fileId);
    expect(file).toMatchObject({
      status: 'ready',
      index_status: 'failed',
      error: `Could not read slow.docx: reading it took longer than ${SLOW_BUDGET_MS / 1000} s, so it was stopped`,
    });

    // The server kept answering while the file was read: many polls saw it processing, none waited long.
    const whileReading = polls.filter((p) => p.indexStatus === 'processing');
    expect(whileReading.length).toBeGreaterThanOrEqual(5);
    const slowest = Math.max(...whileReading.map((p) => p.latencyMs));
    expect(slowest).toBeLessThan(10 * Math.max(...baseline) + 1000);
  });
});
