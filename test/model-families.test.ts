import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { aiPlatformOutsiders } from './helpers/console-roles.ts';
import { createOrgWithAdmin, type TestOrg, unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let consoleKey: Client;

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
});
afterAll(() => app?.close());

const FIELDS = [
  'createdAt',
  'description',
  'id',
  'isActive',
  'latestVersionId',
  'name',
  'providerId',
  'slug',
  'updatedAt',
];
const BASE = '/v1/admin/ai-model-families';
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
async function family(providerId: string, extra: Record<string, unknown> = {}) {
  const res = await consoleKey.post(BASE, { providerId, name: unique('Fam'), slug: slug(), ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function version(familyId: string, extra: Record<string, unknown> = {}) {
  const res = await consoleKey.post('/v1/admin/ai-model-versions', {
    familyId,
    modelId: unique('model'),
    version: unique('v'),
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
/** A usage event as the gateway would record it; no HTTP route records usage yet. */
async function recordUsage(organizationId: string, modelVersionId: string) {
  await app.server.database.db.execute(
    sql`insert into usage_events (id, organization_id, model_version_id, input_tokens, output_tokens, cost_micro_cents)
        values (${randomId()}, ${organizationId}, ${modelVersionId}, 10, 5, 1234)`,
  );
}
async function select(org: TestOrg, selections: { key: string; model_version_id: string }[]) {
  const res = await org.admin.http.put('/v1/organization/model-selections', { selections });
  expect(res.status, res.text).toBe(200);
}
const selectionsOf = async (org: TestOrg) =>
  (await org.admin.http.get('/v1/organization/model-selections')).body.selections;
const usage = async (familyId: string) => {
  const res = await consoleKey.get(`${BASE}/${familyId}/usage`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};

async function stored(id: string): Promise<Record<string, unknown>> {
  const result = (await app.server.database.db.execute(
    sql`select * from ai_model_families where id = ${id}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows[0]!;
}

describe('AI model families', () => {
  it('creates a family with camelCase fields and gets it', async () => {
    const p = await provider();
    const s = slug();
    const res = await consoleKey.post(BASE, { providerId: p.id, name: '  GPT-4o  ', slug: s, description: 'Omni' });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body).toMatchObject({
      providerId: p.id,
      name: 'GPT-4o',
      slug: s,
      description: 'Omni',
      latestVersionId: null,
      isActive: true,
    });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.createdAt).toMatch(ISO_MS);
    expect(res.body.updatedAt).toMatch(ISO_MS);
    const got = await consoleKey.get(`${BASE}/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    // snake_case requests work too; description defaults to null.
    const snake = await consoleKey.post(BASE, { provider_id: p.id, name: 'Snake', slug: slug() });
    expect(snake.status, snake.text).toBe(201);
    expect(snake.body.description).toBeNull();
  });

  it('lists by name, optionally of one provider', async () => {
    const p = await provider();
    const other = await provider();
    const tag = unique('zz');
    const b = await family(p.id, { name: `${tag} B` });
    const a = await family(p.id, { name: `${tag} A` });
    const c = await family(other.id, { name: `${tag} C` });
    const all = await consoleKey.get(BASE);
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual(['data']);
    const ours = all.body.data.filter((f: any) => [a.id, b.id, c.id].includes(f.id)).map((f: any) => f.id);
    expect(ours).toEqual([a.id, b.id, c.id]);
    for (const f of all.body.data) expect(Object.keys(f).sort()).toEqual(FIELDS);
    const filtered = await consoleKey.get(`${BASE}?providerId=${p.id}`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.map((f: any) => f.id)).toEqual([a.id, b.id]);
    const snake = await consoleKey.get(`${BASE}?provider_id=${other.id}`);
    expect(snake.body.data).toEqual([c]);
    expectError(await consoleKey.get(`${BASE}?providerId=nope`), 400, 'invalid_request');
  });

  it('sorts by name regardless of case', async () => {
    const p = await provider();
    for (const name of ['Zeta family', 'beta', 'Alpha', 'delta']) await family(p.id, { name });
    const res = await consoleKey.get(`${BASE}?providerId=${p.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((f: any) => f.name)).toEqual(['Alpha', 'beta', 'delta', 'Zeta family']);
  });

  it('refuses invalid bodies with 400', async () => {
    const p = await provider();
    const ok = { providerId: p.id, name: 'N', slug: slug() };
    for (const body of [
      { ...ok, providerId: randomId() },
      { ...ok, providerId: 'nope' },
      { name: 'N', slug: slug() },
      { ...ok, name: '  ' },
      { ...ok, name: 'n'.repeat(101) },
      { providerId: p.id, name: 'N' },
      { ...ok, slug: 'Upper' },
      { ...ok, slug: 'under_score' },
      { ...ok, slug: '' },
      { ...ok, slug: 'a'.repeat(101) },
      { ...ok, extra: 1 },
    ]) {
      expectError(await consoleKey.post(BASE, body), 400, 'invalid_request');
    }
    // A deleted provider cannot hold new families.
    const gone = await provider();
    expect((await consoleKey.delete(`/v1/admin/ai-providers/${gone.id}`)).status).toBe(204);
    expectError(await consoleKey.post(BASE, { ...ok, providerId: gone.id }), 400, 'invalid_request');
    // 100-character names and slugs are fine.
    const long = await consoleKey.post(BASE, {
      ...ok,
      name: 'n'.repeat(100),
      slug: `${'a'.repeat(90)}${slug('x').slice(-10)}`,
    });
    expect(long.status, long.text).toBe(201);

    const f = await family(p.id);
    for (const body of [
      { name: '' },
      { slug: 'Bad Slug' },
      { providerId: randomId() },
      { latestVersionId: 'nope' },
      { isActive: 'yes' },
      { unknown: 1 },
    ]) {
      expectError(await consoleKey.patch(`${BASE}/${f.id}`, body), 400, 'invalid_request');
    }
  });

  it('409s a duplicate slug per provider; other providers may reuse it', async () => {
    const p = await provider();
    const f = await family(p.id);
    expectError(await consoleKey.post(BASE, { providerId: p.id, name: 'X', slug: f.slug }), 409, 'duplicate_slug');
    const other = await provider();
    const same = await family(other.id, { slug: f.slug });
    expect(same.id).not.toBe(f.id);
    const g = await family(p.id);
    expectError(await consoleKey.patch(`${BASE}/${g.id}`, { slug: f.slug }), 409, 'duplicate_slug');
    // Moving to the other provider collides with its family of that slug.
    expectError(await consoleKey.patch(`${BASE}/${f.id}`, { providerId: other.id }), 409, 'duplicate_slug');
  });

  it('updates every field and keeps the rest', async () => {
    const p = await provider();
    const other = await provider();
    const f = await family(p.id, { description: 'd' });
    const newSlug = slug('renamed');
    const res = await consoleKey.patch(`${BASE}/${f.id}`, {
      providerId: other.id,
      name: 'Renamed',
      slug: newSlug,
      description: null,
      isActive: false,
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body).toMatchObject({
      id: f.id,
      providerId: other.id,
      name: 'Renamed',
      slug: newSlug,
      description: null,
      isActive: false,
      latestVersionId: null,
      createdAt: f.createdAt,
    });
    const again = await consoleKey.patch(`${BASE}/${f.id}`, { is_active: true });
    expect(again.body).toMatchObject({ name: 'Renamed', isActive: true, providerId: other.id });
  });

  it('latestVersionId accepts its own version or null, nothing else', async () => {
    const p = await provider();
    const f = await family(p.id);
    const g = await family(p.id);
    const own = await version(f.id);
    const foreign = await version(g.id);
    const set = await consoleKey.patch(`${BASE}/${f.id}`, { latestVersionId: own.id });
    expect(set.status, set.text).toBe(200);
    expect(set.body.latestVersionId).toBe(own.id);
    expectError(await consoleKey.patch(`${BASE}/${f.id}`, { latestVersionId: foreign.id }), 400, 'invalid_request');
    expectError(await consoleKey.patch(`${BASE}/${f.id}`, { latestVersionId: randomId() }), 400, 'invalid_request');
    expect((await consoleKey.get(`${BASE}/${f.id}`)).body.latestVersionId).toBe(own.id);
    const cleared = await consoleKey.patch(`${BASE}/${f.id}`, { latestVersionId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.latestVersionId).toBeNull();
  });

  it('deletes with 204; the slug then revives the family with its original id', async () => {
    const p = await provider();
    const f = await family(p.id, { description: 'old' });
    const v = await version(f.id);
    const del = await consoleKey.delete(`${BASE}/${f.id}`);
    expect(del.status, del.text).toBe(204);
    expect(del.text).toBe('');
    expect((await stored(f.id)).deleted_at).not.toBeNull();
    expectError(await consoleKey.get(`${BASE}/${f.id}`), 404, 'not_found');
    expectError(await consoleKey.patch(`${BASE}/${f.id}`, { name: 'x' }), 404, 'not_found');
    expectError(await consoleKey.delete(`${BASE}/${f.id}`), 404, 'not_found');
    expect((await consoleKey.get(BASE)).body.data.map((x: any) => x.id)).not.toContain(f.id);
    expectError(await consoleKey.get(`/v1/admin/ai-model-versions/${v.id}`), 404, 'not_found');

    const revived = await consoleKey.post(BASE, { providerId: p.id, name: 'Back', slug: f.slug });
    expect(revived.status, revived.text).toBe(201);
    expect(revived.body).toMatchObject({ id: f.id, name: 'Back', slug: f.slug, description: null, isActive: true });
    expect((await consoleKey.get(`${BASE}/${f.id}`)).status).toBe(200);
    expect((await consoleKey.get(`/v1/admin/ai-model-versions/${v.id}`)).status).toBe(200);
    // Another provider's same slug is a new family, not a revival.
    const other = await provider();
    const fresh = await family(other.id, { slug: f.slug });
    expect(fresh.id).not.toBe(f.id);
  });

  it('soft: true deactivates the family and its versions with 200', async () => {
    const p = await provider();
    const f = await family(p.id);
    const v1 = await version(f.id);
    const v2 = await version(f.id);
    const res = await consoleKey.delete(`${BASE}/${f.id}?soft=true`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ result: 'deactivated' });
    expect((await consoleKey.get(`${BASE}/${f.id}`)).body.isActive).toBe(false);
    for (const v of [v1, v2])
      expect((await consoleKey.get(`/v1/admin/ai-model-versions/${v.id}`)).body.isActive).toBe(false);
    // The body form works as well.
    const g = await family(p.id);
    const body = await consoleKey.request('DELETE', `${BASE}/${g.id}`, { body: { soft: true } });
    expect(body.status, body.text).toBe(200);
    expect(body.body).toEqual({ result: 'deactivated' });
    // soft=false deletes.
    expect((await consoleKey.delete(`${BASE}/${g.id}?soft=false`)).status).toBe(204);
    expectError(await consoleKey.delete(`${BASE}/${f.id}?soft=maybe`), 400, 'invalid_request');
  });

  it('400s a replacement that is itself, inactive or missing; accepts an active one', async () => {
    const p = await provider();
    const f = await family(p.id);
    const inactive = await family(p.id);
    await consoleKey.patch(`${BASE}/${inactive.id}`, { isActive: false });
    for (const replacement of [f.id, inactive.id, randomId()]) {
      expectError(
        await consoleKey.delete(`${BASE}/${f.id}?replacementFamilyId=${replacement}`),
        400,
        'invalid_request',
      );
    }
    expectError(await consoleKey.delete(`${BASE}/${f.id}?replacementFamilyId=nope`), 400, 'invalid_request');
    expect((await consoleKey.get(`${BASE}/${f.id}`)).status).toBe(200);
    const active = await family(p.id);
    const res = await consoleKey.request('DELETE', `${BASE}/${f.id}`, { body: { replacementFamilyId: active.id } });
    expect(res.status, res.text).toBe(204);
  });

  it('404s unknown and malformed ids', async () => {
    for (const path of [`${BASE}/${randomId()}`, `${BASE}/not-a-uuid`]) {
      expectError(await consoleKey.get(path), 404, 'not_found');
      expectError(await consoleKey.patch(path, { name: 'x' }), 404, 'not_found');
      expectError(await consoleKey.delete(path), 404, 'not_found');
    }
  });

  it('needs the ai-platform console section', async () => {
    const outsiders = await aiPlatformOutsiders(app);
    const p = await provider();
    const f = await family(p.id);
    for (const c of [
      { route: 'GET /v1/admin/ai-model-families', path: BASE, body: undefined },
      { route: 'POST /v1/admin/ai-model-families', path: BASE, body: { providerId: p.id, name: 'R', slug: slug('r') } },
      { route: 'GET /v1/admin/ai-model-families/:id', path: `${BASE}/${f.id}`, body: undefined },
      { route: 'PATCH /v1/admin/ai-model-families/:id', path: `${BASE}/${f.id}`, body: { name: 'R' } },
      { route: 'DELETE /v1/admin/ai-model-families/:id', path: `${BASE}/${f.id}`, body: undefined },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: c.path,
        body: c.body,
        forbidden: outsiders,
      });
    }
    expect((await consoleKey.get(`${BASE}/${f.id}`)).body).toEqual(f);
  });
});

describe('AI model families: one active family per vendor model id within a provider', () => {
  /** A family of the provider tracking `modelIds`, one version each. */
  async function tracking(providerId: string, modelIds: string[]) {
    const f = await family(providerId);
    for (const modelId of modelIds) await version(f.id, { modelId });
    return f;
  }
  const shared = () => unique('shared-model');

  it('PATCH providerId onto a provider where another active family tracks one of its model ids is 409', async () => {
    const [p, other] = [await provider(), await provider()];
    const [m, mine] = [shared(), unique('own-model')];
    const f = await tracking(p.id, [mine, m]);
    await tracking(other.id, [m]);
    const res = await consoleKey.patch(`${BASE}/${f.id}`, { providerId: other.id, name: 'Moved' });
    expectError(res, 409, 'model_already_tracked');
    expect(res.body.error).toContain(`"${m}"`);
    expect(res.body.error).not.toContain(mine);
    expect((await consoleKey.get(`${BASE}/${f.id}`)).body).toMatchObject({ providerId: p.id, name: f.name });
    // Moving it there inactive tracks nothing, so it is allowed.
    const inactive = await consoleKey.patch(`${BASE}/${f.id}`, { providerId: other.id, isActive: false });
    expect(inactive.status, inactive.text).toBe(200);
    expect(inactive.body).toMatchObject({ providerId: other.id, isActive: false });
  });

  it('reviving a deleted family by slug is 409 while another active family tracks one of its model ids', async () => {
    const p = await provider();
    const m = shared();
    const f = await tracking(p.id, [m]);
    expect((await consoleKey.delete(`${BASE}/${f.id}`)).status).toBe(204);
    const g = await tracking(p.id, [m]);
    const res = await consoleKey.post(BASE, { providerId: p.id, name: 'Back', slug: f.slug });
    expectError(res, 409, 'model_already_tracked');
    expect(res.body.error).toContain(`"${m}"`);
    expectError(await consoleKey.get(`${BASE}/${f.id}`), 404, 'not_found');
    // Once the other family lets go of the model, the revival goes through.
    expect((await consoleKey.patch(`${BASE}/${g.id}`, { isActive: false })).status).toBe(200);
    const revived = await consoleKey.post(BASE, { providerId: p.id, name: 'Back', slug: f.slug });
    expect(revived.status, revived.text).toBe(201);
    expect(revived.body).toMatchObject({ id: f.id, isActive: true });
  });

  it('PATCH isActive true is 409 while another active family of the provider tracks one of its model ids', async () => {
    const p = await provider();
    const m = shared();
    const f = await tracking(p.id, [m]);
    expect((await consoleKey.patch(`${BASE}/${f.id}`, { isActive: false })).status).toBe(200);
    await tracking(p.id, [m]);
    const res = await consoleKey.patch(`${BASE}/${f.id}`, { isActive: true });
    expectError(res, 409, 'model_already_tracked');
    expect(res.body.error).toContain(`"${m}"`);
    expect((await consoleKey.get(`${BASE}/${f.id}`)).body.isActive).toBe(false);
    // Another provider's family tracking a model does not count.
    const n = shared();
    const g = await tracking(p.id, [n]);
    expect((await consoleKey.patch(`${BASE}/${g.id}`, { isActive: false })).status).toBe(200);
    await tracking((await provider()).id, [n]);
    expect((await consoleKey.patch(`${BASE}/${g.id}`, { isActive: true })).status).toBe(200);
  });
});

describe('AI model families: usage, replacement and deactivation', () => {
  it("GET usage lists organizations' selections of its versions and whether usage was recorded", async () => {
    const p = await provider();
    const f = await family(p.id);
    const g = await family(p.id);
    const v1 = await version(f.id, { outputModalities: ['text'], supportsThinking: true });
    const v2 = await version(f.id, { outputModalities: ['image'] });
    const v3 = await version(g.id, { outputModalities: ['text'] });
    const [a, b, c] = [await createOrgWithAdmin(app), await createOrgWithAdmin(app), await createOrgWithAdmin(app)];
    await select(a, [
      { key: 'text', model_version_id: v1.id },
      { key: 'thinking', model_version_id: v1.id },
      { key: 'image', model_version_id: v2.id },
    ]);
    await select(b, [{ key: 'text', model_version_id: v1.id }]);
    await select(c, [{ key: 'text', model_version_id: v3.id }]);

    const body = await usage(f.id);
    expect(Object.keys(body).sort()).toEqual(['has_recorded_usage', 'selections']);
    const row = (org: TestOrg, key: string, v: any) => ({
      organization_id: org.org.id,
      organization_name: org.org.name,
      key,
      model_version_id: v.id,
      model_id: v.modelId,
    });
    const expected = [row(a, 'image', v2), row(a, 'text', v1), row(a, 'thinking', v1), row(b, 'text', v1)].sort(
      (x, y) => x.organization_name.localeCompare(y.organization_name),
    );
    expect(body).toEqual({ selections: expected, has_recorded_usage: false });

    await recordUsage(c.org.id, v2.id);
    expect((await usage(f.id)).has_recorded_usage).toBe(true);
    expect(await usage(g.id)).toEqual({ selections: [row(c, 'text', v3)], has_recorded_usage: false });
    expect(await usage((await family(p.id)).id)).toEqual({ selections: [], has_recorded_usage: false });
  });

  it('GET usage 404s unknown, malformed and deleted families', async () => {
    const f = await family((await provider()).id);
    expect((await consoleKey.delete(`${BASE}/${f.id}`)).status).toBe(204);
    for (const id of [randomId(), 'not-a-uuid', f.id])
      expectError(await consoleKey.get(`${BASE}/${id}/usage`), 404, 'not_found');
  });

  it('DELETE 409s while organizations select its versions, soft or not, and changes nothing', async () => {
    const p = await provider();
    const f = await family(p.id);
    const v = await version(f.id, { outputModalities: ['text'] });
    const org = await createOrgWithAdmin(app);
    await select(org, [{ key: 'text', model_version_id: v.id }]);
    expectError(await consoleKey.delete(`${BASE}/${f.id}`), 409, 'family_in_use');
    expectError(await consoleKey.delete(`${BASE}/${f.id}?soft=true`), 409, 'family_in_use');
    expectError(await consoleKey.request('DELETE', `${BASE}/${f.id}`, { body: { soft: true } }), 409, 'family_in_use');
    expect((await consoleKey.get(`${BASE}/${f.id}`)).body.isActive).toBe(true);
    expect((await consoleKey.get(`/v1/admin/ai-model-versions/${v.id}`)).body.isActive).toBe(true);
    expect(await selectionsOf(org)).toEqual([{ key: 'text', model_version_id: v.id }]);
  });

  it("replacementFamilyId moves every selection to the replacement's latest version, then deletes", async () => {
    const p = await provider();
    const f = await family(p.id);
    const v1 = await version(f.id, { outputModalities: ['text'] });
    const v2 = await version(f.id, { outputModalities: ['text'], supportsThinking: true });
    const r = await family(p.id);
    const rv = await version(r.id, { outputModalities: ['text', 'image'], supportsThinking: true });
    const kept = await version(r.id, { outputModalities: ['image'] });
    expect((await consoleKey.patch(`${BASE}/${r.id}`, { latestVersionId: rv.id })).status).toBe(200);
    const [a, b] = [await createOrgWithAdmin(app), await createOrgWithAdmin(app)];
    await select(a, [
      { key: 'image', model_version_id: kept.id },
      { key: 'text', model_version_id: v1.id },
      { key: 'thinking', model_version_id: v2.id },
    ]);
    await select(b, [{ key: 'text', model_version_id: v2.id }]);

    const res = await consoleKey.delete(`${BASE}/${f.id}?replacementFamilyId=${r.id}`);
    expect(res.status, res.text).toBe(204);
    expect(await selectionsOf(a)).toEqual([
      { key: 'image', model_version_id: kept.id },
      { key: 'text', model_version_id: rv.id },
      { key: 'thinking', model_version_id: rv.id },
    ]);
    expect(await selectionsOf(b)).toEqual([{ key: 'text', model_version_id: rv.id }]);
    expectError(await consoleKey.get(`${BASE}/${f.id}`), 404, 'not_found');
    expect((await stored(f.id)).deleted_at).not.toBeNull();
    expect((await usage(r.id)).selections).toHaveLength(4);
  });

  it('400s a replacement that cannot take the selections over, leaving them in place', async () => {
    const p = await provider();
    const f = await family(p.id);
    const v = await version(f.id, { outputModalities: ['text'], supportsThinking: true });
    const org = await createOrgWithAdmin(app);
    const selections = [
      { key: 'text', model_version_id: v.id },
      { key: 'thinking', model_version_id: v.id },
    ];
    await select(org, selections);
    const withLatest = async (providerId: string, extra: Record<string, unknown>) => {
      const r = await family(providerId);
      const latest = await version(r.id, extra);
      expect((await consoleKey.patch(`${BASE}/${r.id}`, { latestVersionId: latest.id })).status).toBe(200);
      return r;
    };
    const noLatest = await family(p.id);
    await version(noLatest.id, { outputModalities: ['text'], supportsThinking: true });
    const inactiveLatest = await withLatest(p.id, {
      outputModalities: ['text'],
      supportsThinking: true,
      isActive: false,
    });
    const textOnly = await withLatest(p.id, { outputModalities: ['text'] });
    const goneProvider = await provider();
    const orphan = await withLatest(goneProvider.id, { outputModalities: ['text'], supportsThinking: true });
    expect((await consoleKey.delete(`/v1/admin/ai-providers/${goneProvider.id}`)).status).toBe(204);
    for (const r of [noLatest, inactiveLatest, textOnly, orphan]) {
      const res = await consoleKey.delete(`${BASE}/${f.id}?replacementFamilyId=${r.id}`);
      expectError(res, 400, 'invalid_request');
      if (r === textOnly) expect(res.body.error).toContain('"thinking"');
    }
    expect(await selectionsOf(org)).toEqual(selections);
    expect((await consoleKey.get(`${BASE}/${f.id}`)).status).toBe(200);

    // A family of another provider may take them over.
    const elsewhere = await withLatest((await provider()).id, { outputModalities: ['text'], supportsThinking: true });
    const res = await consoleKey.request('DELETE', `${BASE}/${f.id}`, {
      body: { replacementFamilyId: elsewhere.id },
    });
    expect(res.status, res.text).toBe(204);
    const moved = (await usage(elsewhere.id)).selections;
    expect(moved.map((s: any) => s.key)).toEqual(['text', 'thinking']);
  });

  it('recorded usage turns deletion into deactivation; the slug then revives the family', async () => {
    const p = await provider();
    const f = await family(p.id);
    const v1 = await version(f.id, { outputModalities: ['text'] });
    const v2 = await version(f.id, { outputModalities: ['text'] });
    const org = await createOrgWithAdmin(app);
    await recordUsage(org.org.id, v1.id);
    const res = await consoleKey.delete(`${BASE}/${f.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ result: 'deactivated' });
    expect((await stored(f.id)).deleted_at).toBeNull();
    const after = await consoleKey.get(`${BASE}/${f.id}`);
    expect(after.body).toMatchObject({ id: f.id, isActive: false });
    for (const v of [v1, v2])
      expect((await consoleKey.get(`/v1/admin/ai-model-versions/${v.id}`)).body.isActive).toBe(false);
    // Versions with usage cannot be deleted either.
    expectError(await consoleKey.delete(`/v1/admin/ai-model-versions/${v1.id}`), 409, 'version_in_use');

    const revived = await consoleKey.post(BASE, { providerId: p.id, name: 'Again', slug: f.slug });
    expect(revived.status, revived.text).toBe(201);
    expect(revived.body).toMatchObject({ id: f.id, name: 'Again', isActive: true, description: null });
    // An active family holding the slug is still a conflict.
    expectError(await consoleKey.post(BASE, { providerId: p.id, name: 'X', slug: f.slug }), 409, 'duplicate_slug');
  });

  it('with a replacement and recorded usage, selections move and the family is deactivated', async () => {
    const p = await provider();
    const f = await family(p.id);
    const v = await version(f.id, { outputModalities: ['text'] });
    const r = await family(p.id);
    const rv = await version(r.id, { outputModalities: ['text'] });
    await consoleKey.patch(`${BASE}/${r.id}`, { latestVersionId: rv.id });
    const org = await createOrgWithAdmin(app);
    await select(org, [{ key: 'text', model_version_id: v.id }]);
    await recordUsage(org.org.id, v.id);
    const res = await consoleKey.delete(`${BASE}/${f.id}?replacementFamilyId=${r.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ result: 'deactivated' });
    expect(await selectionsOf(org)).toEqual([{ key: 'text', model_version_id: rv.id }]);
    expect(await usage(f.id)).toEqual({ selections: [], has_recorded_usage: true });
  });

  it('GET usage needs the ai-platform console section', async () => {
    const outsiders = await aiPlatformOutsiders(app);
    const f = await family((await provider()).id);
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/admin/ai-model-families/:id/usage',
      path: `${BASE}/${f.id}/usage`,
      forbidden: outsiders,
    });
  });
});
