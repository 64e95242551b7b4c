import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, createServiceAccountWithKey, type TestOrg, unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let consoleKey: Client;
let orgA: TestOrg;

const SELECTIONS = '/v1/organization/model-selections';
const slug = (label: string) => unique(label).toLowerCase();

async function provider(name: string) {
  const res = await consoleKey.post('/v1/admin/ai-providers', {
    name: unique(name),
    slug: slug('prov'),
    base_url: 'http://127.0.0.1:11434/v1',
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function family(providerId: string, name: string) {
  const res = await consoleKey.post('/v1/admin/ai-model-families', {
    providerId,
    name: unique(name),
    slug: slug('fam'),
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function version(familyId: string, displayName: string, extra: Record<string, unknown> = {}) {
  const res = await consoleKey.post('/v1/admin/ai-model-versions', {
    familyId,
    modelId: unique('model'),
    version: unique('v'),
    displayName,
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** One provider with: chat (text+thinking), painter (image), voice (audio), embed, an inactive text version. */
async function catalog() {
  const p = await provider('Acme');
  const f = await family(p.id, 'Alpha');
  const chat = await version(f.id, 'B chat', {
    outputModalities: ['text'],
    supportsThinking: true,
    contextWindow: 128000,
    maxOutputTokens: 4096,
  });
  const plain = await version(f.id, 'A plain', { outputModalities: ['text'] });
  const painter = await version(f.id, 'C painter', { outputModalities: ['image', 'text'] });
  const voice = await version(f.id, 'D voice', { outputModalities: ['audio'] });
  const embed = await version(f.id, 'E embed', { outputModalities: ['embeddings'] });
  const inactive = await version(f.id, 'F inactive', { outputModalities: ['text'], isActive: false });
  const g = await family(p.id, 'Beta');
  const inInactiveFamily = await version(g.id, 'G hidden', { outputModalities: ['text'] });
  const off = await consoleKey.patch(`/v1/admin/ai-model-families/${g.id}`, { isActive: false });
  expect(off.status, off.text).toBe(200);
  return { p, f, chat, plain, painter, voice, embed, inactive, inInactiveFamily };
}
type Catalog = Awaited<ReturnType<typeof catalog>>;
let cat: Catalog;

async function picker(http: Client, query = '') {
  const res = await http.get(`/v1/models${query}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.data as any[]).filter((m) => m.providerId === cat.p.id);
}

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
  orgA = await createOrgWithAdmin(app);
  cat = await catalog();
});
afterAll(() => app?.close());

describe('GET /v1/models', () => {
  it('lists only active versions of active families, sorted, with derived capabilities', async () => {
    const models = await picker(orgA.admin.http);
    expect(models.map((m) => m.displayName)).toEqual(['A plain', 'B chat', 'C painter', 'D voice', 'E embed']);
    expect(models[1]).toEqual({
      id: cat.chat.id,
      modelId: cat.chat.modelId,
      displayName: 'B chat',
      familyId: cat.f.id,
      familyName: cat.f.name,
      providerId: cat.p.id,
      providerName: cat.p.name,
      providerSlug: cat.p.slug,
      capabilities: ['text', 'thinking'],
      contextWindow: 128000,
      maxOutputTokens: 4096,
    });
    expect(models[2].capabilities).toEqual(['text', 'image']);
    expect(models[4].capabilities).toEqual(['embeddings']);
  });

  it('filters by capability exactly', async () => {
    const names = async (c: string) => (await picker(orgA.admin.http, `?capability=${c}`)).map((m) => m.displayName);
    expect(await names('text')).toEqual(['A plain', 'B chat', 'C painter']);
    expect(await names('image')).toEqual(['C painter']);
    expect(await names('audio')).toEqual(['D voice']);
    expect(await names('embeddings')).toEqual(['E embed']);
    expectError(await orgA.admin.http.get('/v1/models?capability=thinking'), 400, 'invalid_request');
    expectError(await orgA.admin.http.get('/v1/models?capability=video'), 400, 'invalid_request');
  });

  it('hides versions of a deleted provider', async () => {
    const p = await provider('Gone');
    const v = await version((await family(p.id, 'Gone')).id, 'gone', { outputModalities: ['text'] });
    const res = await orgA.admin.http.get('/v1/models');
    expect(res.body.data.map((m: any) => m.id)).toContain(v.id);
    const del = await consoleKey.delete(`/v1/admin/ai-providers/${p.id}`);
    expect(del.status, del.text).toBe(204);
    expect((await orgA.admin.http.get('/v1/models')).body.data.map((m: any) => m.id)).not.toContain(v.id);
  });

  it('answers members and API keys of the organization', async () => {
    const member = await addUser(app, orgA.admin.http);
    expect((await picker(member.http)).length).toBe(5);
    const { key } = await createServiceAccountWithKey(orgA.admin.http);
    expect((await picker(app.http.as(key), '?capability=audio')).length).toBe(1);
  });
});

describe('organization model selections', () => {
  it('starts empty, round-trips a PUT sorted by key, and replaces wholesale', async () => {
    const org = await createOrgWithAdmin(app);
    expect((await org.admin.http.get(SELECTIONS)).body).toEqual({ selections: [] });
    const put = await org.admin.http.put(SELECTIONS, {
      selections: [
        { key: 'thinking', model_version_id: cat.chat.id },
        { key: 'text', modelVersionId: cat.plain.id },
        { key: 'image', model_version_id: cat.painter.id },
        { key: 'audio', model_version_id: cat.voice.id },
        { key: 'embeddings', model_version_id: cat.embed.id },
      ],
    });
    expect(put.status, put.text).toBe(200);
    const all = {
      selections: [
        { key: 'audio', model_version_id: cat.voice.id },
        { key: 'embeddings', model_version_id: cat.embed.id },
        { key: 'image', model_version_id: cat.painter.id },
        { key: 'text', model_version_id: cat.plain.id },
        { key: 'thinking', model_version_id: cat.chat.id },
      ],
    };
    expect(put.body).toEqual(all);
    expect((await org.admin.http.get(SELECTIONS)).body).toEqual(all);

    const replaced = await org.admin.http.put(SELECTIONS, {
      selections: [{ key: 'text', model_version_id: cat.chat.id }],
    });
    expect(replaced.body).toEqual({ selections: [{ key: 'text', model_version_id: cat.chat.id }] });
    expect((await org.admin.http.put(SELECTIONS, { selections: [] })).body).toEqual({ selections: [] });
    expect((await org.admin.http.get(SELECTIONS)).body).toEqual({ selections: [] });
  });

  it('refuses invalid sets with 400 naming the key, leaving the stored set unchanged', async () => {
    const org = await createOrgWithAdmin(app);
    const kept = { selections: [{ key: 'text', model_version_id: cat.plain.id }] };
    expect((await org.admin.http.put(SELECTIONS, kept)).status).toBe(200);
    const cases: [unknown, string | null][] = [
      [
        {
          selections: [
            { key: 'text', model_version_id: cat.plain.id },
            { key: 'text', model_version_id: cat.chat.id },
          ],
        },
        'text',
      ],
      [{ selections: [{ key: 'video', model_version_id: cat.plain.id }] }, null],
      [{ selections: [{ key: 'text', model_version_id: 'nope' }] }, null],
      [{}, null],
      [{ selections: [{ key: 'audio', model_version_id: randomId() }] }, 'audio'],
      [{ selections: [{ key: 'text', model_version_id: cat.inactive.id }] }, 'text'],
      [{ selections: [{ key: 'text', model_version_id: cat.inInactiveFamily.id }] }, 'text'],
      [{ selections: [{ key: 'image', model_version_id: cat.plain.id }] }, 'image'],
      [{ selections: [{ key: 'text', model_version_id: cat.voice.id }] }, 'text'],
      [{ selections: [{ key: 'embeddings', model_version_id: cat.plain.id }] }, 'embeddings'],
      [
        {
          selections: [
            { key: 'text', model_version_id: cat.plain.id },
            { key: 'thinking', model_version_id: cat.plain.id },
          ],
        },
        'thinking',
      ],
    ];
    for (const [body, key] of cases) {
      const res = await org.admin.http.put(SELECTIONS, body);
      expectError(res, 400, 'invalid_request');
      if (key) expect(res.body.error).toContain(`"${key}"`);
    }
    expect((await org.admin.http.get(SELECTIONS)).body).toEqual(kept);
  });

  it('refuses a version whose provider was deleted, and a pinned version cannot be deleted', async () => {
    const org = await createOrgWithAdmin(app);
    const p = await provider('Temp');
    const v = await version((await family(p.id, 'Temp')).id, 'temp', { outputModalities: ['text'] });
    expect(
      (await org.admin.http.put(SELECTIONS, { selections: [{ key: 'text', model_version_id: v.id }] })).status,
    ).toBe(200);
    expectError(await consoleKey.delete(`/v1/admin/ai-model-versions/${v.id}`), 409, 'version_in_use');
    expect((await consoleKey.delete(`/v1/admin/ai-providers/${p.id}`)).status).toBe(204);
    const res = await org.admin.http.put(SELECTIONS, { selections: [{ key: 'text', model_version_id: v.id }] });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error).toContain('"text"');
  });

  it('documents validation failures of the PUT as 400 invalid_request, with no 422', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    const responses = doc.paths[SELECTIONS].put.responses;
    expect(Object.keys(responses)).not.toContain('422');
    expect(responses['400'].description).toContain('invalid_request');
  });

  it('keeps each organization’s selections independent', async () => {
    const a = await createOrgWithAdmin(app);
    const b = await createOrgWithAdmin(app);
    await a.admin.http.put(SELECTIONS, { selections: [{ key: 'text', model_version_id: cat.plain.id }] });
    await b.admin.http.put(SELECTIONS, { selections: [{ key: 'audio', model_version_id: cat.voice.id }] });
    expect((await a.admin.http.get(SELECTIONS)).body).toEqual({
      selections: [{ key: 'text', model_version_id: cat.plain.id }],
    });
    expect((await b.admin.http.get(SELECTIONS)).body).toEqual({
      selections: [{ key: 'audio', model_version_id: cat.voice.id }],
    });
    await b.admin.http.put(SELECTIONS, { selections: [] });
    expect((await a.admin.http.get(SELECTIONS)).body.selections).toHaveLength(1);
  });

  it('guards: members are forbidden on selections; every route rejects bad credentials', async () => {
    const member = await addUser(app, orgA.admin.http);
    const { key: memberKey } = await createServiceAccountWithKey(orgA.admin.http, 'member');
    const forbidden = [
      { credential: member.token, code: 'forbidden' },
      { credential: memberKey, code: 'forbidden' },
    ];
    const body = { selections: [] };
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/models', path: '/v1/models' });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/model-selections',
      path: SELECTIONS,
      forbidden,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'PUT /v1/organization/model-selections',
      path: SELECTIONS,
      body,
      forbidden,
    });
    expectError(await member.http.put(SELECTIONS, body), 403, 'forbidden');
  });
});
