import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArtifactsService, createArtifactsService } from '../src/modules/artifacts/service.ts';
import { createGeneratorsService } from '../src/modules/generators/service.ts';
import { createEmbedding } from '../src/modules/projects/embedding.ts';
import { createProjectFilesService } from '../src/modules/projects/files.service.ts';
import { createProjectSearch } from '../src/modules/projects/search.ts';
import { createProjectsService } from '../src/modules/projects/service.ts';
import { createRunTools, type ToolContext } from '../src/modules/runs/tools/registry.ts';
import { createSkillsService } from '../src/modules/skills/service.ts';
import { triggerEventListener } from '../src/modules/triggers/index.ts';
import type { Executor } from '../src/platform/db/client.ts';
import { artifacts, threads } from '../src/platform/db/schema/index.ts';
import { composeInternalEvents } from '../src/platform/events/internal.ts';
import { newId } from '../src/platform/ids.ts';
import { type BlobStorage, createBlobStorage } from '../src/platform/storage/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg, unique } from './helpers/fixtures.ts';
import { testGateway } from './model-gateway.fixtures.ts';

let app: TestApp;
let db: Executor;
let storage: BlobStorage;
let org: TestOrg;
let threadId: string;
let tools: ReturnType<typeof createRunTools>;
let artifactsService: ArtifactsService;

const noThreads = { getVisible: () => Promise.reject(new Error('not used by run tools')) };

beforeAll(async () => {
  app = await startTestApp();
  db = app.server.database.db;
  storage = createBlobStorage(app.config, { baseUrl: () => app.url });
  await storage.start();
  org = await createOrgWithAdmin(app);
  threadId = await insertThread(null);
  const models = testGateway(app).gateway;
  const projectFiles = createProjectFilesService({
    db,
    storage,
    projects: createProjectsService({ db }),
    search: createProjectSearch({ db, models, embedding: createEmbedding({ db, models }) }),
  });
  artifactsService = createArtifactsService({
    db,
    storage,
    threads: noThreads,
    internalEvents: composeInternalEvents(triggerEventListener),
  });
  tools = createRunTools({
    generators: createGeneratorsService({ artifacts: artifactsService }).tools,
    images: { gateway: testGateway(app).gateway, artifacts: artifactsService },
    projects: projectFiles,
    skills: createSkillsService({ db }),
  });
});
afterAll(() => app?.close());

async function insertThread(projectId: string | null): Promise<string> {
  const id = newId();
  const user = org.admin.user.id;
  await db
    .insert(threads)
    .values({ id, organizationId: org.org.id, ownerId: user, createdByType: 'user', createdById: user, projectId });
  return id;
}

const context = (over: Partial<ToolContext> = {}): Omit<ToolContext, 'tx'> => ({
  organizationId: org.org.id,
  threadId,
  runId: newId(),
  actId: newId(),
  projectId: null,
  principalId: org.admin.user.id,
  usageContext: { organizationId: org.org.id },
  model: null,
  prompt: null,
  ...over,
});

/** Runs a tool as the engine does: inside a transaction, unless the tool executes outside one. */
const run = (name: string, input: unknown, ctx = context()) => {
  const tool = tools.byName(name)!;
  if (tool.outsideTransaction) return tool.execute(input, { ...ctx, tx: db });
  return db.transaction((tx) => tool.execute(input, { ...ctx, tx }));
};

const errorOf = (outcome: Awaited<ReturnType<typeof run>>) =>
  outcome.kind === 'result' && !outcome.artifact ? ((outcome.output as { error?: string }).error ?? null) : null;

const artifactCount = async () =>
  (await db.select({ n: count() }).from(artifacts).where(eq(artifacts.threadId, threadId)))[0]!.n;

describe('create_file', () => {
  it('writes a text file under a cleaned name with its media type, keeping the text as content', async () => {
    const outcome = await run('create_file', { filename: '../../etc/Notes: draft?.md', content: '# Hello\n\nWorld' });
    expect(outcome.kind === 'result' && outcome.artifact).toBeTruthy();
    const row = outcome.kind === 'result' ? outcome.artifact! : null!;
    expect(row).toMatchObject({
      filename: 'Notes draft.md',
      mimeType: 'text/markdown',
      type: 'document',
      title: 'Notes draft.md',
      content: '# Hello\n\nWorld',
      sizeBytes: 14,
    });
    expect((await storage.read(row.storageKey)).toString('utf8')).toBe('# Hello\n\nWorld');
    const script = await run('create_file', { filename: 'load.sql', content: 'select 1;', title: 'Loader' });
    expect(script.kind === 'result' && script.artifact).toMatchObject({ type: 'file', mimeType: 'application/sql' });
  });

  it('refuses binary formats, missing extensions, oversized and non-text content', async () => {
    const before = await artifactCount();
    for (const filename of ['virus.exe', 'noextension', '.env', 'deck.pptx', 'x.svg']) {
      expect(errorOf(await run('create_file', { filename, content: 'x' })), filename).toMatch(/text files only/);
    }
    expect(errorOf(await run('create_file', { filename: 'big.txt', content: 'é'.repeat(600_000) }))).toMatch(/bytes/);
    expect(errorOf(await run('create_file', { filename: 'big.txt', content: 'x'.repeat(1024 * 1024 + 1) }))).toMatch(
      /content/,
    );
    expect(errorOf(await run('create_file', { filename: 'nul.txt', content: 'a\u0000b' }))).toMatch(/NUL/);
    expect(await artifactCount()).toBe(before);
  });
});

