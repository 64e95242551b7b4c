import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, triggerFires, triggers } from '../src/platform/db/schema/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { eventually, expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg, unique } from './helpers/fixtures.ts';

/**
 * Finding 8: a trigger posts a user message into a thread of each of its targets, so targeting anyone but
 * oneself needs an organization admin (or, for a project target, an admin of that project), at create, PATCH
 * and fire-now, and unattended fires stop when the creator loses that right.
 */
let app: TestApp;
let org: TestOrg;
let alice: OrgUser;
let bob: OrgUser;
let agent: any;

beforeAll(async () => {
  app = await startTestApp({ ATRIUM_SCHEDULER_INTERVAL_MS: '100' });
  org = await createOrgWithAdmin(app);
  alice = await addUser(app, org.admin.http, { first_name: 'Alice' });
  bob = await addUser(app, org.admin.http, { first_name: 'Bob' });
  const a = await alice.http.post('/v1/agents', { name: unique('Agent'), system_prompt: 'You help.' });
  expect(a.status, a.text).toBe(201);
  agent = a.body;
});
afterAll(() => app?.close());

const base = () => `/v1/agents/${agent.id}/triggers`;
const create = async (who: OrgUser, body: Record<string, unknown>) => {
  const res = await who.http.post(base(), body);
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const agentThreadsOf = async (who: OrgUser) =>
  (await who.http.get(`/v1/threads?createdByType=agent&createdById=${agent.id}`)).body.data as any[];
const lastFiredAt = async (id: string) => (await org.admin.http.get(`${base()}/${id}`)).body.last_fired_at;

describe('who may target whom', () => {
  it("refuses a member's trigger that would post into another user's threads (the finding)", async () => {
    const admin = org.admin.user.id;
    const before = await agentThreadsOf(org.admin);
    for (const target of [
      { type: 'user', user_id: admin },
      { type: 'users', user_ids: [admin] },
      { type: 'users', user_ids: [alice.user.id, admin] },
    ]) {
      const res = await alice.http.post(base(), { type: 'webhook', schedule: 'x', target });
      expectError(res, 403, 'forbidden');
      expect(res.body.error).toBe('Only an organization admin may make a trigger post to other users');
    }
    expect(await agentThreadsOf(org.admin)).toEqual(before);

    // Herself, in either form, is fine; an admin may target anyone in the organization.
    const self = await create(alice, {
      type: 'webhook',
      schedule: 'x',
      target: { type: 'user', user_id: alice.user.id },
    });
    const selves = await create(alice, {
      type: 'webhook',
      schedule: 'x',
      target: { type: 'users', user_ids: [alice.user.id, alice.user.id] },
    });
    expect(selves.target).toEqual({ type: 'users', user_ids: [alice.user.id] });
    const fired = await alice.http.post(`${base()}/${self.id}/fire-now`);
    expect(fired.status, fired.text).toBe(201);
    expect(fired.body.data.map((d: any) => d.thread.id)).toHaveLength(1);
    expect((await alice.http.get(`/v1/threads/${fired.body.data[0].thread.id}`)).status).toBe(200);
    await create(org.admin, { type: 'webhook', schedule: 'x', target: { type: 'users', user_ids: [alice.user.id] } });
  });

  it("checks PATCH against the target kept or set, and an admin cannot lend a member's trigger their rights", async () => {
    const t = await create(alice, { type: 'webhook', schedule: 'x' });
    const path = `${base()}/${t.id}`;
    expectError(await alice.http.patch(path, { target: { type: 'user', user_id: bob.user.id } }), 403, 'forbidden');
    expect((await alice.http.patch(path, { payload: { prompt: 'Mine' } })).status).toBe(200);

    // The admin may edit it, but not point it at people its creator may not address: unattended fires act
    // with the creator's rights, so such a trigger would never fire.
    const lent = await org.admin.http.patch(path, { target: { type: 'users', user_ids: [bob.user.id] } });
    expectError(lent, 403, 'forbidden');
    expect(lent.body.error).toMatch(/creator may not address this target/);
    expect((await org.admin.http.patch(path, { payload: { prompt: 'Edited by the admin' } })).status).toBe(200);
    const back = await org.admin.http.patch(path, { target: { type: 'user', user_id: alice.user.id } });
    expect(back.status, back.text).toBe(200);
    expect((await alice.http.get(path)).body.target).toEqual({ type: 'user', user_id: alice.user.id });
  });

  it('needs an organization admin or an admin of the project for a project target', async () => {
    const project = await alice.http.post('/v1/projects', { name: unique('P') });
    expect(project.status, project.text).toBe(201);
    const target = { type: 'project', project_id: project.body.id };
    const join = (who: OrgUser, role: 'admin' | 'member') =>
      alice.http.post(`/v1/projects/${project.body.id}/members`, { userId: who.user.id, role });
    expect((await join(bob, 'member')).status).toBe(201);
    expect((await join(org.admin, 'member')).status).toBe(201);

    const refused = await bob.http.post(base(), { type: 'webhook', schedule: 'x', target });
    expectError(refused, 403, 'forbidden');
    expect(refused.body.error).toMatch(/admin of the project/);
    await create(alice, { type: 'webhook', schedule: 'x', target }); // she created it: its admin
    await create(org.admin, { type: 'webhook', schedule: 'x', target }); // a plain member, but an org admin

    // A member's own self-targeted trigger cannot be moved to the project either, until they administer it.
    const mine = await create(bob, { type: 'webhook', schedule: 'x' });
    expectError(await bob.http.patch(`${base()}/${mine.id}`, { target }), 403, 'forbidden');
    const promoted = await alice.http.patch(`/v1/projects/${project.body.id}/members/${bob.user.id}`, {
      role: 'admin',
    });
    expect(promoted.status, promoted.text).toBe(200);
    expect((await bob.http.patch(`${base()}/${mine.id}`, { target })).status).toBe(200);
    const fired = await bob.http.post(`${base()}/${mine.id}/fire-now`);
    expect(fired.status, fired.text).toBe(201);
    expect(fired.body.data[0].thread.project_id).toBe(project.body.id);
  });
});

describe('a creator who loses the right to address the target', () => {
  it('can no longer fire it now, change it or have it fire unattended; self-targeted triggers carry on', async () => {
    const erin = await addUser(app, org.admin.http, { first_name: 'Erin', role: 'admin' });
    const toBob = { type: 'user', user_id: bob.user.id };
    const hook = await create(erin, { type: 'webhook', schedule: 'x', target: toBob });
    const ownHook = await create(erin, { type: 'webhook', schedule: 'x' });
    const yearly = '0 0 1 1 *';
    const cron = await create(erin, { type: 'cron', schedule: yearly, target: toBob });
    const ownCron = await create(erin, { type: 'cron', schedule: yearly });
    const event = await create(erin, { type: 'event', schedule: 'thread.created', target: toBob });
    const ownEvent = await create(erin, { type: 'event', schedule: 'thread.created' });
    const demoted = await org.admin.http.patch(`/v1/users/${erin.user.id}`, { role: 'member' });
    expect(demoted.status, demoted.text).toBe(200);

    expectError(await erin.http.post(`${base()}/${hook.id}/fire-now`), 403, 'forbidden');
    expectError(await erin.http.patch(`${base()}/${hook.id}`, { payload: { prompt: 'Still me' } }), 403, 'forbidden');
    expect((await erin.http.post(`${base()}/${ownHook.id}/fire-now`)).status).toBe(201);

    // Webhook: the trigger answers as if it did not exist; the self-targeted one fires.
    const deliver = (h: any) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const body = '{}';
      const signature = createHmac('sha256', h.secret).update(`${timestamp}.${body}`).digest('hex');
      return fetch(h.webhook_url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'x-atrium-timestamp': timestamp,
          'x-atrium-signature': `sha256=${signature}`,
        },
      });
    };
    expect((await deliver(hook)).status).toBe(404);
    expect((await deliver(ownHook)).status).toBe(202);

    // Cron: both due now; the scheduler records both due times, fires only the self-targeted one.
    const db = app.server.database.db;
    await db
      .update(triggers)
      .set({ nextFireAt: sql`now() - interval '1 second'` })
      .where(sql`${triggers.id} in (${cron.id}, ${ownCron.id})`);
    await eventually(async () => {
      const rows = await db
        .select()
        .from(triggerFires)
        .where(sql`${triggerFires.triggerId} in (${cron.id}, ${ownCron.id})`);
      expect(rows).toHaveLength(2);
    });

    // Event: one thread.created occurrence, one job per listening trigger; only the self-targeted one fires.
    expect((await alice.http.post('/v1/threads', { title: 'Plans' })).status).toBe(201);
    await eventually(async () => {
      const done = await db
        .select({ status: jobs.status })
        .from(jobs)
        .where(
          and(eq(jobs.kind, 'trigger.event'), sql`${jobs.payload}->>'triggerId' in (${event.id}, ${ownEvent.id})`),
        );
      expect(done.map((j) => j.status)).toEqual(['completed', 'completed']);
    });

    expect(await lastFiredAt(ownCron.id)).not.toBeNull();
    expect(await lastFiredAt(ownEvent.id)).not.toBeNull();
    for (const t of [hook, cron, event]) expect(await lastFiredAt(t.id)).toBeNull();
    expect((await agentThreadsOf(bob)).filter((t) => t.project_id === null)).toEqual([]);

    // Deleting stays possible for the creator; an org admin may still fire it now.
    expect((await org.admin.http.post(`${base()}/${hook.id}/fire-now`)).status).toBe(201);
    expect((await erin.http.delete(`${base()}/${hook.id}`)).status).toBe(204);
  });
});
