import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runs } from '../src/platform/db/schema/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg, unique } from './helpers/fixtures.ts';
import { waitForRun } from './helpers/runs.ts';
import { randomId } from './helpers/security.ts';

let app: TestApp;
let org: TestOrg;
let alice: OrgUser;
let bob: OrgUser;
let agent: any;

beforeAll(async () => {
  app = await startTestApp();
  org = await createOrgWithAdmin(app);
  alice = await addUser(app, org.admin.http, { first_name: 'Alice' });
  bob = await addUser(app, org.admin.http, { first_name: 'Bob' });
  const a = await alice.http.post('/v1/agents', { name: unique('Agent'), system_prompt: 'You help.' });
  expect(a.status, a.text).toBe(201);
  agent = a.body;
});
afterAll(() => app?.close());

const now = () => String(Math.floor(Date.now() / 1000));
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
/** The delivery headers: the timestamp and the signature of "<timestamp>.<body>". */
const sign = (secret: string, body: string, timestamp = now()) => ({
  'x-atrium-timestamp': timestamp,
  'x-atrium-signature': `sha256=${hmac(secret, `${timestamp}.${body}`)}`,
});
const deliver = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
const inputOf = async (runId: string) =>
  (await app.server.database.db.select().from(runs).where(eq(runs.id, runId)))[0]!.input;

