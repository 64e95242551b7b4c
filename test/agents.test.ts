import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_MODEL_ID, OFFLINE_VERSION_ID } from '../src/platform/models/offline/catalog.ts';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';
import { catalogModel } from './model-gateway.fixtures.ts';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let alice: OrgUser;
let bob: OrgUser;
let skill: any;

const AGENT_KEYS = [
  'config',
  'created_at',
  'created_by',
  'default_skill_slugs',
  'description',
  'id',
  'name',
  'organization_id',
  'status',
  'system_prompt',
  'updated_at',
  'visibility',
];

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  alice = await addUser(app, orgA.admin.http, { first_name: 'Alice' });
  bob = await addUser(app, orgA.admin.http, { first_name: 'Bob' });
  const res = await alice.http.post('/v1/skills', {
    slug: unique('tone').toLowerCase(),
    name: 'Tone',
    when_to_use: 'Always',
    instructions: 'Be brief.',
  });
  expect(res.status, res.text).toBe(201);
  skill = res.body;
});
afterAll(() => app?.close());

describe('POST /v1/agents', () => {
  it('creates an agent with the exact record and defaults', async () => {
    const res = await alice.http.post('/v1/agents', { name: '  Helper  ', system_prompt: 'You help people.' });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(AGENT_KEYS);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      organization_id: orgA.org.id,
      name: 'Helper',
      description: null,
      system_prompt: 'You help people.',
      config: {},
      visibility: 'organization',
      default_skill_slugs: [],
      created_by: alice.user.id,
      status: 'active',
      created_at: expect.stringMatching(ISO_MS),
      updated_at: res.body.created_at,
    });
    const got = await alice.http.get(`/v1/agents/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('keeps config keys it does not read, dedupes tools, accepts camelCase fields and model names', async () => {
    const config = { model: OFFLINE_MODEL_ID, tools: ['create_file', 'ask_user', 'create_file'], tempFoo: { a: 1 } };
    const res = await alice.http.post('/v1/agents', {
      name: 'Configured',
      description: 'Does things',
      systemPrompt: 'Prompt',
      config,
      visibility: 'private',
      defaultSkillSlugs: [skill.slug.toUpperCase()],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      description: 'Does things',
      config: { model: OFFLINE_MODEL_ID, tools: ['create_file', 'ask_user'], tempFoo: { a: 1 } },
      visibility: 'private',
      default_skill_slugs: [skill.slug.toUpperCase()],
    });
    // A version id names a model too; [] means no tools.
    const byId = await createAgent(alice, { config: { model: OFFLINE_VERSION_ID, tools: [] } });
    expect(byId.config).toEqual({ model: OFFLINE_VERSION_ID, tools: [] });
  });

  it('answers invalid field values with 422 validation_error and unknown fields with 400', async () => {
    const inactive = await catalogModel(app, {
      baseUrl: 'http://127.0.0.1:9/v1',
      modelId: unique('old'),
      version: { isActive: false },
    });
    const archived = (
      await alice.http.post('/v1/skills', {
        slug: unique('gone').toLowerCase(),
        name: 'Gone',
        when_to_use: 'Never',
        instructions: 'x',
      })
    ).body;
    expect((await alice.http.delete(`/v1/skills/${archived.id}`)).status).toBe(204);
    const base = { name: 'N', system_prompt: 'P' };
    const bad: Record<string, unknown>[] = [
      { system_prompt: 'P' },
      { ...base, name: '' },
      { ...base, name: '   ' },
      { ...base, name: 'x'.repeat(256) },
      { name: 'N' },
      { ...base, system_prompt: '  ' },
      { ...base, description: 42 },
      { ...base, config: 'fast' },
      { ...base, config: { tools: ['create_file', 'launch_rockets'] } },
      { ...base, config: { tools: 'create_file' } },
      { ...base, config: { model: 'no-such-model' } },
      { ...base, config: { model: inactive.version.id } },
      { ...base, config: { model: inactive.version.modelId } },
      { ...base, config: { model: 7 } },
      { ...base, visibility: 'public' },
      { ...base, default_skill_slugs: ['no-such-skill'] },
      { ...base, default_skill_slugs: [archived.slug] },
      { ...base, default_skill_slugs: 'tone' },
    ];
    for (const body of bad) expectError(await alice.http.post('/v1/agents', body), 422, 'validation_error');
    expectError(await alice.http.post('/v1/agents', { ...base, colour: 'blue' }), 400, 'invalid_request');
    expectError(await alice.http.post('/v1/agents', [base]), 400, 'invalid_request');
    // Another organization's skill is no skill here.
    expectError(
      await orgB.admin.http.post('/v1/agents', { ...base, default_skill_slugs: [skill.slug] }),
      422,
      'validation_error',
    );
  });

  it('lets a service account create agents it alone sees when private', async () => {
    const { key, account } = await createServiceAccountWithKey(orgA.admin.http);
    const bot = app.http.as(key);
    const res = await bot.post('/v1/agents', { name: 'Bot agent', system_prompt: 'P', visibility: 'private' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.created_by).toBe(account.id);
    expect((await bot.get(`/v1/agents/${res.body.id}`)).status).toBe(200);
    expectError(await orgA.admin.http.get(`/v1/agents/${res.body.id}`), 404, 'not_found');
  });

  it('owes the security cases', async () => {
    await expectRouteSecurity({ http: app.http, route: 'POST /v1/agents', path: '/v1/agents', body: { name: 'x' } });
  });
});

describe('GET /v1/agents', () => {
  it('lists newest first with keyset pages and search; private ones only for their creator', async () => {
    const tag = unique('list');
    const first = await createAgent(alice, { name: `${tag} one` });
    const hidden = await createAgent(alice, { name: `${tag} two`, visibility: 'private' });
    const third = await createAgent(bob, { name: `${tag} three`, description: 'Third' });
    const ids = (body: any) => body.data.map((a: any) => a.id);

    const mine = await alice.http.get(`/v1/agents?search=${encodeURIComponent(tag)}`);
    expect(mine.status, mine.text).toBe(200);
    expect(ids(mine.body)).toEqual([third.id, hidden.id, first.id]);
    expect(mine.body.data[0]).toEqual(third);
    expect((await bob.http.get(`/v1/agents?search=${tag}`)).body.data.map((a: any) => a.id)).toEqual([
      third.id,
      first.id,
    ]);
    // Org admins get no special view of private agents.
    expect(ids((await orgA.admin.http.get(`/v1/agents?search=${tag}`)).body)).toEqual([third.id, first.id]);
    expect((await orgB.admin.http.get(`/v1/agents?search=${tag}`)).body.data).toEqual([]);

    const page1 = await alice.http.get(`/v1/agents?search=${tag}&limit=2`);
    expect(page1.body).toMatchObject({ has_more: true });
    expect(ids(page1.body)).toEqual([third.id, hidden.id]);
    const page2 = await alice.http.get(`/v1/agents?search=${tag}&limit=2&cursor=${page1.body.next_cursor}`);
    expect(page2.body).toEqual({ data: [first], has_more: false, next_cursor: null });

    // Search matches the description too, case-insensitively, with LIKE wildcards taken literally.
    expect(ids((await alice.http.get(`/v1/agents?search=THIRD`)).body)).toContain(third.id);
    expect((await alice.http.get(`/v1/agents?search=${tag}%25`)).body.data).toEqual([]);
  });

  it('validates the query', async () => {
    expectError(await alice.http.get('/v1/agents?limit=0'), 400, 'invalid_request');
    expectError(await alice.http.get('/v1/agents?limit=101'), 400, 'invalid_request');
    expectError(await alice.http.get('/v1/agents?cursor=nope'), 400, 'invalid_request');
  });

  it('owes the security cases', async () => {
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/agents', path: '/v1/agents' });
  });
});

describe('GET /v1/agents/:id', () => {
  it('hides private agents from other members and admins, and every agent across organizations', async () => {
    const priv = await createAgent(alice, { visibility: 'private' });
    expect((await alice.http.get(`/v1/agents/${priv.id}`)).body).toEqual(priv);
    expectError(await bob.http.get(`/v1/agents/${priv.id}`), 404, 'not_found');
    expectError(await orgA.admin.http.get(`/v1/agents/${priv.id}`), 404, 'not_found');
    expectError(await alice.http.get('/v1/agents/not-a-uuid'), 404, 'not_found');
  });

  it('owes the security cases, including the cross-org probe', async () => {
    const agent = await createAgent(alice);
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/agents/:id',
      path: `/v1/agents/${agent.id}`,
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/agents/${randomId()}` },
    });
  });
});
