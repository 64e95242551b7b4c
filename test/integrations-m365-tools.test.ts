import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGeneratorsService } from '../src/modules/generators/service.ts';
import {
  createMicrosoftTools,
  MAX_READ_CHARS,
  NO_REGION,
  NOT_CONNECTED,
} from '../src/modules/integrations/m365-tools.ts';
import type { MicrosoftConnection } from '../src/modules/integrations/service.ts';
import { createMicrosoftClient } from '../src/modules/integrations/vendors/microsoft.ts';
import { RUN_TOOL_NAMES } from '../src/modules/runs/tools/names.ts';
import { createRunTools, type RunTool, type ToolContext } from '../src/modules/runs/tools/registry.ts';
import { createSkillsService } from '../src/modules/skills/service.ts';
import type { Executor } from '../src/platform/db/client.ts';
import { DEFAULT_EXTRACT_LIMITS } from '../src/platform/extract/index.ts';
import { newId } from '../src/platform/ids.ts';
import { type FakeChatVendor, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import { type FakeMicrosoft, startFakeMicrosoft } from './fixtures/fake-microsoft.ts';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { createOrgWithAdmin, type TestOrg, unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';
import { sampleFiles } from './helpers/sample-files.ts';
import { catalogModel, testGateway } from './model-gateway.fixtures.ts';

const BASE = '/v1/organization/integrations';
const PHRASE = 'kelp forest survey';
const NOT_OFFERED = (name: string) => `The tool "${name}" is not available here.`;

let app: TestApp;
let microsoft: FakeMicrosoft;
let db: Executor;
/** Connected with a region (EUR). */
let orgA: TestOrg;
/** No integration until it connects an app of its own tenant. */
let orgB: TestOrg;
/** Connected without a region. */
let orgC: TestOrg;
let appA: ReturnType<typeof newApp>;
/** Every client secret handed to the server: none may come back in a response. */
const secrets: string[] = [];
/** Every response body this file received, checked at the end for secrets and access tokens. */
const responses: string[] = [];

function newApp() {
  const a = {
    tenantId: randomUUID(),
    clientId: randomUUID(),
    clientSecret: `Qx8~${randomBytes(18).toString('base64url')}`,
  };
  microsoft.addApp(a);
  secrets.push(a.clientSecret);
  return a;
}

async function connect(org: TestOrg, a: ReturnType<typeof newApp>, region?: string) {
  const res = await org.admin.http.post(BASE, {
    type: 'microsoft_365',
    display_name: 'Contoso files',
    config: { tenant_id: a.tenantId, client_id: a.clientId, ...(region ? { region } : {}) },
    secrets: { clientSecret: a.clientSecret },
  });
  responses.push(res.text);
  expect(res.status, res.text).toBe(201);
  return res.body.integration;
}

/** A message with `/tool` lines in a new thread of the organization, run to its end: the run's snapshot. */
async function runTools(http: Client, content: string) {
  const thread = (await http.post('/v1/threads', {})).body;
  const { run } = await postAndRun(http, thread.id, content);
  const snapshot = await waitForRun(http, thread.id, run.id);
  responses.push(JSON.stringify(snapshot));
  const messages = await http.get(`/v1/threads/${thread.id}/messages`);
  responses.push(messages.text);
  expect(snapshot.run.status).toBe('completed');
  return snapshot;
}

const tool = (name: string, args: unknown) => `/tool ${name} ${JSON.stringify(args)}`;
const searchRequests = () => microsoft.requests.filter((r) => r.path.endsWith('/search/query'));

beforeAll(async () => {
  microsoft = await startFakeMicrosoft();
  app = await startTestApp({ ATRIUM_MS_LOGIN_URL: microsoft.loginUrl, ATRIUM_MS_GRAPH_URL: microsoft.graphUrl });
  db = app.server.database.db;
  [orgA, orgB, orgC] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app), createOrgWithAdmin(app)]);
  appA = newApp();
  for (const f of await sampleFiles(PHRASE)) {
    microsoft.addFile({
      driveId: 'b!driveA',
      itemId: `01${f.filename.replace('.', '').toUpperCase()}`,
      name: f.filename,
      mimeType: f.mimeType,
      bytes: f.data,
      tenantId: appA.tenantId,
    });
  }
  microsoft.addFile({
    driveId: 'b!driveA',
    itemId: '01PHOTO',
    name: 'photo.png',
    mimeType: 'image/png',
    bytes: Buffer.from('89504e470d0a1a0a', 'hex'),
    tenantId: appA.tenantId,
  });
  microsoft.addFile({
    driveId: 'b!driveA',
    itemId: '01BROKEN',
    name: 'broken.pdf',
    mimeType: 'application/pdf',
    bytes: Buffer.from('%PDF-1.7 this is not a PDF body'),
    tenantId: appA.tenantId,
  });
  await connect(orgA, appA, 'EUR');
});
afterAll(async () => {
  await app?.close();
  await microsoft?.close();
});

