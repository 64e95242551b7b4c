import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiProvidersService } from '../src/modules/catalog/providers.service.ts';
import { createSecretBox } from '../src/platform/crypto/secret-box.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { aiPlatformOutsiders } from './helpers/console-roles.ts';
import { unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let consoleKey: Client;

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
});
afterAll(() => app?.close());

const VIEW_FIELDS = [
  'base_url',
  'created_at',
  'effective_base_url',
  'has_api_key',
  'id',
  'name',
  'slug',
  'updated_at',
  'website',
];

const slug = (label = 'p') => unique(label).toLowerCase();

const createProvider = async (body: Record<string, unknown>) => {
  const res = await consoleKey.post('/v1/admin/ai-providers', body);
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const custom = (extra: Record<string, unknown> = {}) =>
  createProvider({ name: unique('Local'), slug: slug('local'), baseUrl: 'http://127.0.0.1:11434/v1', ...extra });

async function storedRow(id: string): Promise<Record<string, unknown>> {
  const result = (await app.server.database.db.execute(
    sql`select * from ai_providers where id = ${id}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows[0]!;
}

describe('AI providers', () => {
  it('creates a known vendor without base_url, defaulting its effective address; the key is write-only', async () => {
    // Known vendors have a fixed slug, so the create has to happen once per database.
    const openai = await createProvider({
      name: '  OpenAI  ',
      slug: 'openai',
      website: 'https://openai.com',
      apiKey: 'sk-test-openai-secret-1',
    });
    expect(Object.keys(openai).sort()).toEqual(VIEW_FIELDS);
    expect(openai).toMatchObject({
      name: 'OpenAI',
      slug: 'openai',
      website: 'https://openai.com',
      base_url: null,
      effective_base_url: 'https://api.openai.com/v1',
      has_api_key: true,
    });
    expect(openai.id).toMatch(UUID);
    expect(openai.created_at).toMatch(ISO_MS);
    expect(openai.updated_at).toMatch(ISO_MS);

    const anthropic = await createProvider({ name: 'Anthropic', slug: 'anthropic' });
    expect(anthropic).toMatchObject({
      effective_base_url: 'https://api.anthropic.com/v1',
      has_api_key: false,
      website: null,
    });
    const google = await createProvider({
      name: 'Google',
      slug: 'google',
      base_url: 'https://proxy.example.test/v1beta',
    });
    expect(google).toMatchObject({
      base_url: 'https://proxy.example.test/v1beta',
      effective_base_url: 'https://proxy.example.test/v1beta',
    });
    // Clearing a known vendor's base_url falls back to the public address.
    const cleared = await consoleKey.patch(`/v1/admin/ai-providers/${google.id}`, { base_url: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({
      base_url: null,
      effective_base_url: 'https://generativelanguage.googleapis.com/v1beta',
    });
  });

  it('stores the key sealed and readApiKey decrypts it', async () => {
    const plaintext = `sk-${unique('secret')}-plaintext`;
    const created = await custom({ api_key: plaintext });
    expect(created.has_api_key).toBe(true);
    expect(JSON.stringify(created)).not.toContain(plaintext);
    const row = await storedRow(created.id);
    expect(typeof row.api_key_sealed).toBe('string');
    expect(row.api_key_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(plaintext);
    for (const res of [
      await consoleKey.get(`/v1/admin/ai-providers/${created.id}`),
      await consoleKey.get('/v1/admin/ai-providers'),
    ]) {
      expect(res.text).not.toContain(plaintext);
      expect(res.text).not.toContain(String(row.api_key_sealed));
    }
    const service = createAiProvidersService({
      db: app.server.database.db,
      secretBox: createSecretBox(app.config.secretKey),
    });
    expect(await service.readApiKey(created.id)).toBe(plaintext);
    const bare = await custom();
    expect(await service.readApiKey(bare.id)).toBeNull();
    await expect(service.readApiKey(randomId())).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('lists live providers by name and gets one', async () => {
    const tag = unique('zz');
    const b = await custom({ name: `${tag} B` });
    const a = await custom({ name: `${tag} A` });
    const list = await consoleKey.get('/v1/admin/ai-providers');
    expect(list.status).toBe(200);
    expect(Object.keys(list.body)).toEqual(['data']);
    // Created B first: the list follows the name, not the creation order.
    const ours = list.body.data.filter((p: any) => [a.id, b.id].includes(p.id));
    expect(ours.map((p: any) => p.id)).toEqual([a.id, b.id]);
    for (const p of list.body.data) expect(Object.keys(p).sort()).toEqual(VIEW_FIELDS);
    const got = await consoleKey.get(`/v1/admin/ai-providers/${a.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(a);
  });

  it('updates fields, sets and clears the key, clears the website', async () => {
    const p = await custom({ website: 'https://vllm.example.test' });
    expect(p.has_api_key).toBe(false);
    const newSlug = slug('renamed');
    const updated = await consoleKey.patch(`/v1/admin/ai-providers/${p.id}`, {
      name: 'Renamed',
      slug: newSlug,
      website: null,
      baseUrl: 'https://llm.example.test/v1',
      apiKey: 'key-1',
    });
    expect(updated.status, updated.text).toBe(200);
    expect(Object.keys(updated.body).sort()).toEqual(VIEW_FIELDS);
    expect(updated.body).toMatchObject({
      id: p.id,
      name: 'Renamed',
      slug: newSlug,
      website: null,
      base_url: 'https://llm.example.test/v1',
      effective_base_url: 'https://llm.example.test/v1',
      has_api_key: true,
      created_at: p.created_at,
    });
    const unchanged = await consoleKey.patch(`/v1/admin/ai-providers/${p.id}`, { name: 'Renamed again' });
    expect(unchanged.body.has_api_key).toBe(true);
    const cleared = await consoleKey.patch(`/v1/admin/ai-providers/${p.id}`, { api_key: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.has_api_key).toBe(false);
    expect((await storedRow(p.id)).api_key_sealed).toBeNull();
  });

  it('refuses invalid bodies with 400 invalid_request', async () => {
    const ok = { name: 'X', slug: slug('v'), base_url: 'https://x.example.test/v1' };
    for (const body of [
      { ...ok, slug: 'Upper' },
      { ...ok, slug: 'under_score' },
      { ...ok, slug: '' },
      { ...ok, slug: 'a'.repeat(51) },
      { ...ok, name: '   ' },
      { ...ok, name: 'n'.repeat(101) },
      { ...ok, website: 'w'.repeat(256) },
      { ...ok, base_url: 'not a url' },
      { ...ok, base_url: 'ftp://files.example.test/v1' },
      { ...ok, base_url: `https://x.example.test/${'a'.repeat(500)}` },
      { ...ok, api_key: '' },
      { ...ok, api_key: 'k'.repeat(513) },
      { ...ok, color: 'blue' },
      { slug: slug('v'), base_url: ok.base_url },
      { name: 'X', base_url: ok.base_url },
    ]) {
      expectError(await consoleKey.post('/v1/admin/ai-providers', body), 400, 'invalid_request');
    }
    const p = await custom();
    for (const body of [{ slug: 'Bad Slug' }, { base_url: 'nope' }, { unknown: 1 }, { api_key: '' }, { name: '' }]) {
      expectError(await consoleKey.patch(`/v1/admin/ai-providers/${p.id}`, body), 400, 'invalid_request');
    }
  });

  it('takes a provider of any slug without base_url: it has no address until one is set, so nothing to list', async () => {
    const created = await consoleKey.post('/v1/admin/ai-providers', {
      name: 'Ollama',
      slug: slug('ollama'),
      api_key: 'k-1',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ base_url: null, effective_base_url: null, has_api_key: true });
    expectError(
      await consoleKey.get(`/v1/admin/ai-providers/${created.body.id}/available-models`),
      400,
      'no_listing_integration',
    );
    const set = await consoleKey.patch(`/v1/admin/ai-providers/${created.body.id}`, {
      base_url: 'https://o.example.test/v1',
    });
    expect(set.body).toMatchObject({
      base_url: 'https://o.example.test/v1',
      effective_base_url: 'https://o.example.test/v1',
    });
    const unset = await consoleKey.patch(`/v1/admin/ai-providers/${created.body.id}`, { base_url: null });
    expect(unset.status, unset.text).toBe(200);
    expect(unset.body).toMatchObject({ base_url: null, effective_base_url: null });
  });

  it('409s duplicate slugs on create and patch; a deleted provider frees its slug', async () => {
    const first = await custom();
    expectError(
      await consoleKey.post('/v1/admin/ai-providers', {
        name: 'Other',
        slug: first.slug,
        base_url: 'https://o.example.test/v1',
      }),
      409,
      'duplicate_slug',
    );
    const second = await custom();
    expectError(
      await consoleKey.patch(`/v1/admin/ai-providers/${second.id}`, { slug: first.slug }),
      409,
      'duplicate_slug',
    );

    const del = await consoleKey.delete(`/v1/admin/ai-providers/${first.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await storedRow(first.id)).deleted_at).not.toBeNull();
    expectError(await consoleKey.get(`/v1/admin/ai-providers/${first.id}`), 404, 'not_found');
    expectError(await consoleKey.patch(`/v1/admin/ai-providers/${first.id}`, { name: 'x' }), 404, 'not_found');
    expectError(await consoleKey.delete(`/v1/admin/ai-providers/${first.id}`), 404, 'not_found');
    const list = await consoleKey.get('/v1/admin/ai-providers');
    expect(list.body.data.map((p: any) => p.id)).not.toContain(first.id);

    const reused = await custom({ slug: first.slug });
    expect(reused.id).not.toBe(first.id);
    const renamed = await consoleKey.patch(`/v1/admin/ai-providers/${second.id}`, { slug: slug('free') });
    expect(renamed.status).toBe(200);
  });

  it('404s unknown and malformed ids', async () => {
    for (const path of [`/v1/admin/ai-providers/${randomId()}`, '/v1/admin/ai-providers/not-a-uuid']) {
      expectError(await consoleKey.get(path), 404, 'not_found');
      expectError(await consoleKey.patch(path, { name: 'x' }), 404, 'not_found');
      expectError(await consoleKey.delete(path), 404, 'not_found');
    }
  });

  it('needs the ai-platform console section', async () => {
    const outsiders = await aiPlatformOutsiders(app);
    const p = await custom();
    for (const c of [
      { route: 'GET /v1/admin/ai-providers', path: '/v1/admin/ai-providers', body: undefined },
      {
        route: 'POST /v1/admin/ai-providers',
        path: '/v1/admin/ai-providers',
        body: { name: 'R', slug: slug('r'), base_url: 'https://r.example.test/v1' },
      },
      { route: 'GET /v1/admin/ai-providers/:id', path: `/v1/admin/ai-providers/${p.id}`, body: undefined },
      { route: 'PATCH /v1/admin/ai-providers/:id', path: `/v1/admin/ai-providers/${p.id}`, body: { name: 'R' } },
      { route: 'DELETE /v1/admin/ai-providers/:id', path: `/v1/admin/ai-providers/${p.id}`, body: undefined },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: c.path,
        body: c.body,
        forbidden: outsiders,
      });
    }
    // Nothing the refused callers sent took effect.
    expect((await consoleKey.get(`/v1/admin/ai-providers/${p.id}`)).body).toEqual(p);
  });
});
