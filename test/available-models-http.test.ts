import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, OPENAI_MODELS, startFakeVendor } from './fixtures/fake-vendors.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { createOrgWithAdmin, unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const API_KEY = 'sk-test-available-models-0123456789';

let app: TestApp;
let consoleKey: Client;
let vendor: FakeVendor;

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
  vendor = await startFakeVendor('openai', { apiKey: API_KEY });
});
afterAll(async () => {
  await vendor?.close();
  await app?.close();
});

const provider = async (body: Record<string, unknown>) => {
  const res = await consoleKey.post('/v1/admin/ai-providers', { name: 'Local', slug: unique('local'), ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('GET /v1/admin/ai-providers/:id/available-models', () => {
  it("lists the vendor's models in the spec's row shape, cached, with refresh=1 going back to the vendor", async () => {
    const p = await provider({ base_url: vendor.baseUrl, api_key: API_KEY });
    const res = await consoleKey.get(`/v1/admin/ai-providers/${p.id}/available-models`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['listing', 'models']);
    expect(res.body.models.map((m: any) => m.id).sort()).toEqual(OPENAI_MODELS.map((m: any) => m.id).sort());
    expect(Object.keys(res.body.models[0]).sort()).toEqual(
      ['deprecated', 'display_name', 'fields', 'id', 'kind', 'owned_by', 'released_at', 'tracked', 'vendor'].sort(),
    );
    expect(res.body.listing).toMatchObject({ documented: false, docs_url: null });
    const calls = vendor.requests.length;
    expect((await consoleKey.get(`/v1/admin/ai-providers/${p.id}/available-models`)).status).toBe(200);
    expect(vendor.requests.length).toBe(calls);
    expect((await consoleKey.get(`/v1/admin/ai-providers/${p.id}/available-models?refresh=1`)).status).toBe(200);
    expect(vendor.requests.length).toBe(calls + 1);
  });

  it("fills tracked with the provider's active family holding each id, read afresh on cached listings", async () => {
    const p = await provider({ base_url: vendor.baseUrl, api_key: API_KEY });
    const path = `/v1/admin/ai-providers/${p.id}/available-models`;
    const tracked = async () => {
      const res = await consoleKey.get(path);
      expect(res.status, res.text).toBe(200);
      return Object.fromEntries(res.body.models.map((m: any) => [m.id, m.tracked]));
    };
    expect(Object.values(await tracked()).every((t) => t === null)).toBe(true);
    const calls = vendor.requests.length;

    const f = await consoleKey.post('/v1/admin/ai-model-families', {
      providerId: p.id,
      name: 'GPT-4o',
      slug: 'gpt-4o',
    });
    expect(f.status, f.text).toBe(201);
    const imported = await consoleKey.post(`/v1/admin/ai-model-families/${f.body.id}/import-versions`, {
      modelIds: ['gpt-4o-2024-08-06'],
    });
    expect(imported.status, imported.text).toBe(201);
    const manual = await consoleKey.post('/v1/admin/ai-model-versions', {
      familyId: f.body.id,
      modelId: 'whisper-1',
      version: 'whisper',
    });
    expect(manual.status, manual.text).toBe(201);
    // Another provider's family tracking an id does not count for this provider.
    const other = await provider({ base_url: vendor.baseUrl, api_key: API_KEY });
    const g = await consoleKey.post('/v1/admin/ai-model-families', { providerId: other.id, name: 'D', slug: 'd' });
    await consoleKey.post('/v1/admin/ai-model-versions', { familyId: g.body.id, modelId: 'dall-e-3', version: '3' });

    const holder = { id: f.body.id, name: 'GPT-4o', slug: 'gpt-4o' };
    const now = await tracked();
    expect(now['gpt-4o-2024-08-06']).toEqual(holder);
    expect(now['whisper-1']).toEqual(holder);
    expect(now['dall-e-3']).toBeNull();
    expect(now['tts-1']).toBeNull();
    expect(vendor.requests.length).toBe(calls);

    // Only an active family counts.
    expect((await consoleKey.patch(`/v1/admin/ai-model-families/${f.body.id}`, { isActive: false })).status).toBe(200);
    expect((await tracked())['gpt-4o-2024-08-06']).toBeNull();
  });

  it('409s without an API key, 502s a vendor failure without leaking the key, 404s unknown providers', async () => {
    const keyless = await provider({ base_url: vendor.baseUrl });
    expectError(await consoleKey.get(`/v1/admin/ai-providers/${keyless.id}/available-models`), 409, 'no_api_key');
    const p = await provider({ base_url: vendor.baseUrl, api_key: API_KEY });
    vendor.setMode('fail');
    try {
      const res = await consoleKey.get(`/v1/admin/ai-providers/${p.id}/available-models?refresh=1`);
      expectError(res, 502, 'vendor_error');
      expect(res.text).not.toContain(API_KEY);
    } finally {
      vendor.setMode('ok');
    }
    expectError(await consoleKey.get(`/v1/admin/ai-providers/${randomId()}/available-models`), 404, 'not_found');
    expectError(
      await consoleKey.get(`/v1/admin/ai-providers/${p.id}/available-models?refresh=yes`),
      400,
      'invalid_request',
    );
  });

  it('documents the answer as { models, listing } in the OpenAPI document', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    const ok = doc.paths['/v1/admin/ai-providers/{id}/available-models'].get.responses['200'];
    expect(Object.keys(ok.content['application/json'].schema.properties).sort()).toEqual(['listing', 'models']);
  });

  it('is for the ai-platform section only', async () => {
    const p = await provider({ base_url: vendor.baseUrl, api_key: API_KEY });
    const org = await createOrgWithAdmin(app);
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/admin/ai-providers/:id/available-models',
      path: `/v1/admin/ai-providers/${p.id}/available-models`,
      forbidden: [
        { credential: org.admin.token, code: 'admin_required' },
        { credential: app.webKey, code: 'admin_required' },
      ],
    });
  });
});
