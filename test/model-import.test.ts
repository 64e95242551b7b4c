import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, startFakeVendor } from './fixtures/fake-vendors.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { aiPlatformOutsiders } from './helpers/console-roles.ts';
import { MODEL_VERSION_FIELDS } from './helpers/fields.ts';
import { unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const API_KEY = 'sk-test-import-0123456789';
const FAMILIES = '/v1/admin/ai-model-families';
/** OpenAI-shaped listing: `created` is seconds since the epoch. */
const MODELS = [
  { id: 'gpt-4o-2024-05-13', object: 'model', created: 1715558400, owned_by: 'system' },
  { id: 'gpt-4o-2024-08-06', object: 'model', created: 1722902400, owned_by: 'system' },
  { id: 'gpt-4o-2024-11-20', object: 'model', created: 1732060800, owned_by: 'system', display_name: 'GPT-4o Nov' },
  { id: 'gpt-4o-mini-2024-07-18', object: 'model', created: 1721260800, owned_by: 'system' },
  { id: 'gpt-4o-mini-search-2024-07-18', object: 'model', created: 1721260800, owned_by: 'system' },
  { id: 'text-embedding-3-small', object: 'model', created: 1705948997, owned_by: 'system' },
  { id: 'gpt-3.5-turbo-0301', object: 'model', created: 1677649963, owned_by: 'openai', deprecated: true },
  { id: 'no-date-model', object: 'model', owned_by: 'library' },
];

let app: TestApp;
let consoleKey: Client;
let vendor: FakeVendor;

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
  vendor = await startFakeVendor('openai', { apiKey: API_KEY, models: MODELS });
});
afterAll(async () => {
  await vendor?.close();
  await app?.close();
});

const slug = (label: string) => unique(label).toLowerCase();