describe('Microsoft 365 tools in runs', () => {
  it('searches the drive items of the organization’s tenant with its region, and the result reaches the run', async () => {
    const before = searchRequests().length;
    const snapshot = await runTools(orgA.admin.http, tool('m365_search_files', { query: 'kelp', limit: 2 }));
    expect(snapshot.acts).toHaveLength(1);
    expect(snapshot.acts[0]).toMatchObject({ status: 'completed', error: null });
    const content = snapshot.outputMessage.content;
    // The act keeps the output as jsonb, which orders keys its own way: look for the pairs, not their order.
    expect(content).toContain('- m365_search_files: {"query":"kelp","results":[{');
    expect(content).toContain('"name":"notes.txt"');
    expect(content).toContain('"item_id":"01NOTESTXT"');
    const sent = searchRequests().slice(before);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body).requests[0]).toMatchObject({
      entityTypes: ['driveItem'],
      query: { queryString: 'kelp' },
      size: 2,
      region: 'EUR',
    });
  });

  it('holds no database connection while Graph is slow: other requests are answered meanwhile', async () => {
    const held = microsoft.holdSearches();
    const thread = (await orgA.admin.http.post('/v1/threads', {})).body;
    const { run } = await postAndRun(orgA.admin.http, thread.id, tool('m365_search_files', { query: 'kelp' }));
    await held.arrived;
    try {
      // On the embedded database (one connection) these would wait for Graph if the tool held a transaction.
      expect((await orgA.admin.http.get('/v1/threads')).status).toBe(200);
      expect((await orgA.admin.http.get(`/v1/threads/${thread.id}/runs/${run.id}`)).body.run.status).toBe('running');
    } finally {
      held.release();
    }
    const snapshot = await waitForRun(orgA.admin.http, thread.id, run.id);
    expect(snapshot.run.status).toBe('completed');
    expect(snapshot.acts[0]).toMatchObject({ status: 'completed', error: null });
  });

  it('reads a .docx and a .pdf through the text extractors', async () => {
    const snapshot = await runTools(
      orgA.admin.http,
      [
        tool('m365_read_file', { drive_id: 'b!driveA', item_id: '01MEMODOCX' }),
        tool('m365_read_file', { drive_id: 'b!driveA', item_id: '01REPORTPDF' }),
      ].join('\n'),
    );
    expect(snapshot.acts.map((a: any) => a.status)).toEqual(['completed', 'completed']);
    const lines = snapshot.outputMessage.content.split('\n').filter((l: string) => l.startsWith('- m365_read_file'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"name":"memo.docx"');
    expect(lines[0]).toContain(PHRASE);
    expect(lines[1]).toContain('"name":"report.pdf"');
    expect(lines[1]).toContain('"mime_type":"application/pdf"');
    expect(lines[1]).toContain(PHRASE);
  });

  it('turns a vendor refusal and an unreadable file into tool errors, and the run goes on', async () => {
    const snapshot = await runTools(
      orgA.admin.http,
      [
        tool('m365_read_file', { drive_id: 'b!driveA', item_id: '01MISSING' }),
        tool('m365_read_file', { drive_id: 'b!driveA', item_id: '01PHOTO' }),
        tool('m365_read_file', { drive_id: 'b!driveA', item_id: '01BROKEN' }),
        tool('m365_search_files', { query: '' }),
      ].join('\n'),
    );
    expect(snapshot.acts.map((a: any) => a.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    const [missing, photo, broken, empty] = snapshot.acts.map((a: any) => a.error);
    expect(missing).toMatch(/^Microsoft Graph refused the request: 404 .*itemNotFound/);
    expect(photo).toMatch(/^Unsupported file type: photo\.png/);
    expect(broken).toMatch(/^Could not read broken\.pdf: /);
    expect(empty).toMatch(/^Invalid arguments for m365_search_files: query/);
    expect(snapshot.outputMessage.content).toContain('- m365_read_file: {"error":"Microsoft Graph refused');
  });

  it('takes a new token once when Graph refuses the cached one', async () => {
    microsoft.expireTokens();
    const snapshot = await runTools(orgA.admin.http, tool('m365_search_files', { query: 'kelp' }));
    expect(snapshot.acts[0]).toMatchObject({ status: 'completed', error: null });
  });

  it('is not offered to an organization without a connected integration (B), which cannot reach A’s files', async () => {
    const before = microsoft.requests.length;
    const snapshot = await runTools(
      orgB.admin.http,
      [
        tool('m365_search_files', { query: 'kelp' }),
        tool('m365_read_file', { drive_id: 'b!driveA', item_id: '01NOTESTXT' }),
      ].join('\n'),
    );
    expect(snapshot.acts).toEqual([]);
    expect(snapshot.outputMessage.content).toContain(NOT_OFFERED('m365_search_files'));
    expect(snapshot.outputMessage.content).toContain(NOT_OFFERED('m365_read_file'));
    expect(microsoft.requests.length).toBe(before);

    // B connects an app of its own tenant: it searches and reads there, never A's.
    const appB = newApp();
    microsoft.addFile({
      driveId: 'b!driveB',
      itemId: '01BONLY',
      name: 'b-only.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from(`B's own ${PHRASE}`),
      tenantId: appB.tenantId,
    });
    await connect(orgB, appB, 'NAM');
    const own = await runTools(
      orgB.admin.http,
      [
        tool('m365_search_files', { query: 'kelp' }),
        tool('m365_read_file', { drive_id: 'b!driveA', item_id: '01NOTESTXT' }),
      ].join('\n'),
    );
    expect(own.acts.map((a: any) => a.status)).toEqual(['completed', 'failed']);
    expect(own.outputMessage.content).toContain('"name":"b-only.txt"');
    expect(own.outputMessage.content).toContain('"item_id":"01BONLY"');
    expect(own.outputMessage.content).not.toContain('notes.txt');
    expect(own.acts[1].error).toMatch(/itemNotFound/);
  });

  it('answers a clear error without a region, reads files all the same, and searches once an admin sets it', async () => {
    const appC = newApp();
    microsoft.addFile({
      driveId: 'b!driveC',
      itemId: '01CNOTES',
      name: 'c-notes.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from(`C's ${PHRASE}`),
      tenantId: appC.tenantId,
    });
    const integration = await connect(orgC, appC);
    const before = searchRequests().length;
    const snapshot = await runTools(
      orgC.admin.http,
      [
        tool('m365_search_files', { query: 'kelp' }),
        tool('m365_read_file', { drive_id: 'b!driveC', item_id: '01CNOTES' }),
      ].join('\n'),
    );
    expect(snapshot.acts.map((a: any) => a.status)).toEqual(['failed', 'completed']);
    expect(snapshot.acts[0].error).toBe(NO_REGION);
    expect(NO_REGION).toContain('config.region');
    expect(snapshot.outputMessage.content).toContain(`"text":"C's ${PHRASE}`);
    expect(searchRequests().length).toBe(before);

    const patched = await orgC.admin.http.patch(`${BASE}/${integration.id}`, { config: { region: 'GBR' } });
    responses.push(patched.text);
    expect(patched.status, patched.text).toBe(200);
    const searched = await runTools(orgC.admin.http, tool('m365_search_files', { query: 'kelp' }));
    expect(searched.acts[0]).toMatchObject({ status: 'completed', error: null });
    expect(JSON.parse(searchRequests().at(-1)!.body).requests[0].region).toBe('GBR');

    // null clears the region again (a merge could otherwise never remove it).
    const cleared = await orgC.admin.http.patch(`${BASE}/${integration.id}`, { config: { region: null } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.integration.config).toEqual({ tenant_id: expect.any(String), client_id: expect.any(String) });
    const unsearched = await runTools(orgC.admin.http, tool('m365_search_files', { query: 'kelp' }));
    expect(unsearched.acts[0]).toMatchObject({ status: 'failed', error: NO_REGION });
    const restored = await orgC.admin.http.patch(`${BASE}/${integration.id}`, { config: { region: 'GBR' } });
    expect(restored.status, restored.text).toBe(200);

    // Removed: no longer offered.
    const removed = await orgC.admin.http.delete(`${BASE}/${integration.id}`);
    expect(removed.status, removed.text).toBe(204);
    const after = await runTools(orgC.admin.http, tool('m365_search_files', { query: 'kelp' }));
    expect(after.acts).toEqual([]);
    expect(after.outputMessage.content).toContain(NOT_OFFERED('m365_search_files'));
  });

  it('are names an agent allowlist may hold, and an agent gets only those it allows', async () => {
    expectError(
      await orgA.admin.http.post('/v1/agents', {
        name: 'Nope',
        system_prompt: 'x',
        config: { tools: ['m365_delete_files'] },
      }),
      422,
      'validation_error',
    );
    const agent = await createAgent(orgA.admin, { config: { tools: ['m365_read_file'] } });
    const thread = (await orgA.admin.http.post('/v1/threads', { createdByType: 'agent', createdById: agent.id })).body;
    const { run } = await postAndRun(
      orgA.admin.http,
      thread.id,
      [
        tool('m365_search_files', { query: 'kelp' }),
        tool('m365_read_file', { drive_id: 'b!driveA', item_id: '01NOTESTXT' }),
      ].join('\n'),
    );
    const snapshot = await waitForRun(orgA.admin.http, thread.id, run.id);
    responses.push(JSON.stringify(snapshot));
    expect(snapshot.acts.map((a: any) => a.status)).toEqual(['completed']);
    expect(snapshot.outputMessage.content).toContain('- m365_read_file: {"name":"notes.txt"');
    expect(snapshot.outputMessage.content).toContain(PHRASE);
    expect(snapshot.outputMessage.content).not.toContain('m365_search_files:');
  });

  describe('with a model that sees the definitions', () => {
    let vendor: FakeChatVendor;
    let vendorModel: string;
    beforeAll(async () => {
      vendor = await startFakeOpenAIChat();
      // A model no organization selects: only an agent's config.model reaches it.
      vendorModel = unique('vendor-model');
      await catalogModel(app, { baseUrl: vendor.baseUrl, modelId: vendorModel });
    });
    afterAll(() => vendor?.close());

    const offeredTo = async (org: TestOrg, tools?: string[]) => {
      const agent = await createAgent(org.admin, { config: { model: vendorModel, ...(tools ? { tools } : {}) } });
      const thread = (await org.admin.http.post('/v1/threads', { createdByType: 'agent', createdById: agent.id })).body;
      const { run } = await postAndRun(org.admin.http, thread.id, 'Which files?');
      const snapshot = await waitForRun(org.admin.http, thread.id, run.id);
      responses.push(JSON.stringify(snapshot));
      return { snapshot, requests: vendor.requests.splice(0) };
    };
    const names = (body: any) => (body.tools ?? []).map((t: any) => t.function.name);

    it('offers the definitions only to an organization with the integration connected', async () => {
      const connected = await offeredTo(orgA);
      expect(names(connected.requests[0]!.body)).toEqual([...RUN_TOOL_NAMES]);
      const search = connected.requests[0]!.body.tools.find((t: any) => t.function.name === 'm365_search_files');
      expect(search.function.parameters).toMatchObject({ type: 'object', required: ['query'] });
      const none = await createOrgWithAdmin(app);
      const notConnected = await offeredTo(none);
      expect(names(notConnected.requests[0]!.body)).toEqual(RUN_TOOL_NAMES.filter((n) => !n.startsWith('m365_')));
    });

    it('answers the tool’s own error when the model calls one it was not offered', async () => {
      const none = await createOrgWithAdmin(app);
      vendor.script({ toolCalls: [{ name: 'm365_search_files', arguments: { query: 'kelp' } }] });
      const { snapshot, requests } = await offeredTo(none, ['m365_search_files', 'ask_user']);
      expect(names(requests[0]!.body)).toEqual(['ask_user']);
      expect(snapshot.acts).toHaveLength(1);
      expect(snapshot.acts[0]).toMatchObject({ status: 'failed', error: NOT_CONNECTED });
      const result = requests[1]!.body.messages.find((m: any) => m.role === 'tool');
      expect(result.content).toContain(NOT_CONNECTED);
    });
  });

  it('never shows a client secret or an access token in a response', () => {
    const tokens = new Set(
      microsoft.requests
        .map((r) => /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1])
        .filter((t): t is string => Boolean(t)),
    );
    expect(tokens.size).toBeGreaterThan(1);
    expect(responses.length).toBeGreaterThan(10);
    for (const text of responses) {
      for (const secret of [...secrets, ...tokens]) expect(text).not.toContain(secret);
    }
  });
});

describe('the Microsoft 365 tools themselves', () => {
  let tools: Map<string, RunTool>;
  let connection: MicrosoftConnection | null;

  beforeAll(() => {
    const client = createMicrosoftClient({ loginUrl: microsoft.loginUrl, graphUrl: microsoft.graphUrl });
    tools = new Map(
      createMicrosoftTools({
        connection: async () => connection,
        microsoft: client,
        extract: DEFAULT_EXTRACT_LIMITS,
      }).map((t) => [t.name, t]),
    );
  });

  const call = async (name: string, input: unknown): Promise<any> => {
    const outcome = await tools.get(name)!.execute(input, {
      organizationId: orgA.org.id,
      threadId: newId(),
      runId: newId(),
      actId: newId(),
      projectId: null,
      principalId: orgA.admin.user.id,
      usageContext: { organizationId: orgA.org.id },
      model: null,
      prompt: null,
      tx: db,
    } satisfies ToolContext);
    expect(outcome.kind).toBe('result');
    return (outcome as { output: unknown }).output;
  };
  const connectA = (region: string | null = 'EUR') => {
    connection = { integrationId: newId(), app: { ...appA }, region };
  };

  it('answers the not-connected error for either tool without a connection', async () => {
    connection = null;
    expect(await call('m365_search_files', { query: 'kelp' })).toEqual({ error: NOT_CONNECTED });
    expect(await call('m365_read_file', { drive_id: 'b!driveA', item_id: '01NOTESTXT' })).toEqual({
      error: NOT_CONNECTED,
    });
  });

  it('gives every field of a hit, the summary as plain text, and a note when nothing matched', async () => {
    connectA();
    const found = await call('m365_search_files', { query: 'kelp forest' });
    const notes = found.results.find((r: any) => r.name === 'notes.txt');
    expect(notes).toEqual({
      drive_id: 'b!driveA',
      item_id: '01NOTESTXT',
      name: 'notes.txt',
      web_url: expect.stringMatching(/^https:\/\/contoso\.sharepoint\.com\//),
      size: expect.any(Number),
      last_modified: '2026-02-01T10:30:00Z',
      summary: expect.stringContaining(PHRASE),
    });
    expect(notes.summary).not.toMatch(/<c0>|<ddd\/>/);
    // The text files of tenant A (the fake matches the contents of text/* files only).
    expect(found.results.map((r: any) => r.name)).toEqual(['notes.txt', 'readme.md', 'table.csv', 'page.html']);
    expect(found.note).toBeUndefined();
    expect(await call('m365_search_files', { query: 'narwhal' })).toEqual({
      query: 'narwhal',
      results: [],
      note: expect.stringMatching(/No Microsoft 365 file matched/),
    });
  });

  it('refuses bad arguments as errors the model can correct', async () => {
    connectA();
    for (const [name, input] of [
      ['m365_search_files', { query: 'x'.repeat(501) }],
      ['m365_search_files', { query: 'kelp', limit: 26 }],
      ['m365_search_files', { query: 'kelp', limit: 0 }],
      ['m365_read_file', { drive_id: 'b!driveA' }],
      ['m365_read_file', { drive_id: '', item_id: '01NOTESTXT' }],
    ] as const) {
      expect((await call(name, input)).error).toMatch(new RegExp(`^Invalid arguments for ${name}: `));
    }
    // Ids go into Graph's paths: anything but an id is refused before a request.
    const before = microsoft.requests.length;
    expect(await call('m365_read_file', { drive_id: '../../me', item_id: '01NOTESTXT' })).toEqual({
      error: 'The drive or item id is not a Microsoft Graph id',
    });
    expect(microsoft.requests.length).toBe(before);
  });

  it('cuts long text for the model with a note, drops NUL characters, and refuses folders and large files', async () => {
    connectA();
    const long = `${'otter '.repeat(10_000)}\u0000end`;
    microsoft.addFile({
      driveId: 'b!driveA',
      itemId: '01LONG',
      name: 'long.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from(long),
      tenantId: appA.tenantId,
    });
    const read = await call('m365_read_file', { drive_id: 'b!driveA', item_id: '01LONG' });
    expect(read).toMatchObject({ name: 'long.txt', mime_type: 'text/plain', truncated: true });
    expect(read.text).toHaveLength(MAX_READ_CHARS);
    expect(read.note).toMatch(/Only the first 50,000 characters/);

    microsoft.addFile({
      driveId: 'b!driveA',
      itemId: '01NUL',
      name: 'nul.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from('a\u0000b'),
      tenantId: appA.tenantId,
    });
    expect(await call('m365_read_file', { drive_id: 'b!driveA', item_id: '01NUL' })).toEqual({
      name: 'nul.txt',
      mime_type: 'text/plain',
      text: 'ab',
      truncated: false,
    });

    microsoft.addFile({
      driveId: 'b!driveA',
      itemId: '01FOLDER',
      name: 'Team',
      mimeType: null,
      bytes: Buffer.alloc(0),
      folder: true,
      tenantId: appA.tenantId,
    });
    expect(await call('m365_read_file', { drive_id: 'b!driveA', item_id: '01FOLDER' })).toEqual({
      error: '"Team" is not a file',
    });
    microsoft.addFile({
      driveId: 'b!driveA',
      itemId: '01HUGE',
      name: 'huge.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from('small now'),
      reportedSize: 11 * 1024 * 1024,
      tenantId: appA.tenantId,
    });
    expect((await call('m365_read_file', { drive_id: 'b!driveA', item_id: '01HUGE' })).error).toMatch(
      /larger than the 10485760-byte limit/,
    );
  });

  it('answers an unreachable Graph and a refused app as errors, naming no secret', async () => {
    const closed = createMicrosoftClient({
      loginUrl: microsoft.loginUrl,
      graphUrl: 'http://127.0.0.1:9/v1.0',
      timeoutMs: 2000,
    });
    const offline = createMicrosoftTools({
      connection: async () => ({ integrationId: newId(), app: { ...appA }, region: 'EUR' }),
      microsoft: closed,
      extract: DEFAULT_EXTRACT_LIMITS,
    })[0]!;
    const ctx = {
      organizationId: orgA.org.id,
      threadId: newId(),
      runId: newId(),
      actId: newId(),
      projectId: null,
      principalId: orgA.admin.user.id,
      usageContext: { organizationId: orgA.org.id },
      model: null,
      prompt: null,
      tx: db,
    };
    const unreachable = (await offline.execute({ query: 'kelp' }, ctx)) as any;
    expect(unreachable.output.error).toMatch(/^Microsoft Graph could not be reached/);

    connection = { integrationId: newId(), app: { ...appA, clientSecret: 'revoked-secret-value' }, region: 'EUR' };
    const refused = await call('m365_search_files', { query: 'kelp' });
    expect(refused.error).toMatch(/^Microsoft identity refused the app: AADSTS7000215/);
    expect(JSON.stringify(refused)).not.toContain('revoked-secret-value');
    expect(JSON.stringify(unreachable)).not.toContain(appA.clientSecret);
  });
});

describe('the run tool registry with connectors', () => {
  const names = (defs: { name: string }[]) => defs.map((d) => d.name);
  const unusedArtifacts = { createArtifact: () => Promise.reject(new Error('unused')) };

  function registry(connected: (organizationId: string) => boolean, asked: string[]) {
    const client = createMicrosoftClient({ loginUrl: microsoft.loginUrl, graphUrl: microsoft.graphUrl });
    return createRunTools({
      generators: createGeneratorsService({ artifacts: { createArtifact: () => Promise.reject(new Error('unused')) } })
        .tools,
      connectors: [
        {
          tools: createMicrosoftTools({
            connection: async () => null,
            microsoft: client,
            extract: DEFAULT_EXTRACT_LIMITS,
          }),
          connected: async (organizationId) => {
            asked.push(organizationId);
            return connected(organizationId);
          },
        },
      ],
      images: { gateway: testGateway(app).gateway, artifacts: unusedArtifacts },
      projects: { searchProject: () => Promise.reject(new Error('unused')) },
      skills: createSkillsService({ db }),
    });
  }

  it('lists every tool, offers a connector’s only to organizations that connected it, asking only when wanted', async () => {
    const asked: string[] = [];
    const tools = registry((org) => org === 'connected-org', asked);
    expect(names(tools.definitions())).toEqual([...RUN_TOOL_NAMES]);
    expect(names(tools.definitions()).slice(6, 9)).toEqual([
      'search_project_files',
      'm365_search_files',
      'm365_read_file',
    ]);
    for (const d of tools.definitions(['m365_search_files', 'm365_read_file'])) {
      expect(d.inputSchema.type).toBe('object');
      expect(d.description.length).toBeGreaterThan(20);
    }
    expect(tools.definitions(['m365_read_file'])[0]!.inputSchema).toMatchObject({
      required: ['drive_id', 'item_id'],
    });
    expect(names(await tools.offered('connected-org', undefined, db))).toEqual([...RUN_TOOL_NAMES]);
    expect(names(await tools.offered('other-org', undefined, db))).toEqual(
      RUN_TOOL_NAMES.filter((n) => !n.startsWith('m365_')),
    );
    expect(names(await tools.offered('other-org', ['m365_read_file', 'ask_user'], db))).toEqual(['ask_user']);
    expect(asked).toEqual(['connected-org', 'other-org', 'other-org']);
    // An allowlist without a connector's tools asks nothing.
    expect(names(await tools.offered('other-org', ['ask_user'], db))).toEqual(['ask_user']);
    expect(asked).toHaveLength(3);
  });

  it('refuses to compose connectors whose tools are not the listed names (here one is missing)', () => {
    const fake = {
      name: 'm365_search_files',
      description: 'x',
      inputSchema: z.object({}),
      execute: () => Promise.reject(new Error('unused')),
    } as RunTool;
    expect(() =>
      createRunTools({
        generators: createGeneratorsService({
          artifacts: { createArtifact: () => Promise.reject(new Error('unused')) },
        }).tools,
        connectors: [{ tools: [fake], connected: async () => true }],
        images: { gateway: testGateway(app).gateway, artifacts: unusedArtifacts },
        projects: { searchProject: () => Promise.reject(new Error('unused')) },
        skills: createSkillsService({ db }),
      }),
    ).toThrow(/The run tools must be exactly/);
  });
});
