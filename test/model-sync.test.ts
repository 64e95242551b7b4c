import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, startFakeVendor } from './fixtures/fake-vendors.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS } from './helpers/assertions.ts';
import { aiPlatformOutsiders } from './helpers/console-roles.ts';
import { unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const API_KEY = 'sk-test-sync-0123456789';
const FAMILIES = '/v1/admin/ai-model-families';
const VERSIONS = '/v1/admin/ai-model-versions';

/** OpenAI-compatible listing; `display_name` is how such servers name a model. */
const MODELS = [
  { id: 'gpt-alpha-2024-01-01', object: 'model', created: 1704067200, owned_by: 'lab', display_name: 'Alpha' },
  { id: 'gpt-beta-2024-02-01', object: 'model', created: 1706745600, owned_by: 'lab', display_name: 'Beta' },
  { id: 'gpt-gamma-2024-03-01', object: 'model', created: 1709251200, owned_by: 'lab' },
  { id: 'gpt-delta-2024-04-01', object: 'model', created: 1711929600, owned_by: 'lab', display_name: 'Delta' },
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
const syncPath = (providerId: string) => `/v1/admin/ai-providers/${providerId}/sync-models`;

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
async function imported(familyId: string, modelIds: string[]) {
  const res = await consoleKey.post(`${FAMILIES}/${familyId}/import-versions`, { modelIds, isActive: true });
  expect(res.status, res.text).toBe(201);
  return Object.fromEntries(res.body.data.map((v: any) => [v.modelId, v])) as Record<string, any>;
}
const getVersion = async (id: string) => (await consoleKey.get(`${VERSIONS}/${id}`)).body;
const ref = (v: any) => ({ id: v.id, family_id: v.familyId, model_id: v.modelId, version: v.version });
const byModelId = (list: any[]) => [...list].sort((a, b) => a.model_id.localeCompare(b.model_id));

/** Runs `body` with the vendor listing `models`, restoring the default listing afterwards. */
async function withListing<T>(models: Record<string, unknown>[], body: () => Promise<T>): Promise<T> {
  vendor.setModels(models);
  try {
    return await body();
  } finally {
    vendor.setModels(MODELS);
  }
}

describe('POST /v1/admin/ai-providers/:id/sync-models', () => {
  it('right after an import everything is unchanged; the vendor is asked afresh every time', async () => {
    const p = await provider();
    const f = await family(p.id);
    await imported(f.id, ['gpt-alpha-2024-01-01', 'gpt-beta-2024-02-01', 'gpt-gamma-2024-03-01']);
    const calls = vendor.requests.length;
    for (const body of [undefined, {}]) {
      const res = await consoleKey.post(syncPath(p.id), body);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ updated: 0, unchanged: 3, unlisted: [], deprecated: [], errors: [] });
    }
    expect(vendor.requests.length).toBe(calls + 2);
  });

  it('updates what the vendor states, stamps every listed version, reports unlisted and deprecated ones', async () => {
    const p = await provider();
    const f = await family(p.id);
    const v = await imported(f.id, ['gpt-alpha-2024-01-01', 'gpt-beta-2024-02-01', 'gpt-gamma-2024-03-01']);
    // An operator's curation: none of it may be undone by a sync.
    const curated = {
      version: 'alpha-custom',
      isActive: false,
      supportsStreaming: false,
      inputModalities: ['text', 'image'],
      supportsToolUse: true,
      inputCostPer1m: 250,
    };
    expect((await consoleKey.patch(`${VERSIONS}/${v['gpt-alpha-2024-01-01'].id}`, curated)).status).toBe(200);
    // gamma has no vendor name: the operator's display name stays.
    const gammaBefore = await consoleKey.patch(`${VERSIONS}/${v['gpt-gamma-2024-03-01'].id}`, {
      displayName: 'Gamma!',
    });
    expect(gammaBefore.status).toBe(200);
    // A version created by hand for a listed model, without release date or name.
    const manual = await consoleKey.post(VERSIONS, { familyId: f.id, modelId: 'gpt-delta-2024-04-01', version: 'd' });
    expect(manual.status, manual.text).toBe(201);
    // Another family of the provider tracks a model the vendor does not list.
    const g = await family(p.id);
    const gone = await consoleKey.post(VERSIONS, { familyId: g.id, modelId: 'retired-model', version: 'r' });
    expect(gone.status, gone.text).toBe(201);
    const before = await getVersion(v['gpt-beta-2024-02-01'].id);

    const listing = [
      { ...MODELS[0], display_name: 'Alpha Renamed', deprecated: true },
      { ...MODELS[2] },
      { ...MODELS[3] },
    ];
    const res = await withListing(listing, () => consoleKey.post(syncPath(p.id)));
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['deprecated', 'errors', 'unchanged', 'unlisted', 'updated']);
    expect(res.body.updated).toBe(2);
    expect(res.body.unchanged).toBe(1);
    expect(res.body.errors).toEqual([]);
    expect(byModelId(res.body.unlisted)).toEqual([ref(v['gpt-beta-2024-02-01']), ref(gone.body)]);
    const alpha = await getVersion(v['gpt-alpha-2024-01-01'].id);
    expect(res.body.deprecated).toEqual([ref(alpha)]);

    expect(alpha).toMatchObject({ ...curated, displayName: 'Alpha Renamed', upstream_deprecated: true });
    expect(alpha.last_listed_at).toMatch(ISO_MS);
    expect(alpha.last_listed_at > v['gpt-alpha-2024-01-01'].last_listed_at).toBe(true);
    expect(alpha.updatedAt > v['gpt-alpha-2024-01-01'].updatedAt).toBe(true);
    const delta = await getVersion(manual.body.id);
    expect(delta).toMatchObject({
      displayName: 'Delta',
      releasedAt: '2024-04-01T00:00:00.000Z',
      version: 'd',
      isActive: true,
      upstream_deprecated: false,
    });
    expect(delta.last_listed_at).toMatch(ISO_MS);
    const gamma = await getVersion(v['gpt-gamma-2024-03-01'].id);
    expect(gamma).toMatchObject({ displayName: 'Gamma!', updatedAt: gammaBefore.body.updatedAt });
    expect(gamma.last_listed_at > v['gpt-gamma-2024-03-01'].last_listed_at).toBe(true);
    // Unlisted versions are reported, never deactivated or stamped.
    expect(await getVersion(v['gpt-beta-2024-02-01'].id)).toEqual(before);
    expect((await getVersion(gone.body.id)).last_listed_at).toBeNull();
    // Never creates: the provider's families hold exactly what they held.
    const listed = await consoleKey.get(`${VERSIONS}?familyId=${f.id}`);
    expect(listed.body.data).toHaveLength(4);

    // The same listing again: alpha is already marked deprecated, so nothing changes.
    const again = await withListing(listing, () => consoleKey.post(syncPath(p.id)));
    expect(again.body).toMatchObject({ updated: 0, unchanged: 3, deprecated: [ref(alpha)] });
    // The vendor lifting the deprecation alone is a change.
    const lifted = await withListing([{ ...MODELS[0], display_name: 'Alpha Renamed' }, MODELS[2]!, MODELS[3]!], () =>
      consoleKey.post(syncPath(p.id)),
    );
    expect(lifted.body).toMatchObject({ updated: 1, unchanged: 2, deprecated: [] });
    expect((await getVersion(alpha.id)).upstream_deprecated).toBe(false);
  });

  it('an empty vendor listing is reported in errors and nothing is compared or stamped', async () => {
    const p = await provider();
    const f = await family(p.id);
    const v = await imported(f.id, ['gpt-alpha-2024-01-01']);
    const res = await withListing([], () => consoleKey.post(syncPath(p.id)));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ updated: 0, unchanged: 0, unlisted: [], deprecated: [] });
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatch(/no models/);
    expect(await getVersion(v['gpt-alpha-2024-01-01'].id)).toEqual(v['gpt-alpha-2024-01-01']);
  });

  it('familyIds limits the comparison to those families of the provider', async () => {
    const p = await provider();
    const f = await family(p.id);
    const g = await family(p.id);
    await imported(f.id, ['gpt-alpha-2024-01-01']);
    const gv = await imported(g.id, ['gpt-beta-2024-02-01']);
    const res = await consoleKey.post(syncPath(p.id), { familyIds: [g.id, g.id] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ updated: 0, unchanged: 1 });
    const unlisted = await withListing([MODELS[0]!], () => consoleKey.post(syncPath(p.id), { family_ids: [g.id] }));
    expect(unlisted.body).toMatchObject({ unchanged: 0, unlisted: [ref(gv['gpt-beta-2024-02-01'])] });
    const none = await consoleKey.post(syncPath(p.id), { familyIds: [] });
    expect(none.body).toEqual({ updated: 0, unchanged: 0, unlisted: [], deprecated: [], errors: [] });
    // An inactive family is still in the default scope.
    expect((await consoleKey.patch(`${FAMILIES}/${g.id}`, { isActive: false })).status).toBe(200);
    expect((await consoleKey.post(syncPath(p.id))).body).toMatchObject({ unchanged: 2 });
  });

  it('400s familyIds that are not live families of the provider, and invalid bodies', async () => {
    const p = await provider();
    const f = await family(p.id);
    const foreign = await family((await provider()).id);
    const deleted = await family(p.id);
    expect((await consoleKey.delete(`${FAMILIES}/${deleted.id}`)).status).toBe(204);
    const calls = vendor.requests.length;
    for (const ids of [[foreign.id], [f.id, randomId()], [deleted.id]]) {
      const res = await consoleKey.post(syncPath(p.id), { familyIds: ids });
      expectError(res, 400, 'invalid_request');
      expect(res.body.error).toContain(ids.at(-1));
    }
    for (const body of [{ familyIds: ['nope'] }, { familyIds: f.id }, { extra: true }, [f.id]]) {
      expectError(await consoleKey.post(syncPath(p.id), body), 400, 'invalid_request');
    }
    expect(vendor.requests.length).toBe(calls);
  });

  it("404s unknown providers and answers the listing's errors", async () => {
    for (const id of [randomId(), 'not-a-uuid']) expectError(await consoleKey.post(syncPath(id)), 404, 'not_found');
    const deleted = await provider();
    expect((await consoleKey.delete(`/v1/admin/ai-providers/${deleted.id}`)).status).toBe(204);
    expectError(await consoleKey.post(syncPath(deleted.id)), 404, 'not_found');
    const keyless = await provider({ api_key: undefined });
    expectError(await consoleKey.post(syncPath(keyless.id)), 409, 'no_api_key');
    const p = await provider();
    const f = await family(p.id);
    const v = await imported(f.id, ['gpt-alpha-2024-01-01']);
    vendor.setMode('fail');
    try {
      const res = await consoleKey.post(syncPath(p.id));
      expectError(res, 502, 'vendor_error');
      expect(res.text).not.toContain(API_KEY);
    } finally {
      vendor.setMode('ok');
    }
    expect(await getVersion(v['gpt-alpha-2024-01-01'].id)).toEqual(v['gpt-alpha-2024-01-01']);
  });

  it('needs the ai-platform console section', async () => {
    const outsiders = await aiPlatformOutsiders(app);
    const p = await provider();
    const calls = vendor.requests.length;
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/admin/ai-providers/:id/sync-models',
      path: syncPath(p.id),
      body: {},
      forbidden: outsiders,
    });
    expect(vendor.requests.length).toBe(calls);
  });
});
