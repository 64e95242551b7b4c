import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runs } from '../src/platform/db/schema/index.ts';
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
import { waitForRun } from './helpers/runs.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let alice: OrgUser;
let bob: OrgUser;
let agent: any;
let workflow: any;

const TRIGGER_KEYS = [
  'created_at',
  'created_by',
  'enabled',
  'id',
  'last_fired_at',
  'nextFireAt',
  'organization_id',
  'owner_id',
  'owner_type',
  'payload',
  'schedule',
  'target',
  'type',
  'updated_at',
];

/** 09:00 in Asia/Kolkata (UTC+05:30, no daylight saving) is 03:30 UTC: the next one after `from`. */
function nextKolkataNine(from: Date): string {
  const candidate = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), 3, 30));
  if (candidate <= from) candidate.setUTCDate(candidate.getUTCDate() + 1);
  return candidate.toISOString();
}

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  alice = await addUser(app, orgA.admin.http, { first_name: 'Alice' });
  bob = await addUser(app, orgA.admin.http, { first_name: 'Bob' });
  const tz = await orgA.admin.http.patch('/v1/organization', { primaryTimezone: 'Asia/Kolkata' });
  expect(tz.status, tz.text).toBe(200);
  const a = await alice.http.post('/v1/agents', { name: unique('Agent'), system_prompt: 'You help.' });
  expect(a.status, a.text).toBe(201);
  agent = a.body;
  const step = { id: 'a', name: 'A', depends_on: [], type: 'model', config: { prompt: 'Do a' } };
  const w = await alice.http.post('/v1/workflows', { name: unique('Flow'), definition: { steps: [step] } });
  expect(w.status, w.text).toBe(201);
  workflow = w.body;
});
afterAll(() => app?.close());

