import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/platform/db/client.ts';
import { projectFileChunks, usageEvents } from '../src/platform/db/schema/index.ts';
import { OFFLINE_EMBEDDINGS_VERSION_ID } from '../src/platform/models/index.ts';
import { type FakeEmbeddingsVendor, startFakeEmbeddingsVendor } from './fixtures/fake-embeddings-vendor.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, createServiceAccountWithKey, type TestOrg, unique } from './helpers/fixtures.ts';
import { uploadAndCommit, waitForIndex } from './helpers/ingestion.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';
import { catalogModel } from './model-gateway.fixtures.ts';

/**
 * Semantic search: with an embeddings model selected, chunks get vectors at ingestion and search fuses full-text
 * and vector rankings (reciprocal rank fusion); without one it stays full-text.
 */
let app: TestApp;
let db: Executor;
let vendor: FakeEmbeddingsVendor;

beforeAll(async () => {
  app = await startTestApp();
  db = app.server.database.db;
  vendor = await startFakeEmbeddingsVendor();
});
afterAll(async () => {
  await vendor?.close();
  await app?.close();
});

const HANGAR = 'The zeppelin hangar budget is approved for the spring.';
const GARDEN = 'Tomatoes and basil grow well together in the kitchen garden.';
/** Reciprocal rank fusion's score of a chunk ranked first by one ranking, and by both. */
const FIRST_BY_ONE = 1 / 61;
const FIRST_BY_BOTH = 2 / 61;

async function selectEmbeddings(org: TestOrg, versionId: string) {
  const res = await org.admin.http.put('/v1/organization/model-selections', {
    selections: [{ key: 'embeddings', model_version_id: versionId }],
  });
  expect(res.status, res.text).toBe(200);
}

async function projectWith(org: TestOrg, files: Record<string, string>) {
  const project = await org.admin.http.post('/v1/projects', { name: unique('Search') });
  expect(project.status, project.text).toBe(201);
  const ids: Record<string, string> = {};
  for (const [filename, text] of Object.entries(files)) {
    ids[filename] = await uploadAndCommit(org.admin.http, project.body.id, {
      filename,
      mimeType: 'text/plain',
      data: Buffer.from(text),
    });
    expect((await waitForIndex(org.admin.http, ids[filename]!)).file.index_status).toBe('ready');
  }
  return { projectId: project.body.id as string, fileIds: ids };
}

const chunksOf = (fileId: string) =>
  db
    .select({ embedding: projectFileChunks.embedding, modelId: projectFileChunks.embeddingModelId })
    .from(projectFileChunks)
    .where(eq(projectFileChunks.fileId, fileId));

/** Waits until every chunk of the file has a vector of the model (the embedding job runs after indexing). */
async function waitForVectors(fileId: string, modelId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const chunks = await chunksOf(fileId);
    if (chunks.length > 0 && chunks.every((c) => c.modelId === modelId)) return chunks;
    if (Date.now() > deadline) throw new Error(`file ${fileId} was not embedded: ${JSON.stringify(chunks)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const search = async (org: TestOrg, projectId: string, q: string) => {
  const res = await org.admin.http.get(`/v1/projects/${projectId}/search?q=${encodeURIComponent(q)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data as { file_id: string; filename: string; chunk_id: string; snippet: string; rank: number }[];
};

const embeddingUsage = (organizationId: string, versionId: string) =>
  db
    .select({ userId: usageEvents.userId, inputTokens: usageEvents.inputTokens, runId: usageEvents.runId })
    .from(usageEvents)
    .where(and(eq(usageEvents.organizationId, organizationId), eq(usageEvents.modelVersionId, versionId)));

const norm = (vector: number[]) => Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));

describe('without an embeddings model', () => {
  it('searches by words only and stores no vectors', async () => {
    const org = await createOrgWithAdmin(app);
    const { projectId, fileIds } = await projectWith(org, { 'hangar.txt': HANGAR });
    expect((await search(org, projectId, 'zeppelin')).map((h) => h.filename)).toEqual(['hangar.txt']);
    // A misspelling shares no word with the text: full-text search cannot find it.
    expect(await search(org, projectId, 'zepellin')).toEqual([]);
    expect(await chunksOf(fileIds['hangar.txt']!)).toEqual([{ embedding: null, modelId: null }]);
    expect(await embeddingUsage(org.org.id, OFFLINE_EMBEDDINGS_VERSION_ID)).toEqual([]);
  });
});

