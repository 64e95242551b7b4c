import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_IMAGE_MODEL } from '../src/modules/runs/tools/create-image.ts';
import { usageEvents } from '../src/platform/db/schema/index.ts';
import { imageMimeType } from '../src/platform/models/generate-image.ts';
import { OFFLINE_MODEL } from '../src/platform/models/index.ts';
import { type ScriptedAnswer, type ScriptedServer, startScriptedServer } from './fixtures/scripted-server.ts';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';
import { type CatalogModel, catalogModel, testGateway } from './model-gateway.fixtures.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const KEY = 'sk-image-secret-0123456789abcdef';

let app: TestApp;
let vendor: ScriptedServer;
/** What the fake vendor answers next (every request while set). */
let answer: () => ScriptedAnswer;
let org: TestOrg;
let compat: CatalogModel;

/** The OpenAI images API's answer: `{ created, data: [{ b64_json }] }`, and `usage` as GPT Image models send it. */
const imagesAnswer = (bytes: Buffer, usage?: object): ScriptedAnswer => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ created: 1_700_000_000, data: [{ b64_json: bytes.toString('base64') }], usage }),
});

beforeAll(async () => {
  app = await startTestApp();
  vendor = await startScriptedServer(() => answer());
  org = await createOrgWithAdmin(app);
  compat = await catalogModel(app, {
    baseUrl: `${vendor.url}/v1`,
    apiKey: KEY,
    version: { outputModalities: ['image'], supportsToolUse: false, supportsStructuredOutput: false },
  });
  await selectImageModel(org.admin.http, compat.version.id);
});
beforeEach(() => {
  answer = () => imagesAnswer(PNG);
});
afterAll(async () => {
  await vendor?.close();
  await app?.close();
});

async function selectImageModel(http: Client, versionId: string) {
  const res = await http.put('/v1/organization/model-selections', {
    selections: [{ key: 'image', model_version_id: versionId }],
  });
  expect(res.status, res.text).toBe(200);
}

/** Runs `/tool create_image <input>` through the offline text model in a new thread of the organization. */
async function createImage(who: TestOrg, input: unknown) {
  const thread = (await who.admin.http.post('/v1/threads', {})).body;
  const { run } = await postAndRun(who.admin.http, thread.id, `/tool create_image ${JSON.stringify(input)}`);
  const snapshot = await waitForRun(who.admin.http, thread.id, run.id);
  expect(snapshot.run.status).toBe('completed');
  expect(snapshot.acts).toHaveLength(1);
  return snapshot;
}

const imageEvents = (runId: string, versionId: string) =>
  app.server.database.db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.runId, runId), eq(usageEvents.modelVersionId, versionId)));