const base = () => `/v1/agents/${agent.id}/triggers`;
const create = async (who: OrgUser, body: Record<string, unknown>, path = base()) => {
  const res = await who.http.post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('POST /v1/agents/:id/triggers', () => {
  it('creates a cron trigger whose nextFireAt is read in the organization timezone', async () => {
    const before = new Date();
    const res = await alice.http.post(base(), { type: 'cron', schedule: '0 9 * * *', payload: { prompt: 'Report' } });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(TRIGGER_KEYS);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      organization_id: orgA.org.id,
      owner_type: 'agent',
      owner_id: agent.id,
      type: 'cron',
      schedule: '0 9 * * *',
      payload: { prompt: 'Report' },
      enabled: true,
      target: { type: 'user', user_id: alice.user.id },
      nextFireAt: nextKolkataNine(before),
      last_fired_at: null,
      created_by: alice.user.id,
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
  });

  it('takes users and project targets, event names, and answers webhooks with their URL and secret once', async () => {
    const users = await create(orgA.admin, {
      type: 'event',
      schedule: 'thread.created',
      target: { type: 'users', user_ids: [alice.user.id, bob.user.id, bob.user.id] },
    });
    expect(users.target).toEqual({ type: 'users', user_ids: [alice.user.id, bob.user.id] });
    expect(users.nextFireAt).toBeNull();
    const project = await alice.http.post('/v1/projects', { name: unique('P') });
    const inProject = await create(alice, {
      type: 'cron',
      schedule: '*/5 * * * *',
      enabled: false,
      target: { type: 'project', project_id: project.body.id },
    });
    expect(inProject).toMatchObject({ enabled: false, nextFireAt: null });
    const hook = await create(alice, { type: 'webhook', schedule: 'crm' });
    expect(hook.webhook_url).toBe(`${app.url}/v1/hooks/${hook.id}`);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await alice.http.get(base());
    const row = listed.body.data.find((t: any) => t.id === hook.id);
    expect(Object.keys(row).sort()).toEqual(TRIGGER_KEYS);
  });

  it('refuses bad schedules, event names, targets and malformed bodies with 400 invalid_request', async () => {
    const post = (body: unknown) => alice.http.post(base(), body);
    for (const schedule of ['* * * * * *', '@daily', '61 * * * *', '* * *', 'every day'])
      expectError(await post({ type: 'cron', schedule }), 400, 'invalid_request');
    const fields = await post({ type: 'cron', schedule: '* * *' });
    expect(fields.body.error).toBe('schedule must be a 5-field cron expression, got 3 field(s)');
    expectError(await post({ type: 'event', schedule: 'user.created' }), 400, 'invalid_request');
    expectError(await post({ type: 'hourly', schedule: '* * * * *' }), 400, 'invalid_request');
    expectError(await post({ type: 'cron', schedule: '' }), 400, 'invalid_request');
    expectError(await post({ type: 'cron' }), 400, 'invalid_request');
    expectError(await post({ type: 'webhook', schedule: 'x', payload: 'hello' }), 400, 'invalid_request');
    const foreign = { type: 'user', user_id: orgB.admin.user.id };
    const byAdmin = await orgA.admin.http.post(base(), { type: 'webhook', schedule: 'x', target: foreign });
    expectError(byAdmin, 400, 'invalid_request');
    // A member may target only themselves: refused before the id is looked up at all.
    expectError(await post({ type: 'webhook', schedule: 'x', target: foreign }), 403, 'forbidden');
    expectError(
      await post({ type: 'webhook', schedule: 'x', target: { type: 'project', project_id: randomId() } }),
      400,
      'invalid_request',
    );
    const empty = { type: 'users', user_ids: [] };
    expectError(await post({ type: 'webhook', schedule: 'x', target: empty }), 400, 'invalid_request');
    expectError(await post({ type: 'webhook', schedule: 'x', surprise: true }), 400, 'invalid_request');
    expectError(await alice.http.post(base(), undefined, { raw: '{"type":' }), 400, 'invalid_request');
  });

  it('accepts target fields in camelCase and refuses one given in both spellings', async () => {
    const admin = orgA.admin;
    const users = await create(admin, {
      type: 'webhook',
      schedule: 'x',
      target: { type: 'users', userIds: [alice.user.id, bob.user.id] },
    });
    expect(users.target).toEqual({ type: 'users', user_ids: [alice.user.id, bob.user.id] });
    const one = await create(admin, { type: 'webhook', schedule: 'x', target: { type: 'user', userId: bob.user.id } });
    expect(one.target).toEqual({ type: 'user', user_id: bob.user.id });
    const project = await admin.http.post('/v1/projects', { name: unique('P') });
    const inProject = await admin.http.patch(`${base()}/${one.id}`, {
      target: { type: 'project', projectId: project.body.id },
    });
    expect(inProject.status, inProject.text).toBe(200);
    expect(inProject.body.target).toEqual({ type: 'project', project_id: project.body.id });
    const twice = { type: 'user', userId: bob.user.id, user_id: bob.user.id };
    expectError(
      await admin.http.post(base(), { type: 'webhook', schedule: 'x', target: twice }),
      400,
      'invalid_request',
    );
    expectError(await admin.http.patch(`${base()}/${one.id}`, { target: twice }), 400, 'invalid_request');
    const unknown = { type: 'user', userId: bob.user.id, teamId: randomId() };
    expectError(await admin.http.patch(`${base()}/${one.id}`, { target: unknown }), 400, 'invalid_request');
    const payload = await admin.http.patch(`${base()}/${one.id}`, { payload: { someKey: { innerKey: 1 } } });
    expect(payload.body.payload).toEqual({ someKey: { innerKey: 1 } });
  });

  it('requires a target from a service account, which only an admin one may point at a person', async () => {
    const target = { type: 'user', user_id: bob.user.id };
    const { key } = await createServiceAccountWithKey(orgA.admin.http, 'admin');
    const sa = app.http.as(key);
    const mine = await sa.post('/v1/agents', { name: unique('Bot agent'), system_prompt: 'Hi' });
    const path = `/v1/agents/${mine.body.id}/triggers`;
    expectError(await sa.post(path, { type: 'webhook', schedule: 'x' }), 400, 'invalid_request');
    const ok = await sa.post(path, { type: 'webhook', schedule: 'x', target });
    expect(ok.status, ok.text).toBe(201);
    const member = app.http.as((await createServiceAccountWithKey(orgA.admin.http)).key);
    expectError(await member.post(path, { type: 'webhook', schedule: 'x', target }), 403, 'forbidden');
  });

  it('answers 404 for agents the caller cannot see and 401 without a credential', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/agents/:id/triggers',
      path: base(),
      body: { type: 'webhook', schedule: 'x' },
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/agents/${randomId()}/triggers` },
    });
    const priv = await alice.http.post('/v1/agents', {
      name: unique('Mine'),
      system_prompt: 'x',
      visibility: 'private',
    });
    expectError(await bob.http.post(`/v1/agents/${priv.body.id}/triggers`, { type: 'webhook', schedule: 'x' }), 404);
  });
});

describe('GET /v1/{agents|workflows}/:id/triggers/:triggerId', () => {
  it('answers the trigger as listed, without the webhook secret, to anyone who sees its owner', async () => {
    const hook = await create(alice, { type: 'webhook', schedule: 'crm', payload: { prompt: 'Sync' } });
    const res = await bob.http.get(`${base()}/${hook.id}`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(TRIGGER_KEYS);
    const listed = await alice.http.get(base());
    expect(res.body).toEqual(listed.body.data.find((t: any) => t.id === hook.id));

    const step = { id: 'a', name: 'A', depends_on: [], type: 'model', config: { prompt: 'Do a' } };
    const flow = await alice.http.post('/v1/workflows', { name: unique('Flow'), definition: { steps: [step] } });
    const wpath = `/v1/workflows/${flow.body.id}/triggers`;
    const cron = await create(alice, { type: 'cron', schedule: '0 9 * * *' }, wpath);
    const got = await alice.http.get(`${wpath}/${cron.id}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body).toEqual(cron);
    expect(got.body.nextFireAt).toMatch(ISO_MS);
  });

  it('answers 404 for unknown triggers, triggers of another owner and owners the caller cannot see', async () => {
    const t = await create(alice, { type: 'webhook', schedule: 'x' });
    expectError(await alice.http.get(`${base()}/${randomId()}`), 404, 'not_found');
    expectError(await alice.http.get(`/v1/workflows/${workflow.id}/triggers/${t.id}`), 404, 'not_found');
    const other = await alice.http.post('/v1/agents', { name: unique('Other'), system_prompt: 'x' });
    expectError(await alice.http.get(`/v1/agents/${other.body.id}/triggers/${t.id}`), 404, 'not_found');
    const priv = await alice.http.post('/v1/agents', {
      name: unique('Mine'),
      system_prompt: 'x',
      visibility: 'private',
    });
    const hidden = await create(alice, { type: 'webhook', schedule: 'x' }, `/v1/agents/${priv.body.id}/triggers`);
    expect((await alice.http.get(`/v1/agents/${priv.body.id}/triggers/${hidden.id}`)).status).toBe(200);
    expectError(await bob.http.get(`/v1/agents/${priv.body.id}/triggers/${hidden.id}`), 404, 'not_found');
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/agents/:id/triggers/:triggerId',
      path: `${base()}/${t.id}`,
      crossOrg: { credential: orgB.admin.token, missingPath: `${base()}/${randomId()}` },
    });
  });
});