describe('with the offline hashing embedder selected', () => {
  let org: TestOrg;
  let projectId: string;
  let fileIds: Record<string, string>;

  beforeAll(async () => {
    org = await createOrgWithAdmin(app);
    await selectEmbeddings(org, OFFLINE_EMBEDDINGS_VERSION_ID);
    ({ projectId, fileIds } = await projectWith(org, { 'hangar.txt': HANGAR, 'garden.txt': GARDEN }));
  });

  it('gives every chunk a unit vector of the model at ingestion, its usage charged to the uploader', async () => {
    for (const fileId of Object.values(fileIds)) {
      const [chunk] = await waitForVectors(fileId, OFFLINE_EMBEDDINGS_VERSION_ID);
      expect(chunk!.embedding).toHaveLength(256);
      expect(norm(chunk!.embedding!)).toBeCloseTo(1, 5);
    }
    const usage = await embeddingUsage(org.org.id, OFFLINE_EMBEDDINGS_VERSION_ID);
    expect(usage).toHaveLength(2);
    expect(usage.every((u) => u.userId === org.admin.user.id && u.inputTokens > 0)).toBe(true);
  });

  it('finds by meaning what full-text misses, and ranks what both find first', async () => {
    for (const fileId of Object.values(fileIds)) await waitForVectors(fileId, OFFLINE_EMBEDDINGS_VERSION_ID);
    const misspelt = await search(org, projectId, 'zepellin');
    expect(misspelt.map((h) => h.filename)).toEqual(['hangar.txt', 'garden.txt']);
    expect(misspelt[0]!.rank).toBeCloseTo(FIRST_BY_ONE, 10);
    // Found only by its vector: the snippet is the chunk's opening words, nothing marked.
    expect(misspelt[0]!.snippet).toContain('The zeppelin hangar budget');
    expect(misspelt[0]!.snippet).not.toContain('<<');

    const both = await search(org, projectId, 'basil garden');
    expect(both[0]).toMatchObject({ filename: 'garden.txt', file_id: fileIds['garden.txt'] });
    expect(both[0]!.rank).toBeCloseTo(FIRST_BY_BOTH, 10);
    expect(both[0]!.snippet).toContain('<<basil>>');
    expect(both[1]!.rank).toBeLessThan(both[0]!.rank);

    // Each query's embedding is a usage event of the searcher, beside the two files'.
    const usage = await embeddingUsage(org.org.id, OFFLINE_EMBEDDINGS_VERSION_ID);
    expect(usage).toHaveLength(4);
  });

  it('leaves deleted files out of both rankings', async () => {
    const extra = await projectWith(org, { 'zeppelin-notes.txt': 'Zeppelin flights over the lake.' });
    const fileId = extra.fileIds['zeppelin-notes.txt']!;
    await waitForVectors(fileId, OFFLINE_EMBEDDINGS_VERSION_ID);
    expect((await search(org, extra.projectId, 'zeppelin')).map((h) => h.file_id)).toEqual([fileId]);
    expect((await org.admin.http.delete(`/v1/project-files/${fileId}`)).status).toBe(204);
    expect(await search(org, extra.projectId, 'zeppelin')).toEqual([]);
  });

  it('the search_project_files tool of a run in the project uses the same search', async () => {
    const thread = await org.admin.http.post('/v1/threads', { project_id: projectId });
    expect(thread.status, thread.text).toBe(201);
    const { run } = await postAndRun(
      org.admin.http,
      thread.body.id,
      `/tool search_project_files ${JSON.stringify({ query: 'zepellin' })}`,
    );
    const done = await waitForRun(org.admin.http, thread.body.id, run.id);
    expect(done.run.status).toBe('completed');
    expect(done.acts.map((a: any) => a.status)).toEqual(['completed']);
    // The offline model says what the tool returned: the misspelt word found the hangar's file first.
    expect(done.outputMessage.content).toMatch(
      /- search_project_files: \{"query":"zepellin","results":\[\{[^}]*"filename":"hangar\.txt"/,
    );
    // The query's embedding is charged to the run.
    const usage = await embeddingUsage(org.org.id, OFFLINE_EMBEDDINGS_VERSION_ID);
    expect(usage.filter((u) => u.runId === run.id)).toHaveLength(1);
  });
});

describe('a file a service account uploads', () => {
  it('is embedded, its usage charged to the organization and no person', async () => {
    const org = await createOrgWithAdmin(app);
    await selectEmbeddings(org, OFFLINE_EMBEDDINGS_VERSION_ID);
    const { key } = await createServiceAccountWithKey(org.admin.http, 'member');
    const bot = app.http.as(key);
    const project = await bot.post('/v1/projects', { name: unique('Bot search') });
    expect(project.status, project.text).toBe(201);
    const fileId = await uploadAndCommit(bot, project.body.id, {
      filename: 'hangar.txt',
      mimeType: 'text/plain',
      data: Buffer.from(HANGAR),
    });
    expect((await waitForIndex(bot, fileId)).file.index_status).toBe('ready');
    await waitForVectors(fileId, OFFLINE_EMBEDDINGS_VERSION_ID);
    expect(await embeddingUsage(org.org.id, OFFLINE_EMBEDDINGS_VERSION_ID)).toEqual([
      { userId: null, inputTokens: expect.any(Number), runId: null },
    ]);
    const found = await bot.get(`/v1/projects/${project.body.id}/search?q=zepellin`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.map((h: { file_id: string }) => h.file_id)).toEqual([fileId]);
  });
});

describe('files indexed before a model was selected', () => {
  it('get their vectors once the project is searched', async () => {
    const org = await createOrgWithAdmin(app);
    const { projectId, fileIds } = await projectWith(org, { 'hangar.txt': HANGAR });
    await selectEmbeddings(org, OFFLINE_EMBEDDINGS_VERSION_ID);
    expect(await chunksOf(fileIds['hangar.txt']!)).toEqual([{ embedding: null, modelId: null }]);
    // The first search answers by words (no vector yet) and queues the file's embedding.
    expect(await search(org, projectId, 'zepellin')).toEqual([]);
    await waitForVectors(fileIds['hangar.txt']!, OFFLINE_EMBEDDINGS_VERSION_ID);
    expect((await search(org, projectId, 'zepellin')).map((h) => h.filename)).toEqual(['hangar.txt']);
  });
});

describe('a vendor embeddings model', () => {
  let org: TestOrg;
  let versionId: string;

  beforeAll(async () => {
    const model = await catalogModel(app, {
      baseUrl: vendor.url,
      apiKey: 'sk-test-vendor-key-0042',
      modelId: 'text-embedding-3-small',
      version: { outputModalities: ['embeddings'], supportsToolUse: false, supportsStructuredOutput: false },
    });
    versionId = model.version.id;
    org = await createOrgWithAdmin(app);
    await selectEmbeddings(org, versionId);
  });

  it('is called in the vendor wire format; vectors are stored at unit length and usage in its tokens', async () => {
    vendor.requests.length = 0;
    const { projectId, fileIds } = await projectWith(org, { 'hangar.txt': HANGAR });
    const [chunk] = await waitForVectors(fileIds['hangar.txt']!, versionId);
    expect(norm(chunk!.embedding!)).toBeCloseTo(1, 5);
    expect(vendor.requests).toHaveLength(1);
    expect(vendor.requests[0]).toMatchObject({
      authorization: 'Bearer sk-test-vendor-key-0042',
      body: { model: 'text-embedding-3-small', input: [HANGAR] },
    });
    const usage = await embeddingUsage(org.org.id, versionId);
    expect(usage.map((u) => u.inputTokens)).toEqual([HANGAR.split(' ').length]);

    expect((await search(org, projectId, 'zepellin')).map((h) => h.filename)).toEqual(['hangar.txt']);
    expect(vendor.requests.at(-1)!.body.input).toEqual(['zepellin']);
  });

  it('retries a failed call, and answers by words alone when the vendor keeps failing', async () => {
    const { projectId, fileIds } = await projectWith(org, { 'hangar.txt': HANGAR });
    await waitForVectors(fileIds['hangar.txt']!, versionId);
    vendor.failNext(1);
    expect((await search(org, projectId, 'zepellin')).map((h) => h.filename)).toEqual(['hangar.txt']);
    vendor.failNext(100);
    const before = vendor.requests.length;
    expect(await search(org, projectId, 'zepellin')).toEqual([]);
    expect((await search(org, projectId, 'zeppelin')).map((h) => h.filename)).toEqual(['hangar.txt']);
    expect(vendor.requests.length).toBeGreaterThan(before + 2);
    vendor.failNext(0);
  });

  it('does not mix vectors of another model: a changed selection ranks only its own vectors', async () => {
    const { projectId, fileIds } = await projectWith(org, { 'hangar.txt': HANGAR });
    await waitForVectors(fileIds['hangar.txt']!, versionId);
    await selectEmbeddings(org, OFFLINE_EMBEDDINGS_VERSION_ID);
    // The old vectors do not count; the search queues the new model's and answers by words meanwhile.
    expect(await search(org, projectId, 'zepellin')).toEqual([]);
    await waitForVectors(fileIds['hangar.txt']!, OFFLINE_EMBEDDINGS_VERSION_ID);
    expect((await search(org, projectId, 'zepellin')).map((h) => h.filename)).toEqual(['hangar.txt']);
    expect((await chunksOf(fileIds['hangar.txt']!)).map((c) => c.modelId)).toEqual([OFFLINE_EMBEDDINGS_VERSION_ID]);
    await selectEmbeddings(org, versionId);
  });
});