describe('create_image', () => {
  it('draws through the selected model’s images endpoint and stores the picture as an image artifact', async () => {
    const before = vendor.requests.length;
    const input = { prompt: 'An otter holding a stone', size: '256x256', filename: 'otter' };
    const snapshot = await createImage(org, input);
    expect(snapshot.acts[0]).toMatchObject({ status: 'completed', error: null });

    const sent = vendor.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/images/generations' });
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      model: compat.version.modelId,
      prompt: 'An otter holding a stone',
      n: 1,
      size: '256x256',
      response_format: 'b64_json',
    });

    expect(snapshot.artifacts).toHaveLength(1);
    const artifact = await org.admin.http.get(`/v1/artifacts/${snapshot.artifacts[0].id}`);
    expect(artifact.status, artifact.text).toBe(200);
    expect(artifact.body).toMatchObject({
      id: snapshot.acts[0].id,
      run_id: snapshot.run.id,
      created_by_tool: 'create_image',
      type: 'image',
      title: 'An otter holding a stone',
      filename: 'otter.png',
      mime_type: 'image/png',
      size_bytes: PNG.length,
      content: null,
      generator: compat.provider.slug,
      generator_version: compat.version.modelId,
      model: compat.version.id,
    });
    expect(JSON.parse(artifact.body.prompt)).toEqual(input);
    const download = await org.admin.http.get(`/v1/artifacts/${artifact.body.id}/download`);
    expect(download.status, download.text).toBe(200);
    expect(Buffer.from(await (await fetch(download.body.download_url)).arrayBuffer()).equals(PNG)).toBe(true);

    // The model is told what it made.
    expect(snapshot.outputMessage.content).toContain('- create_image: {');
    expect(snapshot.outputMessage.content).toContain('"filename":"otter.png"');

    const events = await imageEvents(snapshot.run.id, compat.version.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      organizationId: org.org.id,
      userId: org.admin.user.id,
      inputTokens: 0,
      outputTokens: 0,
      costMicroCents: 0n,
    });
  });

  it('charges the tokens an OpenAI GPT Image model reports at the version’s prices', async () => {
    const other = await createOrgWithAdmin(app);
    const openai = await catalogModel(app, {
      slug: 'openai',
      baseUrl: `${vendor.url}/v1`,
      apiKey: KEY,
      modelId: 'gpt-image-1',
      version: { outputModalities: ['image'], inputCostPer1m: 500, outputCostPer1m: 4000 },
    });
    await selectImageModel(other.admin.http, openai.version.id);
    answer = () => imagesAnswer(PNG, { input_tokens: 12, output_tokens: 272, total_tokens: 284 });
    const before = vendor.requests.length;
    const snapshot = await createImage(other, { prompt: 'A lighthouse at dusk' });
    expect(snapshot.acts[0]).toMatchObject({ status: 'completed', error: null });
    // GPT Image models always answer base64: the SDK sends no response_format, and no size unless asked.
    expect(JSON.parse(vendor.requests[before]!.body)).toEqual({
      model: 'gpt-image-1',
      prompt: 'A lighthouse at dusk',
      n: 1,
    });
    const [event] = await imageEvents(snapshot.run.id, openai.version.id);
    expect(event).toMatchObject({ inputTokens: 12, outputTokens: 272, costMicroCents: 12n * 500n + 272n * 4000n });
    const artifact = (await other.admin.http.get(`/v1/artifacts/${snapshot.artifacts[0].id}`)).body;
    expect(artifact).toMatchObject({ filename: 'image.png', title: 'A lighthouse at dusk', generator: 'openai' });
  });

  it('is refused to the model, with no call and no artifact, when the organization has no image model', async () => {
    const bare = await createOrgWithAdmin(app);
    const before = vendor.requests.length;
    const snapshot = await createImage(bare, { prompt: 'A cat' });
    expect(snapshot.acts[0]).toMatchObject({ status: 'failed', error: NO_IMAGE_MODEL });
    // The offline model read the refusal as the tool's result.
    expect(snapshot.outputMessage.content).toContain('- create_image: {"error":"No image model is selected');
    expect(snapshot.artifacts).toEqual([]);
    expect(vendor.requests.length).toBe(before);
    expect(await imageEvents(snapshot.run.id, compat.version.id)).toEqual([]);
  });

  it('is refused when the selected version no longer makes images', async () => {
    const other = await createOrgWithAdmin(app);
    const model = await catalogModel(app, {
      providerId: compat.provider.id,
      version: { outputModalities: ['image'] },
    });
    await selectImageModel(other.admin.http, model.version.id);
    const patched = await app.http
      .as(app.consoleKey)
      .patch(`/v1/admin/ai-model-versions/${model.version.id}`, { outputModalities: ['text'] });
    expect(patched.status, patched.text).toBe(200);
    const before = vendor.requests.length;
    const snapshot = await createImage(other, { prompt: 'A cat' });
    expect(snapshot.acts[0]).toMatchObject({ status: 'failed', error: NO_IMAGE_MODEL });
    expect(vendor.requests.length).toBe(before);
  });

  it('turns a failing vendor into a tool error naming the failure, never the key, after retries', async () => {
    answer = () => ({
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: { message: `upstream failed for key ${KEY}`, type: 'server_error' } }),
    });
    const before = vendor.requests.length;
    const snapshot = await createImage(org, { prompt: 'A storm' });
    const who = `AI provider "${compat.provider.name}" (${compat.provider.slug}), model "${compat.version.modelId}"`;
    expect(snapshot.acts[0]).toMatchObject({
      status: 'failed',
      error: `The image could not be made: ${who}: HTTP 500 Internal Server Error (server_error)`,
    });
    expect(vendor.requests.length - before).toBe(3);
    expect(JSON.stringify(snapshot)).not.toContain(KEY);
    expect(JSON.stringify(snapshot)).not.toContain('upstream failed');
    expect(snapshot.artifacts).toEqual([]);
    expect(await imageEvents(snapshot.run.id, compat.version.id)).toEqual([]);
  });

  it('refuses an answer that is not a PNG, JPEG or WebP image', async () => {
    answer = () => imagesAnswer(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const snapshot = await createImage(org, { prompt: 'A logo' });
    expect(snapshot.acts[0].status).toBe('failed');
    expect(snapshot.acts[0].error).toMatch(/sent an invalid response \(the image is not a PNG, JPEG or WebP file\)$/);
    expect(snapshot.artifacts).toEqual([]);
  });

  it('answers invalid arguments with an error the model can correct', async () => {
    const before = vendor.requests.length;
    const snapshot = await createImage(org, { prompt: 'A cat', size: '100x100', filename: '../etc/passwd' });
    expect(snapshot.acts[0].status).toBe('failed');
    expect(snapshot.acts[0].error).toMatch(/^Invalid arguments for create_image: size: .*; filename: use letters/);
    expect(vendor.requests.length).toBe(before);
  });

  it('may be left out of an agent’s tools, and the agent then cannot call it', async () => {
    const painter = await createAgent(org.admin, { config: { tools: ['create_image'] } });
    expect(painter.config.tools).toEqual(['create_image']);
    const writer = await createAgent(org.admin, { config: { tools: ['create_file'] } });
    const thread = (await org.admin.http.post('/v1/threads', { createdByType: 'agent', createdById: writer.id })).body;
    const { run } = await postAndRun(org.admin.http, thread.id, '/tool create_image {"prompt":"A cat"}');
    const snapshot = await waitForRun(org.admin.http, thread.id, run.id);
    expect(snapshot.acts).toEqual([]);
    expect(snapshot.outputMessage.content).toContain('The tool "create_image" is not available here.');
  });
});

describe('the gateway’s generateImage', () => {
  it('refuses the offline model and a vendor without an images API as configuration errors', async () => {
    const { gateway } = testGateway(app);
    await expect(gateway.generateImage({ model: OFFLINE_MODEL, prompt: 'x' })).rejects.toMatchObject({
      status: 502,
      code: 'model_error',
      message: expect.stringMatching(/the offline model makes no images$/),
    });
    const anthropic = await catalogModel(app, { slug: 'anthropic', baseUrl: `${vendor.url}/v1`, apiKey: KEY });
    const model = await gateway.resolve({ organizationId: org.org.id }, { agentModel: anthropic.version.id });
    const before = vendor.requests.length;
    await expect(gateway.generateImage({ model, prompt: 'x' })).rejects.toThrow(/has no images API$/);
    expect(vendor.requests.length).toBe(before);
  });

  it('tells PNG, JPEG and WebP apart by their first bytes', () => {
    expect(imageMimeType(PNG)).toBe('image/png');
    expect(imageMimeType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageMimeType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(imageMimeType(Buffer.from('GIF89a'))).toBeNull();
    expect(imageMimeType(new Uint8Array())).toBeNull();
  });
});