describe('GET, PATCH, DELETE /v1/{agents|workflows}/:id/triggers[/:triggerId]', () => {
  it('lists newest first, changes and deletes a trigger', async () => {
    const path = `/v1/workflows/${workflow.id}/triggers`;
    const first = await create(alice, { type: 'cron', schedule: '0 9 * * *' }, path);
    const second = await create(alice, { type: 'event', schedule: 'run.completed' }, path);
    const page = await alice.http.get(`${path}?limit=1`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.data.map((t: any) => t.id)).toEqual([second.id]);
    expect(page.body.has_more).toBe(true);
    const rest = await alice.http.get(`${path}?cursor=${page.body.next_cursor}`);
    expect(rest.body.data.map((t: any) => t.id)).toEqual([first.id]);
    expect(first.owner_type).toBe('workflow');

    const patched = await alice.http.patch(`${path}/${first.id}`, { schedule: '30 10 * * *', payload: { a: 1 } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ schedule: '30 10 * * *', payload: { a: 1 }, type: 'cron' });
    expect(new Date(patched.body.nextFireAt).getUTCMinutes()).toBe(0); // 10:30 IST = 05:00 UTC
    const off = await alice.http.patch(`${path}/${first.id}`, { enabled: false });
    expect(off.body.nextFireAt).toBeNull();
    expectError(await alice.http.patch(`${path}/${first.id}`, { schedule: '* *' }), 400, 'invalid_request');
    expectError(await alice.http.patch(`${path}/${first.id}`, { type: 'event' }), 400, 'invalid_request');
    expectError(await bob.http.patch(`${path}/${first.id}`, { enabled: true }), 403, 'forbidden');
    expect((await orgA.admin.http.patch(`${path}/${first.id}`, { enabled: true })).status).toBe(200);
    expectError(await alice.http.patch(`/v1/agents/${agent.id}/triggers/${first.id}`, { enabled: true }), 404);

    expectError(await bob.http.delete(`${path}/${second.id}`), 403, 'forbidden');
    expect((await alice.http.delete(`${path}/${second.id}`)).status).toBe(204);
    expectError(await alice.http.delete(`${path}/${second.id}`), 404, 'not_found');
  });

  it('owes the security cases on every route', async () => {
    const t = await create(alice, { type: 'webhook', schedule: 'x' });
    const cross = (path: string) => ({ credential: orgB.admin.token, missingPath: path });
    const other = `/v1/agents/${agent.id}/triggers/${randomId()}`;
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/agents/:id/triggers',
      path: base(),
      crossOrg: cross(`/v1/agents/${randomId()}/triggers`),
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/agents/:id/triggers/:triggerId',
      path: `${base()}/${t.id}`,
      body: { enabled: true },
      crossOrg: cross(other),
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'DELETE /v1/agents/:id/triggers/:triggerId',
      path: `${base()}/${t.id}`,
      crossOrg: cross(other),
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/agents/:id/triggers/:triggerId/fire-now',
      path: `${base()}/${t.id}/fire-now`,
      crossOrg: cross(`${other}/fire-now`),
    });
  });

  it('owes the security cases on every workflow trigger route', async () => {
    const path = `/v1/workflows/${workflow.id}/triggers`;
    const t = await create(alice, { type: 'webhook', schedule: 'x' }, path);
    const before = (await alice.http.get(`${path}/${t.id}`)).body;
    const otherList = `/v1/workflows/${randomId()}/triggers`;
    const other = `${path}/${randomId()}`;
    for (const c of [
      { route: 'POST /v1/workflows/:id/triggers', path, body: { type: 'webhook', schedule: 'x' }, missing: otherList },
      { route: 'GET /v1/workflows/:id/triggers', path, body: undefined, missing: otherList },
      { route: 'GET /v1/workflows/:id/triggers/:triggerId', path: `${path}/${t.id}`, body: undefined, missing: other },
      {
        route: 'PATCH /v1/workflows/:id/triggers/:triggerId',
        path: `${path}/${t.id}`,
        body: { enabled: false },
        missing: other,
      },
      {
        route: 'DELETE /v1/workflows/:id/triggers/:triggerId',
        path: `${path}/${t.id}`,
        body: undefined,
        missing: other,
      },
      {
        route: 'POST /v1/workflows/:id/triggers/:triggerId/fire-now',
        path: `${path}/${t.id}/fire-now`,
        body: undefined,
        missing: `${other}/fire-now`,
      },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: c.path,
        body: c.body,
        crossOrg: { credential: orgB.admin.token, missingPath: c.missing },
      });
    }
    // Nothing the refused callers sent took effect.
    expect((await alice.http.get(`${path}/${t.id}`)).body).toEqual(before);
  });
});