/** Alice's own triggers; targets other than her are set by the organization admin (only admins may). */
async function createTrigger(body: Record<string, unknown>, who: OrgUser = alice) {
  const res = await who.http.post(`/v1/agents/${agent.id}/triggers`, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('POST /v1/hooks/:triggerId', () => {
  it('fires on a good signature with the body merged into the payload', async () => {
    const hook = await createTrigger({
      type: 'webhook',
      schedule: 'crm',
      payload: { prompt: 'New lead', source: 'crm' },
    });
    const body = JSON.stringify({ lead: 'ACME', source: 'web' });
    const res = await deliver(hook.webhook_url, body, sign(hook.secret, body));
    expect(res.status).toBe(202);
    const { data } = (await res.json()) as { data: { thread_id: string; run_id: string }[] };
    expect(data).toHaveLength(1);
    expect(await inputOf(data[0]!.run_id)).toEqual({ prompt: 'New lead', source: 'web', lead: 'ACME' });
    const thread = await alice.http.get(`/v1/threads/${data[0]!.thread_id}`);
    expect(thread.body).toMatchObject({ created_by_type: 'agent', created_by_id: agent.id });
    const snapshot = await waitForRun(alice.http, data[0]!.thread_id, data[0]!.run_id);
    expect(snapshot.run).toMatchObject({ status: 'completed', agent_id: agent.id });

    const text = await deliver(hook.webhook_url, 'plain words', {
      'content-type': 'text/plain',
      ...sign(hook.secret, 'plain words'),
    });
    expect(text.status).toBe(202);
    const textRun = ((await text.json()) as any).data[0].run_id;
    expect(await inputOf(textRun)).toEqual({ prompt: 'New lead', source: 'crm', body: 'plain words' });
  });

  it('refuses a bad or missing signature with 401 and unknown or disabled triggers with 404', async () => {
    const hook = await createTrigger({ type: 'webhook', schedule: 'crm' });
    const body = JSON.stringify({ lead: 'ACME' });
    const expect401 = async (headers: Record<string, string>) => {
      const res = await deliver(hook.webhook_url, body, headers);
      expect(res.status).toBe(401);
      expect(((await res.json()) as any).code).toBe('invalid_signature');
    };
    const signed = sign(hook.secret, body);
    await expect401({ 'x-atrium-timestamp': now() });
    await expect401(sign('whsec_wrong', body));
    await expect401(sign(hook.secret, `${body} `));
    await expect401({ ...signed, 'x-atrium-signature': signed['x-atrium-signature'].replace('sha256=', '') });
    await expect401({ ...signed, 'x-atrium-signature': 'sha256=zz' });
    // The body alone signed (no timestamp in the signed text) is refused.
    await expect401({ 'x-atrium-timestamp': now(), 'x-atrium-signature': `sha256=${hmac(hook.secret, body)}` });
    const threads = await alice.http.get(`/v1/threads?createdById=${agent.id}`);
    expect(threads.body.data.filter((t: any) => t.created_at > hook.created_at)).toEqual([]);

    const bad = await deliver(hook.webhook_url, '{"lead":', sign(hook.secret, '{"lead":'));
    expect(bad.status).toBe(400);
    const missing = await deliver(`${app.url}/v1/hooks/${randomId()}`, body, sign('x', body));
    expect(missing.status).toBe(404);
    const cron = await createTrigger({ type: 'cron', schedule: '0 9 * * *' });
    expect((await deliver(`${app.url}/v1/hooks/${cron.id}`, body)).status).toBe(404);
    await alice.http.patch(`/v1/agents/${agent.id}/triggers/${hook.id}`, { enabled: false });
    const off = await deliver(hook.webhook_url, body, sign(hook.secret, body));
    expect(off.status).toBe(404);
  });
});

/** Threads the agent made for `who`, polled until `count` exist (then a little longer, to see no more come). */
async function agentThreads(who: OrgUser, count: number, settleMs = 1500): Promise<any[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await who.http.get(`/v1/threads?createdByType=agent&createdById=${agent.id}`);
    if (res.body.data.length >= count) {
      await new Promise((r) => setTimeout(r, settleMs));
      return (await who.http.get(`/v1/threads?createdByType=agent&createdById=${agent.id}`)).body.data;
    }
    if (Date.now() > deadline) throw new Error(`expected ${count} agent threads, saw ${res.body.data.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('event triggers', () => {
  it('fire on thread.created, message.created and run.completed, once each and never from their own runs', async () => {
    const target = { type: 'user', user_id: bob.user.id };
    const admin = org.admin;
    const onThread = await createTrigger(
      { type: 'event', schedule: 'thread.created', payload: { kind: 't' }, target },
      admin,
    );
    const thread = await alice.http.post('/v1/threads', { title: 'Plans' });
    expect(thread.status, thread.text).toBe(201);
    const [made] = await agentThreads(bob, 1);
    const [message] = (await bob.http.get(`/v1/threads/${made.id}/messages`)).body.data;
    expect(message.content).toContain('"event": "thread.created"');
    expect(message.content).toContain(thread.body.id);
    await admin.http.delete(`/v1/agents/${agent.id}/triggers/${onThread.id}`);

    await createTrigger({ type: 'event', schedule: 'message.created', target }, admin);
    const posted = await alice.http.post(`/v1/threads/${thread.body.id}/messages`, { content: 'Hello', run: false });
    expect(posted.status, posted.text).toBe(201);
    const afterMessage = await agentThreads(bob, 2);
    expect(afterMessage).toHaveLength(2);

    const onRun = await createTrigger({ type: 'event', schedule: 'run.completed', target }, admin);
    const run = await alice.http.post(`/v1/threads/${thread.body.id}/messages`, { content: 'Answer me' });
    await waitForRun(alice.http, thread.body.id, run.body.run.id);
    // message.created fires for Alice's message, run.completed for her run; the agent's own runs fire nothing.
    const all = await agentThreads(bob, 4, 3000);
    expect(all).toHaveLength(4);
    const listed = await alice.http.get(`/v1/agents/${agent.id}/triggers`);
    expect(listed.body.data.find((t: any) => t.id === onRun.id).last_fired_at).not.toBeNull();
  });

  it('fire on message.created for the message a person starts a workflow with', async () => {
    const carol = await addUser(app, org.admin.http, { first_name: 'Carol' });
    const trigger = await createTrigger(
      { type: 'event', schedule: 'message.created', target: { type: 'user', user_id: carol.user.id } },
      org.admin,
    );
    const wf = await alice.http.post('/v1/workflows', {
      name: unique('Workflow'),
      definition: { steps: [{ id: 'a', name: 'A', depends_on: [], type: 'model', config: { prompt: 'Hi' } }] },
    });
    expect(wf.status, wf.text).toBe(201);
    const ran = await alice.http.post(`/v1/workflows/${wf.body.id}/run`, { input: { prompt: 'Start it' } });
    expect(ran.status, ran.text).toBe(201);
    const [made] = await agentThreads(carol, 1);
    const [message] = (await carol.http.get(`/v1/threads/${made.id}/messages`)).body.data;
    expect(message.content).toContain('"event": "message.created"');
    expect(message.content).toContain(ran.body.message.id);
    await org.admin.http.delete(`/v1/agents/${agent.id}/triggers/${trigger.id}`);
  });
});