async function provider(body: Record<string, unknown> = {}): Promise<{ id: string }> {
  const res = await consoleKey.post('/v1/admin/ai-providers', {
    name: unique('Prov'),
    slug: slug('prov'),
    base_url: vendor.baseUrl,
    api_key: API_KEY,
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function family(providerId: string) {
  const res = await consoleKey.post(FAMILIES, { providerId, name: unique('Fam'), slug: slug('fam') });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const importPath = (familyId: string) => `${FAMILIES}/${familyId}/import-versions`;
const versionsOf = async (familyId: string) =>
  (await consoleKey.get(`/v1/admin/ai-model-versions?familyId=${familyId}`)).body.data as any[];

describe('POST /v1/admin/ai-model-families/:id/import-versions', () => {
  it('imports listed models as inactive versions, newest release first, and sets the latest version', async () => {
    const f = await family((await provider()).id);
    const res = await consoleKey.post(importPath(f.id), {
      modelIds: ['gpt-4o-2024-05-13', 'gpt-4o-2024-11-20', 'gpt-4o-2024-08-06'],
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data.map((v: any) => v.modelId)).toEqual([
      'gpt-4o-2024-11-20',
      'gpt-4o-2024-08-06',
      'gpt-4o-2024-05-13',
    ]);
    for (const v of res.body.data) expect(Object.keys(v).sort()).toEqual(MODEL_VERSION_FIELDS);
    const [nov, aug] = res.body.data;
    expect(aug).toEqual({
      id: expect.stringMatching(UUID),
      familyId: f.id,
      modelId: 'gpt-4o-2024-08-06',
      version: '2024-08-06',
      displayName: 'gpt-4o-2024-08-06',
      inputModalities: ['text'],
      outputModalities: ['text'],
      supportsToolUse: false,
      supportsStreaming: true,
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
      isActive: false,
      releasedAt: '2024-08-06T00:00:00.000Z',
      last_listed_at: expect.stringMatching(ISO_MS),
      upstream_deprecated: false,
      createdAt: expect.stringMatching(ISO_MS),
      updatedAt: expect.stringMatching(ISO_MS),
    });
    expect(nov.displayName).toBe('GPT-4o Nov');
    // The versions routes answer the same view.
    expect((await consoleKey.get(`/v1/admin/ai-model-versions/${aug.id}`)).body).toEqual(aug);
    expect((await versionsOf(f.id)).length).toBe(3);
    expect((await consoleKey.get(`${FAMILIES}/${f.id}`)).body.latestVersionId).toBe(nov.id);

    // A later import keeps the latest version already set.
    const more = await consoleKey.post(importPath(f.id), { modelIds: ['gpt-4o-mini-2024-07-18'] });
    expect(more.status, more.text).toBe(201);
    expect((await consoleKey.get(`${FAMILIES}/${f.id}`)).body.latestVersionId).toBe(nov.id);
  });

  it('isActive true (or is_active) imports active versions; deprecation and embeddings come from the listing', async () => {
    const f = await family((await provider()).id);
    const res = await consoleKey.post(importPath(f.id), {
      model_ids: ['text-embedding-3-small', 'gpt-3.5-turbo-0301', 'no-date-model'],
      is_active: true,
    });
    expect(res.status, res.text).toBe(201);
    const byId = Object.fromEntries(res.body.data.map((v: any) => [v.modelId, v]));
    for (const v of res.body.data) expect(v.isActive).toBe(true);
    expect(byId['text-embedding-3-small']).toMatchObject({
      inputModalities: ['text'],
      outputModalities: ['embeddings'],
      supportsStreaming: false,
    });
    expect(byId['gpt-3.5-turbo-0301']).toMatchObject({ upstream_deprecated: true, version: 'gpt-3.5-turbo-0301' });
    expect(byId['no-date-model']).toMatchObject({ releasedAt: null, version: 'no-date-model' });
    // Without a release date it comes last, and the newest dated one becomes the latest.
    expect(res.body.data.map((v: any) => v.modelId)).toEqual([
      'text-embedding-3-small',
      'gpt-3.5-turbo-0301',
      'no-date-model',
    ]);
    expect((await consoleKey.get(`${FAMILIES}/${f.id}`)).body.latestVersionId).toBe(byId['text-embedding-3-small'].id);
    // isActive false is explicit inactive.
    const g = await family((await provider()).id);
    const off = await consoleKey.post(importPath(g.id), { modelIds: ['gpt-4o-2024-05-13'], isActive: false });
    expect(off.body.data[0].isActive).toBe(false);
  });

  it('400s ids not in the listing, naming them, and imports nothing', async () => {
    const f = await family((await provider()).id);
    const res = await consoleKey.post(importPath(f.id), {
      modelIds: ['gpt-4o-2024-08-06', 'gpt-9-imaginary', 'dall-e-99'],
    });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error).toContain('"gpt-9-imaginary"');
    expect(res.body.error).toContain('"dall-e-99"');
    expect(res.body.error).not.toContain('"gpt-4o-2024-08-06"');
    expect(await versionsOf(f.id)).toEqual([]);
    expect((await consoleKey.get(`${FAMILIES}/${f.id}`)).body.latestVersionId).toBeNull();
  });

  it('409s an id already tracked by this family or another active family of the provider, all or nothing', async () => {
    const p = await provider();
    const f = await family(p.id);
    const g = await family(p.id);
    expect((await consoleKey.post(importPath(f.id), { modelIds: ['gpt-4o-2024-08-06'] })).status).toBe(201);

    // This family again.
    const again = await consoleKey.post(importPath(f.id), { modelIds: ['gpt-4o-2024-05-13', 'gpt-4o-2024-08-06'] });
    expectError(again, 409, 'model_already_tracked');
    expect(again.body.error).toContain('"gpt-4o-2024-08-06"');
    expect((await versionsOf(f.id)).map((v) => v.modelId)).toEqual(['gpt-4o-2024-08-06']);

    // Another active family of the provider.
    const other = await consoleKey.post(importPath(g.id), { modelIds: ['gpt-4o-2024-11-20', 'gpt-4o-2024-08-06'] });
    expectError(other, 409, 'model_already_tracked');
    expect(await versionsOf(g.id)).toEqual([]);

    // A model tracked only by an inactive family, or by another provider's family, may be imported.
    const off = await consoleKey.patch(`${FAMILIES}/${f.id}`, { isActive: false });
    expect(off.status).toBe(200);
    const ok = await consoleKey.post(importPath(g.id), { modelIds: ['gpt-4o-2024-08-06'] });
    expect(ok.status, ok.text).toBe(201);
    const elsewhere = await family((await provider()).id);
    expect((await consoleKey.post(importPath(elsewhere.id), { modelIds: ['gpt-4o-2024-08-06'] })).status).toBe(201);
    // A version created by hand counts as tracking too.
    const h = await family(p.id);
    const manual = await consoleKey.post('/v1/admin/ai-model-versions', {
      familyId: h.id,
      modelId: 'gpt-4o-2024-05-13',
      version: 'hand-made',
    });
    expect(manual.status, manual.text).toBe(201);
    expectError(
      await consoleKey.post(importPath(g.id), { modelIds: ['gpt-4o-2024-05-13'] }),
      409,
      'model_already_tracked',
    );
  });

  it('409s a version the family already has, or one the batch would hold twice', async () => {
    const f = await family((await provider()).id);
    const manual = await consoleKey.post('/v1/admin/ai-model-versions', {
      familyId: f.id,
      modelId: 'my-own-model',
      version: '2024-08-06',
    });
    expect(manual.status, manual.text).toBe(201);
    const taken = await consoleKey.post(importPath(f.id), { modelIds: ['gpt-4o-2024-05-13', 'gpt-4o-2024-08-06'] });
    expectError(taken, 409, 'duplicate_version');
    expect(taken.body.error).toContain('"2024-08-06"');
    // Both ids end in the same date, so both would be version 2024-07-18.
    const twice = await consoleKey.post(importPath(f.id), {
      modelIds: ['gpt-4o-mini-2024-07-18', 'gpt-4o-mini-search-2024-07-18'],
    });
    expectError(twice, 409, 'duplicate_version');
    expect((await versionsOf(f.id)).map((v) => v.modelId)).toEqual(['my-own-model']);
  });

  it('refuses invalid bodies with 400', async () => {
    const f = await family((await provider()).id);
    for (const body of [
      {},
      { modelIds: [] },
      { modelIds: 'gpt-4o-2024-08-06' },
      { modelIds: [''] },
      { modelIds: ['x'.repeat(201)] },
      { modelIds: Array.from({ length: 101 }, (_, i) => `m-${i}`) },
      { modelIds: ['gpt-4o-2024-08-06', 'gpt-4o-2024-08-06'] },
      { modelIds: [42] },
      { modelIds: ['gpt-4o-2024-08-06'], isActive: 'yes' },
      { modelIds: ['gpt-4o-2024-08-06'], extra: 1 },
      { modelIds: ['gpt-4o-2024-08-06'], model_ids: ['gpt-4o-2024-08-06'] },
    ]) {
      expectError(await consoleKey.post(importPath(f.id), body), 400, 'invalid_request');
    }
    expectError(await consoleKey.post(importPath(f.id)), 400, 'invalid_request');
    expect(await versionsOf(f.id)).toEqual([]);
    // 100 ids and 200 characters pass validation (then fail as unknown ids, still 400).
    const long = await consoleKey.post(importPath(f.id), {
      modelIds: [...Array.from({ length: 99 }, (_, i) => `m-${i}`), 'y'.repeat(200)],
    });
    expectError(long, 400, 'invalid_request');
    expect(long.body.error).toContain('"m-0"');
  });

  it('404s an unknown, malformed or deleted family', async () => {
    const f = await family((await provider()).id);
    expect((await consoleKey.delete(`${FAMILIES}/${f.id}`)).status).toBe(204);
    for (const id of [randomId(), 'not-a-uuid', f.id]) {
      expectError(await consoleKey.post(importPath(id), { modelIds: ['gpt-4o-2024-08-06'] }), 404, 'not_found');
    }
  });

  it("answers the listing's errors: no key 409, vendor failure 502, no address 400", async () => {
    const keyless = await family((await provider({ api_key: undefined })).id);
    expectError(await consoleKey.post(importPath(keyless.id), { modelIds: ['gpt-4o-2024-08-06'] }), 409, 'no_api_key');
    const p = await provider();
    const f = await family(p.id);
    vendor.setMode('fail');
    try {
      const res = await consoleKey.post(importPath(f.id), { modelIds: ['gpt-4o-2024-08-06'] });
      expectError(res, 502, 'vendor_error');
      expect(res.text).not.toContain(API_KEY);
    } finally {
      vendor.setMode('ok');
    }
    expect(await versionsOf(f.id)).toEqual([]);
    // A provider row without any address (as a seeded built-in one may be) has no listing.
    await app.server.database.db.execute(sql`update ai_providers set base_url = null where id = ${p.id}`);
    expectError(
      await consoleKey.post(importPath(f.id), { modelIds: ['gpt-4o-2024-08-06'] }),
      400,
      'no_listing_integration',
    );
  });

  it('uses the cached listing: a model the vendor added is unknown until the listing is refreshed', async () => {
    const p = await provider();
    const f = await family(p.id);
    expect((await consoleKey.get(`/v1/admin/ai-providers/${p.id}/available-models`)).status).toBe(200);
    const calls = vendor.requests.length;
    vendor.setModels([...MODELS, { id: 'gpt-5-2025-08-07', object: 'model', created: 1754524800, owned_by: 'x' }]);
    try {
      expect((await consoleKey.post(importPath(f.id), { modelIds: ['gpt-4o-2024-08-06'] })).status).toBe(201);
      expect(vendor.requests.length).toBe(calls);
      expectError(await consoleKey.post(importPath(f.id), { modelIds: ['gpt-5-2025-08-07'] }), 400, 'invalid_request');
      expect((await consoleKey.get(`/v1/admin/ai-providers/${p.id}/available-models?refresh=1`)).status).toBe(200);
      const res = await consoleKey.post(importPath(f.id), { modelIds: ['gpt-5-2025-08-07'] });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data[0].releasedAt).toBe('2025-08-07T00:00:00.000Z');
    } finally {
      vendor.setModels(MODELS);
    }
  });

  it('needs the ai-platform console section', async () => {
    const outsiders = await aiPlatformOutsiders(app);
    const f = await family((await provider()).id);
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/admin/ai-model-families/:id/import-versions',
      path: importPath(f.id),
      body: { modelIds: ['gpt-4o-2024-08-06'] },
      forbidden: outsiders,
    });
    expect(await versionsOf(f.id)).toEqual([]);
  });
});

describe('OpenAPI document', () => {
  it('documents the catalog maintenance routes with their error responses', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    const cases: [string, string, string[], Record<string, string[]>][] = [
      [
        '/v1/admin/ai-model-families/{id}/import-versions',
        'post',
        ['201', '400', '401', '403', '404', '409', '502'],
        {
          '400': ['invalid_request', 'no_listing_integration'],
          '409': ['model_already_tracked', 'duplicate_version', 'no_api_key'],
          '502': ['vendor_error'],
        },
      ],
      [
        '/v1/admin/ai-providers/{id}/sync-models',
        'post',
        ['200', '400', '401', '403', '404', '409', '502'],
        { '409': ['no_api_key'], '502': ['vendor_error'] },
      ],
      [
        '/v1/admin/ai-model-families',
        'post',
        ['201', '400', '401', '403', '409'],
        { '409': ['duplicate_slug', 'model_already_tracked'] },
      ],
      [
        '/v1/admin/ai-model-families/{id}',
        'patch',
        ['200', '400', '401', '403', '404', '409'],
        { '409': ['duplicate_slug', 'model_already_tracked'] },
      ],
      ['/v1/admin/ai-model-families/{id}/usage', 'get', ['200', '400', '401', '403', '404'], {}],
      [
        '/v1/admin/ai-model-families/{id}',
        'delete',
        ['200', '204', '400', '401', '403', '404', '409'],
        { '409': ['family_in_use'] },
      ],
      ['/v1/admin/ai-model-versions/{id}', 'delete', ['204', '400', '401', '403', '404', '409'], {}],
    ];
    for (const [path, method, statuses, codes] of cases) {
      const operation = op(path, method);
      expect(operation, `${method} ${path}`).toBeDefined();
      // Every route also documents 429 rate_limited (the per-credential request limit).
      expect(Object.keys(operation.responses).sort(), `${method} ${path}`).toEqual([...statuses, '429'].sort());
      expect(operation.responses['403'].description).toContain('admin_required');
      for (const [status, list] of Object.entries(codes))
        for (const code of list) expect(operation.responses[status].description).toContain(code);
    }
  });
});