describe('bounded inputs', () => {
  it('answers invalid arguments with an error result the model can act on, and stores nothing', async () => {
    const before = await artifactCount();
    const cases: [string, unknown][] = [
      ['create_document', null],
      ['create_document', 'a string'],
      ['create_document', { title: 'x'.repeat(201), sections: [{ blocks: [] }] }],
      ['create_document', { title: 'x', sections: Array.from({ length: 51 }, () => ({ blocks: [] })) }],
      ['create_document', { title: 'x', sections: [{ blocks: [{ type: 'video', url: 'x' }] }] }],
      ['create_document', { title: 'x', sections: [{ blocks: [{ type: 'paragraph', text: 'y'.repeat(10_001) }] }] }],
      ['create_presentation', { title: 'x', slides: [] }],
      ['create_presentation', { title: 'x', slides: Array.from({ length: 51 }, () => ({ title: 's' })) }],
      ['create_presentation', { title: 'x', slides: [{ title: 's', bullets: Array(13).fill('b') }] }],
      ['create_spreadsheet', { title: 'x', sheets: [{ name: 'a/b', columns: ['c'], rows: [] }] }],
      ['create_spreadsheet', { title: 'x', sheets: [{ name: 'History', columns: ['c'], rows: [] }] }],
      [
        'create_spreadsheet',
        {
          title: 'x',
          sheets: [
            { name: 'A', columns: ['c'], rows: [] },
            { name: 'a', columns: ['c'], rows: [] },
          ],
        },
      ],
      ['create_spreadsheet', { title: 'x', sheets: [{ name: 'A', columns: ['c'], rows: [[1, 2]] }] }],
      ['create_spreadsheet', { title: 'x', sheets: [{ name: 'A', columns: ['c'], rows: Array(5001).fill([1]) }] }],
      [
        'create_spreadsheet',
        { title: 'x', sheets: [{ name: 'A', columns: ['c'], rows: [[{ formula: 'WEBSERVICE("http://x")' }]] }] },
      ],
      [
        'create_spreadsheet',
        { title: 'x', sheets: [{ name: 'A', columns: ['c'], rows: [[{ formula: "'[b.xlsx]S'!A1" }]] }] },
      ],
      ['create_file', { filename: 'a.txt' }],
      ['search_project_files', { query: '' }],
      ['search_project_files', { query: 'x', limit: 21 }],
      ['ask_user', { prompt: '' }],
      ['ask_user', { prompt: 'Pick', options: ['a', 'a'] }],
      ['ask_user', { prompt: 'Pick', options: ['a'], multi_select: true }],
      ['ask_user', { prompt: 'Pick', options: Array.from({ length: 11 }, (_, i) => `o${i}`) }],
    ];
    for (const [name, input] of cases) {
      const error = errorOf(await run(name, input));
      expect(error, `${name} ${JSON.stringify(input).slice(0, 120)}`).toMatch(
        new RegExp(`^Invalid arguments for ${name}: `),
      );
    }
    expect(await artifactCount()).toBe(before);
  });

  it('refuses a spreadsheet over the cell budget', async () => {
    const row = Array(50).fill(1);
    const sheet = (name: string) => ({ name, columns: Array(50).fill('c'), rows: Array(1001).fill(row) });
    const error = errorOf(await run('create_spreadsheet', { title: 'x', sheets: [sheet('A'), sheet('B')] }));
    expect(error).toMatch(/at most 100000 cells/);
  });
});

