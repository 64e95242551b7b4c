import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';

/**
 * SPEC States: after a cancel, every request that would call a model gets 402 `no_active_subscription` before any
 * model is called, and nothing of it is kept; requests that call no model still work; choosing a plan again
 * lifts it. Another organization is not affected.
 */
let app: TestApp;
let canceled: TestOrg;
let other: TestOrg;
let agent: any;
let workflow: any;
let cronless: any;
let webhook: any;

const STEPS = [{ id: 'a', name: 'A', depends_on: [], type: 'model', config: { prompt: 'Hi' } }];
const noSubscription = (res: any) => expectError(res, 402, 'no_active_subscription');

beforeAll(async () => {
  app = await startTestApp();
  [canceled, other] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
  const http = canceled.admin.http;
  agent = await createAgent(canceled.admin);
  workflow = (await http.post('/v1/workflows', { name: 'Flow', definition: { steps: STEPS } })).body;
  cronless = (await http.post(`/v1/agents/${agent.id}/triggers`, { type: 'event', schedule: 'thread.created' })).body;
  webhook = (await http.post(`/v1/agents/${agent.id}/triggers`, { type: 'webhook', schedule: 'crm' })).body;
  expect(workflow.id && cronless.id && webhook.webhook_url).toBeTruthy();
  const cancel = await http.post('/v1/organization/subscription/cancel', {});
  expect(cancel.status, cancel.text).toBe(200);
});
afterAll(() => app?.close());

describe('402 no_active_subscription after a cancel', () => {
  it('refuses every launch and model call, keeps nothing, and lets model-free requests through', async () => {
    const http = canceled.admin.http;
    const thread = (await http.post('/v1/threads', {})).body;

    noSubscription(await http.post(`/v1/threads/${thread.id}/messages`, { content: 'Hello' }));
    noSubscription(await http.post(`/v1/threads/${thread.id}/runs`, { content: 'Hello' }));
    noSubscription(await http.post(`/v1/agents/${agent.id}/run`, { input: { prompt: 'Hello' } }));
    noSubscription(await http.post(`/v1/workflows/${workflow.id}/run`, { input: {} }));
    noSubscription(await http.post(`/v1/agents/${agent.id}/triggers/${cronless.id}/fire-now`, {}));
    noSubscription(
      await http.post(`/v1/workflows/${workflow.id}/refine`, { messages: [{ role: 'user', content: 'Add a step' }] }),
    );
    noSubscription(await http.post('/v1/organization/themes/suggest-colors', { brief: 'A calm bank' }));
    const body = '{}';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', webhook.secret).update(`${timestamp}.${body}`).digest('hex');
    const hook = await fetch(webhook.webhook_url, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-atrium-timestamp': timestamp,
        'x-atrium-signature': `sha256=${signature}`,
      },
    });
    expect(hook.status).toBe(402);
    expect(((await hook.json()) as { code: string }).code).toBe('no_active_subscription');

    // Nothing of the refused requests was kept.
    expect((await http.get(`/v1/threads/${thread.id}/messages`)).body.data).toEqual([]);
    expect((await http.get(`/v1/threads/${thread.id}/runs`)).body.data).toEqual([]);

    // A message without a run calls no model: it is accepted.
    const note = await http.post(`/v1/threads/${thread.id}/messages`, { content: 'A note', run: false });
    expect(note.status, note.text).toBe(201);
    expect(note.body.run).toBeNull();
    // Suggestions from colours need no model either.
    expect((await http.post('/v1/organization/themes/suggest-colors', { colors: ['#0055aa'] })).status).toBe(200);
  });

  it('is answered before the wallet: no subscription comes first, an empty enforcing wallet next', async () => {
    const operator = app.http.as(app.consoleKey);
    const wallet = `/v1/admin/organizations/${canceled.org.id}/wallet`;
    expect((await operator.post(wallet, { enforcement_enabled: true })).status).toBe(201);
    const thread = (await canceled.admin.http.post('/v1/threads', {})).body;
    noSubscription(await canceled.admin.http.post(`/v1/threads/${thread.id}/messages`, { content: 'Hello' }));
  });

  it('does not touch another organization, and a new plan lifts it', async () => {
    const otherThread = (await other.admin.http.post('/v1/threads', {})).body;
    const { run } = await postAndRun(other.admin.http, otherThread.id, 'Hello');
    expect((await waitForRun(other.admin.http, otherThread.id, run.id)).run.status).toBe('completed');

    const plans = (await canceled.admin.http.get('/v1/plans')).body.data;
    const pro = plans.find((p: any) => p.slug === 'pro');
    const change = await canceled.admin.http.post('/v1/organization/subscription/change-plan', { planId: pro.id });
    expect(change.status, change.text).toBe(200);
    const thread = (await canceled.admin.http.post('/v1/threads', {})).body;
    // Subscribed again, the empty enforcing wallet of the test before now refuses; without enforcement, runs start.
    expectError(
      await canceled.admin.http.post(`/v1/threads/${thread.id}/messages`, { content: 'Hi' }),
      402,
      'insufficient_balance',
    );
    const operator = app.http.as(app.consoleKey);
    const off = await operator.post(`/v1/admin/organizations/${canceled.org.id}/wallet`, {
      enforcement_enabled: false,
    });
    expect(off.status, off.text).toBe(200);
    const again = await postAndRun(canceled.admin.http, thread.id, 'Hello again');
    expect((await waitForRun(canceled.admin.http, thread.id, again.run.id)).run.status).toBe('completed');
  });
});
