import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { aiPlatformOutsiders } from './helpers/console-roles.ts';
import { MODEL_VERSION_FIELDS } from './helpers/fields.ts';
import { createOrgWithAdmin, unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let consoleKey: Client;

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
});
afterAll(() => app?.close());

const BASE = '/v1/admin/ai-model-versions';
const FAMILIES = '/v1/admin/ai-model-families';
const slug = (label = 'f') => unique(label).toLowerCase();

async function provider(): Promise<{ id: string }> {
  const res = await consoleKey.post('/v1/admin/ai-providers', {
    name: unique('Prov'),
    slug: slug('prov'),
    base_url: 'http://127.0.0.1:11434/v1',
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function family(providerId: string) {
  const res = await consoleKey.post(FAMILIES, { providerId, name: unique('Fam'), slug: slug() });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function version(familyId: string, extra: Record<string, unknown> = {}) {
  const res = await consoleKey.post(BASE, { familyId, modelId: unique('model'), version: unique('v'), ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const FULL = {
  displayName: '  GPT-4o (2024-08)  ',
  inputModalities: ['text', 'image', 'documents'],
  outputModalities: ['text'],
  supportsToolUse: true,
  supportsStreaming: true,
  supportsStructuredOutput: true,
  supportsThinking: false,
  capabilities: { vision: true, note: 'x' },
  contextWindow: 128000,
  maxOutputTokens: 16384,
  inputCostPer1m: 250,
  outputCostPer1m: 1000,
  cachedInputCostPer1m: 125,
  cacheCreationCostPer1m: 0,
  audioCostPer1kMinutes: 600,
  isActive: false,
  releasedAt: '2024-08-06T00:00:00.000Z',
};

describe('AI model versions', () => {
  it('creates a version with every field, camelCase in and out', async () => {
    const f = await family((await provider()).id);
    const modelId = unique('gpt-4o');
    const res = await consoleKey.post(BASE, { familyId: f.id, modelId, version: '2024-08-06', ...FULL });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(MODEL_VERSION_FIELDS);
    expect(res.body).toMatchObject({
      ...FULL,
      familyId: f.id,
      modelId,
      version: '2024-08-06',
      displayName: 'GPT-4o (2024-08)',
      last_listed_at: null,
      upstream_deprecated: false,
    });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.createdAt).toMatch(ISO_MS);
    const got = await consoleKey.get(`${BASE}/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('documents the stamped fields snake_case beside the camelCase ones in the OpenAPI schema', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    expect(Object.keys(doc.components.schemas.AiModelVersion.properties).sort()).toEqual(MODEL_VERSION_FIELDS);
  });

  it('defaults: active, displayName from the version, empty modalities, null numbers; snake_case cost names', async () => {
    const f = await family((await provider()).id);
    const res = await consoleKey.post(BASE, {
      familyId: f.id,
      modelId: 'm-default',
      version: ' v1 ',
      displayName: '  ',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      version: 'v1',
      displayName: 'v1',
      isActive: true,
      inputModalities: [],
      outputModalities: [],
      supportsToolUse: false,
      supportsStreaming: false,
      supportsStructuredOutput: false,
      supportsThinking: false,
      capabilities: {},
      contextWindow: null,
      maxOutputTokens: null,
      inputCostPer1m: null,
      outputCostPer1m: null,
      cachedInputCostPer1m: null,
      cacheCreationCostPer1m: null,
      audioCostPer1kMinutes: null,
      releasedAt: null,
    });
    const snake = await consoleKey.post(BASE, {
      family_id: f.id,
      model_id: 'm-snake',
      version: 'v2',
      input_cost_per_1m: 10,
      audio_cost_per_1k_minutes: 20,
    });
    expect(snake.status, snake.text).toBe(201);
    expect(snake.body).toMatchObject({ inputCostPer1m: 10, audioCostPer1kMinutes: 20, displayName: 'v2' });
  });

  it('lists versions, optionally of one family', async () => {
    const p = await provider();
    const f = await family(p.id);
    const g = await family(p.id);
    const b = await version(f.id, { version: 'b' });
    const a = await version(f.id, { version: 'a' });
    const c = await version(g.id);
    const res = await consoleKey.get(`${BASE}?familyId=${f.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toEqual([a, b]);
    const all = await consoleKey.get(BASE);
    expect(all.status).toBe(200);
    const ids = all.body.data.map((v: any) => v.id);
    for (const v of [a, b, c]) expect(ids).toContain(v.id);
    for (const v of all.body.data) expect(Object.keys(v).sort()).toEqual(MODEL_VERSION_FIELDS);
    expectError(await consoleKey.get(`${BASE}?familyId=nope`), 400, 'invalid_request');
  });

  it('refuses invalid bodies with 400', async () => {
    const f = await family((await provider()).id);
    const ok = { familyId: f.id, modelId: 'm', version: unique('v') };
    for (const body of [
      { modelId: 'm', version: 'v' },
      { ...ok, familyId: randomId() },
      { ...ok, familyId: 'nope' },
      { familyId: f.id, version: 'v' },
      { ...ok, modelId: '  ' },
      { familyId: f.id, modelId: 'm' },
      { ...ok, version: '' },
      { ...ok, version: 'v'.repeat(101) },
      { ...ok, displayName: 'd'.repeat(201) },
      { ...ok, inputModalities: ['smell'] },
      { ...ok, outputModalities: 'text' },
      { ...ok, inputCostPer1m: -1 },
      { ...ok, outputCostPer1m: 1.5 },
      { ...ok, audioCostPer1kMinutes: '5' },
      { ...ok, contextWindow: -1 },
      { ...ok, supportsThinking: 'yes' },
      { ...ok, releasedAt: 'yesterday' },
      { ...ok, capabilities: [] },
      { ...ok, input_cost_per_1m: 1, inputCostPer1m: 2 },
      { ...ok, extra: 1 },
    ]) {
      expectError(await consoleKey.post(BASE, body), 400, 'invalid_request');
    }
    const v = await version(f.id);
    for (const body of [
      { displayName: '   ' },
      { displayName: '' },
      { version: '' },
      { modelId: '' },
      { inputCostPer1m: -5 },
      { familyId: randomId() },
      { isActive: null },
      { unknown: 1 },
    ]) {
      expectError(await consoleKey.patch(`${BASE}/${v.id}`, body), 400, 'invalid_request');
    }
  });

  it('409s a duplicate version in the family and a model id tracked by another active family', async () => {
    const p = await provider();
    const f = await family(p.id);
    const v = await version(f.id, { modelId: 'shared-model', version: '1' });
    expectError(
      await consoleKey.post(BASE, { familyId: f.id, modelId: 'other', version: '1' }),
      409,
      'duplicate_version',
    );
    // The same model id under another version of the same family is fine.
    await version(f.id, { modelId: 'shared-model', version: '2' });
    const g = await family(p.id);
    expectError(
      await consoleKey.post(BASE, { familyId: g.id, modelId: 'shared-model', version: '1' }),
      409,
      'model_already_tracked',
    );
    // A family of another provider may track it.
    const other = await family((await provider()).id);
    await version(other.id, { modelId: 'shared-model', version: '1' });
    // An inactive family no longer tracks it.
    await consoleKey.patch(`${FAMILIES}/${f.id}`, { isActive: false });
    const now = await version(g.id, { modelId: 'shared-model', version: '1' });
    expect(now.modelId).toBe('shared-model');
    // PATCH conflicts too.
    const w = await version(f.id, { version: '3' });
    expectError(await consoleKey.patch(`${BASE}/${w.id}`, { version: '1' }), 409, 'duplicate_version');
    // f cannot come back while g tracks its model.
    expectError(await consoleKey.patch(`${FAMILIES}/${f.id}`, { isActive: true }), 409, 'model_already_tracked');
    const x = await version(f.id);
    expectError(await consoleKey.patch(`${BASE}/${x.id}`, { modelId: 'shared-model' }), 409, 'model_already_tracked');
    expect(v.id).toMatch(UUID);
  });

  it('updates fields, accepts null numbers and moves within the provider only', async () => {
    const p = await provider();
    const f = await family(p.id);
    const g = await family(p.id);
    const v = await version(f.id, FULL);
    const res = await consoleKey.patch(`${BASE}/${v.id}`, {
      familyId: g.id,
      displayName: ' Renamed ',
      version: 'v9',
      outputModalities: ['audio', 'embeddings', 'video'],
      supportsThinking: true,
      capabilities: {},
      contextWindow: null,
      inputCostPer1m: null,
      audioCostPer1kMinutes: 7,
      isActive: true,
      releasedAt: null,
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(MODEL_VERSION_FIELDS);
    expect(res.body).toMatchObject({
      id: v.id,
      familyId: g.id,
      modelId: v.modelId,
      displayName: 'Renamed',
      version: 'v9',
      inputModalities: FULL.inputModalities,
      outputModalities: ['audio', 'embeddings', 'video'],
      supportsThinking: true,
      supportsToolUse: true,
      capabilities: {},
      contextWindow: null,
      maxOutputTokens: FULL.maxOutputTokens,
      inputCostPer1m: null,
      outputCostPer1m: FULL.outputCostPer1m,
      audioCostPer1kMinutes: 7,
      isActive: true,
      releasedAt: null,
      createdAt: v.createdAt,
    });
    const foreign = await family((await provider()).id);
    expectError(await consoleKey.patch(`${BASE}/${v.id}`, { familyId: foreign.id }), 400, 'invalid_request');
    expect((await consoleKey.get(`${BASE}/${v.id}`)).body.familyId).toBe(g.id);
  });

  it('deletes with 204 unless a family uses it as latest', async () => {
    const f = await family((await provider()).id);
    const v = await version(f.id);
    await consoleKey.patch(`${FAMILIES}/${f.id}`, { latestVersionId: v.id });
    expectError(await consoleKey.delete(`${BASE}/${v.id}`), 409, 'version_in_use');
    await consoleKey.patch(`${FAMILIES}/${f.id}`, { latestVersionId: null });
    const del = await consoleKey.delete(`${BASE}/${v.id}`);
    expect(del.status, del.text).toBe(204);
    expect(del.text).toBe('');
    expectError(await consoleKey.get(`${BASE}/${v.id}`), 404, 'not_found');
    expect((await consoleKey.get(`${BASE}?familyId=${f.id}`)).body.data).toEqual([]);
  });

  it('refuses deletion with 409 while usage events reference the version', async () => {
    const f = await family((await provider()).id);
    const used = await version(f.id);
    const unused = await version(f.id);
    const org = await createOrgWithAdmin(app);
    // No HTTP route records usage yet: insert the row as the gateway would.
    await app.server.database.db.execute(
      sql`insert into usage_events (id, organization_id, model_version_id, cost_micro_cents)
          values (${randomId()}, ${org.org.id}, ${used.id}, 0)`,
    );
    const res = await consoleKey.delete(`${BASE}/${used.id}`);
    expectError(res, 409, 'version_in_use');
    expect(res.body.error).toMatch(/usage/i);
    expect((await consoleKey.get(`${BASE}/${used.id}`)).body).toEqual(used);
    expect((await consoleKey.delete(`${BASE}/${unused.id}`)).status).toBe(204);
  });

  it('404s unknown and malformed ids', async () => {
    for (const path of [`${BASE}/${randomId()}`, `${BASE}/not-a-uuid`]) {
      expectError(await consoleKey.get(path), 404, 'not_found');
      expectError(await consoleKey.patch(path, { version: 'x' }), 404, 'not_found');
      expectError(await consoleKey.delete(path), 404, 'not_found');
    }
  });

  it('needs the ai-platform console section', async () => {
    const outsiders = await aiPlatformOutsiders(app);
    const f = await family((await provider()).id);
    const v = await version(f.id);
    for (const c of [
      { route: 'GET /v1/admin/ai-model-versions', path: BASE, body: undefined },
      {
        route: 'POST /v1/admin/ai-model-versions',
        path: BASE,
        body: { familyId: f.id, modelId: 'm-sec', version: 'sec' },
      },
      { route: 'GET /v1/admin/ai-model-versions/:id', path: `${BASE}/${v.id}`, body: undefined },
      { route: 'PATCH /v1/admin/ai-model-versions/:id', path: `${BASE}/${v.id}`, body: { displayName: 'R' } },
      { route: 'DELETE /v1/admin/ai-model-versions/:id', path: `${BASE}/${v.id}`, body: undefined },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: c.path,
        body: c.body,
        forbidden: outsiders,
      });
    }
    expect((await consoleKey.get(`${BASE}/${v.id}`)).body).toEqual(v);
  });
});

describe('one active family per model id, under racing writes', () => {
  it('lets exactly one of two families of a provider take a model id when both ask at once', async () => {
    const p = await provider();
    const [a, b] = [await family(p.id), await family(p.id)];
    const modelId = unique('raced');
    for (let round = 0; round < 3; round++) {
      const id = `${modelId}-${round}`;
      const raced = await Promise.all(
        [a, b].map((f) => consoleKey.post(BASE, { familyId: f.id, modelId: id, version: unique('v') })),
      );
      expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
      expectError(raced.find((r) => r.status === 409)!, 409, 'model_already_tracked');
    }
  });
});