describe('POST /v1/{agents|workflows}/:id/triggers/:triggerId/fire-now', () => {
  it('creates one thread and run per target user, attributed to the agent', async () => {
    const t = await create(orgA.admin, {
      type: 'cron',
      schedule: '0 9 * * 1',
      payload: { prompt: 'Weekly summary', week: 12 },
      target: { type: 'users', user_ids: [alice.user.id, bob.user.id] },
    });
    const res = await orgA.admin.http.post(`${base()}/${t.id}/fire-now`);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toHaveLength(2);
    for (const [i, who] of [alice, bob].entries()) {
      const { thread, run, message } = res.body.data[i];
      expect(thread).toMatchObject({ organization_id: orgA.org.id, created_by_type: 'agent', created_by_id: agent.id });
      expect(run).toMatchObject({ thread_id: thread.id, status: 'queued', agent_id: agent.id, workflow_id: null });
      expect(message).toMatchObject({ role: 'user', created_by_type: 'agent', created_by_id: agent.id });
      expect(message.content).toContain('Weekly summary');
      expect(message.content).toContain('"week": 12');
      expect((await who.http.get(`/v1/threads/${thread.id}`)).status).toBe(200);
      const [row] = await app.server.database.db.select().from(runs).where(eq(runs.id, run.id));
      expect(row!.input).toEqual({ prompt: 'Weekly summary', week: 12 });
      expect(row!.userId).toBe(who.user.id);
      expect((await waitForRun(who.http, thread.id, run.id)).run.status).toBe('completed');
    }
    expectError(await bob.http.get(`/v1/threads/${res.body.data[0].thread.id}`), 404);
    const after = await alice.http.get(base());
    expect(after.body.data.find((x: any) => x.id === t.id).last_fired_at).toMatch(ISO_MS);
  });

  it('runs on a given thread of the agent, and fires workflows', async () => {
    const t = await create(alice, { type: 'webhook', schedule: 'x', payload: { prompt: 'Again' } });
    const first = await alice.http.post(`${base()}/${t.id}/fire-now`, {});
    const thread = first.body.data[0].thread;
    await waitForRun(alice.http, thread.id, first.body.data[0].run.id);
    const again = await alice.http.post(`${base()}/${t.id}/fire-now`, { threadId: thread.id });
    expect(again.status, again.text).toBe(201);
    expect(again.body.data.map((d: any) => d.thread.id)).toEqual([thread.id]);
    const plain = await alice.http.post('/v1/threads', { title: 'mine' });
    expectError(await alice.http.post(`${base()}/${t.id}/fire-now`, { thread_id: plain.body.id }), 400);
    expectError(await orgA.admin.http.post(`${base()}/${t.id}/fire-now`, { thread_id: thread.id }), 404);

    const wt = await create(alice, { type: 'event', schedule: 'run.failed' }, `/v1/workflows/${workflow.id}/triggers`);
    const fired = await alice.http.post(`/v1/workflows/${workflow.id}/triggers/${wt.id}/fire-now`);
    expect(fired.status, fired.text).toBe(201);
    expect(fired.body.data[0].thread).toMatchObject({ created_by_type: 'workflow', created_by_id: workflow.id });
    expect(fired.body.data[0].run).toMatchObject({ workflow_id: workflow.id, agent_id: null });
  });

  it('is refused to members who are neither the trigger creator nor an organization admin', async () => {
    const t = await create(alice, { type: 'webhook', schedule: 'x', payload: { prompt: 'Only mine' } });
    const refused = await bob.http.post(`${base()}/${t.id}/fire-now`);
    expectError(refused, 403, 'forbidden');
    expect(refused.body.error).toMatch(/creator or an organization admin/);
    expect((await alice.http.get(`${base()}/${t.id}`)).body.last_fired_at).toBeNull();
    const byAdmin = await orgA.admin.http.post(`${base()}/${t.id}/fire-now`);
    expect(byAdmin.status, byAdmin.text).toBe(201);
    const { thread, run } = byAdmin.body.data[0];
    expect((await waitForRun(alice.http, thread.id, run.id)).run.status).toBe('completed');
  });
});

describe('OpenAPI', () => {
  it('documents the trigger routes with 400 for validation and 403 on fire-now', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    for (const segment of ['agents', 'workflows']) {
      const list = `/v1/${segment}/{id}/triggers`;
      const item = `${list}/{triggerId}`;
      expect(Object.keys(doc.paths[list]).sort()).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths[item]).sort()).toEqual(['delete', 'get', 'patch']);
      const one = doc.paths[item].get.responses;
      expect(one['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/Trigger');
      expect(Object.keys(one).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
      const created = doc.paths[list].post.responses;
      expect(created['422']).toBeUndefined();
      expect(created['409'].description).toContain('limit_reached');
      expect(created['403'].description).toContain('forbidden');
      for (const op of [doc.paths[list].post, doc.paths[item].patch, doc.paths[`${item}/fire-now`].post])
        expect(op.description).toContain('A target other than the caller');
      expect(doc.paths[item].patch.responses['422']).toBeUndefined();
      expect(doc.paths[`${item}/fire-now`].post.responses['403'].description).toContain('forbidden');
    }
  });
});