describe('ask_user', () => {
  it('pauses on a clarification and turns the answer or a refusal into the tool output', async () => {
    const input = { prompt: 'Which region?', options: ['North', 'South'], multi_select: true };
    expect(await run('ask_user', input)).toEqual({
      kind: 'interrupt',
      interrupt: { type: 'clarification', prompt: 'Which region?', options: ['North', 'South'], multiSelect: true },
    });
    const free = await run('ask_user', { prompt: 'Anything else?' });
    expect(free).toMatchObject({ interrupt: { options: [], multiSelect: false } });
    const tool = tools.byName('ask_user')!;
    expect(tool.resume!(input, ['North', 'South'])).toEqual({ answer: ['North', 'South'] });
    expect(tool.resume!(input, 'North')).toEqual({ answer: 'North' });
    expect(tool.resume!(input, null)).toMatchObject({ declined: true });
  });
});

describe('search_project_files', () => {
  it("says so when the thread has no project, and searches the thread's project otherwise", async () => {
    const none = await run('search_project_files', { query: 'anything' });
    expect(none).toMatchObject({ kind: 'result', output: { results: [] } });
    expect((none as any).output.note).toMatch(/does not belong to a project/);

    const owner = org.admin.http;
    const projectId = (await owner.post('/v1/projects', { name: unique('Search') })).body.id as string;
    const data = Buffer.from('The zeppelin hangar budget is approved.\n');
    const upload = await owner.post(`/v1/projects/${projectId}/files/upload-url`, {
      filename: 'hangar.txt',
      mimeType: 'text/plain',
      sizeBytes: data.length,
    });
    await fetch(upload.body.upload_url, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'text/plain' },
      body: new Uint8Array(data),
    });
    expect((await owner.post(`/v1/project-files/${upload.body.file_id}/commit`)).status).toBe(200);
    const deadline = Date.now() + 30_000;
    while ((await owner.get(`/v1/project-files/${upload.body.file_id}`)).body.index_status !== 'ready') {
      if (Date.now() > deadline) throw new Error('not indexed');
      await new Promise((r) => setTimeout(r, 100));
    }
    const inProject = context({ projectId, threadId: await insertThread(projectId) });
    const found = (await run('search_project_files', { query: 'zeppelin' }, inProject)) as any;
    expect(found.output.results).toHaveLength(1);
    expect(found.output.results[0]).toMatchObject({ file_id: upload.body.file_id, filename: 'hangar.txt' });
    expect(found.output.results[0].snippet).toContain('<<zeppelin>>');
    const missing = (await run('search_project_files', { query: 'submarine' }, inProject)) as any;
    expect(missing.output).toMatchObject({ results: [], note: expect.stringMatching(/No project file matched/) });
    // The project is read within the organization of the run only.
    const foreign = (await run(
      'search_project_files',
      { query: 'zeppelin' },
      { ...inProject, organizationId: newId() },
    )) as any;
    expect(foreign.output.results).toEqual([]);
  });
});

describe('retries', () => {
  it('stores one artifact per act: a retried call after a crash or a repeat returns the same row', async () => {
    const ctx = context();
    const input = { filename: 'retry.txt', content: 'first attempt' };
    // First attempt: the blob is written, then the engine's transaction dies before commit.
    await expect(
      db.transaction(async (tx) => {
        await tools.byName('create_file')!.execute(input, { ...ctx, tx });
        throw new Error('worker crashed');
      }),
    ).rejects.toThrow('worker crashed');
    const key = `organizations/${org.org.id}/threads/${threadId}/artifacts/${ctx.actId}`;
    expect(await storage.exists(key)).toBe(true);
    const rowsOf = () =>
      db
        .select()
        .from(artifacts)
        .where(and(eq(artifacts.organizationId, org.org.id), eq(artifacts.id, ctx.actId)));
    expect(await rowsOf()).toHaveLength(0);

    const retried = await run('create_file', { ...input, content: 'second attempt' }, ctx);
    const again = await run('create_file', { ...input, content: 'third attempt' }, ctx);
    expect(retried.kind === 'result' && retried.artifact?.id).toBe(ctx.actId);
    expect(again.kind === 'result' && again.artifact?.id).toBe(ctx.actId);
    const rows = await rowsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ storageKey: key, content: 'second attempt', sizeBytes: 14 });
    expect((await storage.read(key)).toString()).toBe('second attempt');
  });

  it('keeps one row when two deliveries of the same act race past the lookup (ON CONFLICT DO NOTHING)', async () => {
    const input = {
      organizationId: org.org.id,
      threadId,
      runId: newId(),
      actId: newId(),
      createdByTool: 'create_file',
      filename: 'race.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from('same bytes'),
      title: 'Race',
      generator: 'atrium',
      generatorVersion: '1',
    };
    const rows = await Promise.all([0, 1, 2].map(() => artifactsService.createArtifact(db, input)));
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set([input.actId]));
    const stored = await db.select({ n: count() }).from(artifacts).where(eq(artifacts.id, input.actId));
    expect(stored[0]!.n).toBe(1);
  });
});
