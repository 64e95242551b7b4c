import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../src/platform/http/error-codes.ts';
import { OFFLINE_VERSION_ID } from '../src/platform/models/index.ts';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { awaiting, postAndRun, waitForRun } from './helpers/runs.ts';

/**
 * Issue 15, Enforcement: while the wallet's `enforcement_enabled` is on, a run does not start with the balance at
 * or below zero (402 insufficient_balance) or past a spend limit covering it (402 spend_limit_reached); a started
 * run may take the balance below zero; a run that uses up a limit mid-way pauses `awaiting` on an approval of kind
 * `spend_limit` that only an org admin answers: approve lets it past that limit, reject ends it with its reply.
 */
let app: TestApp;
let operator: Client;

/** A tool call, then the model's summary of its result: two model rounds, so the spend gate runs once. */
const TWO_ROUNDS = '/tool create_file {"filename":"note.txt","content":"hello"}';

/** The organization's wallet, enforcing unless told otherwise, and its runs on the priced offline model. */
async function wallet(org: TestOrg, body: { enforcement_enabled?: boolean; credit?: number }) {
  const orgId = org.org.id;
  // Selected explicitly, the offline model resolves from its catalog row, with the prices set in beforeAll.
  const selected = await org.admin.http.put('/v1/organization/model-selections', {
    selections: [{ key: 'text', model_version_id: OFFLINE_VERSION_ID }],
  });
  expect(selected.status, selected.text).toBe(200);
  const res = await operator.post(`/v1/admin/organizations/${orgId}/wallet`, {
    enforcement_enabled: body.enforcement_enabled ?? true,
  });
  expect([200, 201], res.text).toContain(res.status);
  if (body.credit) {
    const credit = await operator.post(`/v1/admin/organizations/${orgId}/wallet/credits`, {
      amount_minor: body.credit,
    });
    expect(credit.status, credit.text).toBe(201);
  }
}

async function limit(orgId: string, scope: string, scopeId: string | null, amountMinor: number) {
  const res = await operator.post(`/v1/admin/organizations/${orgId}/spend-limits`, {
    scope,
    ...(scopeId ? { scope_id: scopeId } : {}),
    amount_minor: amountMinor,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function balanceOf(org: TestOrg): Promise<number> {
  const res = await org.admin.http.get('/v1/organization/wallet');
  expect(res.status, res.text).toBe(200);
  return res.body.balance_minor;
}

async function newThread(who: OrgUser) {
  const res = await who.http.post('/v1/threads', { title: 'Private plans' });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Every launch path of `who` is refused with `code`, and nothing of them is stored. */
async function expectEveryLaunchRefused(org: TestOrg, who: OrgUser, agent: any, code: ErrorCode) {
  const thread = await newThread(who);
  expectError(await who.http.post(`/v1/threads/${thread.id}/messages`, { content: 'Hello' }), 402, code);
  expectError(await who.http.post(`/v1/threads/${thread.id}/runs`, { content: 'Hello' }), 402, code);
  expectError(await who.http.post(`/v1/agents/${agent.id}/run`, { input: { prompt: 'Hello' } }), 402, code);
  expect((await who.http.get(`/v1/threads/${thread.id}/messages`)).body.data).toEqual([]);
  expect((await who.http.get(`/v1/threads/${thread.id}/runs`)).body.data).toEqual([]);
  const trigger = await org.admin.http.post(`/v1/agents/${agent.id}/triggers`, {
    type: 'event',
    schedule: 'thread.created',
  });
  expect(trigger.status, trigger.text).toBe(201);
  expectError(await org.admin.http.post(`/v1/agents/${agent.id}/triggers/${trigger.body.id}/fire-now`, {}), 402, code);
  // A signed webhook delivery goes through the same launch: refused with the same code, nothing fired.
  const hook = await org.admin.http.post(`/v1/agents/${agent.id}/triggers`, { type: 'webhook', schedule: 'crm' });
  expect(hook.status, hook.text).toBe(201);
  const body = '{}';
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', hook.body.secret).update(`${timestamp}.${body}`).digest('hex');
  const delivery = await fetch(hook.body.webhook_url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-atrium-timestamp': timestamp,
      'x-atrium-signature': `sha256=${signature}`,
    },
  });
  expect(delivery.status).toBe(402);
  expect(((await delivery.json()) as { code: string }).code).toBe(code);
  const threads = (await org.admin.http.get(`/v1/threads?limit=100`)).body.data;
  expect(threads.filter((t: any) => t.created_by_type === 'agent')).toEqual([]);
  expect((await org.admin.http.delete(`/v1/agents/${agent.id}/triggers/${trigger.body.id}`)).status).toBe(204);
  expect((await org.admin.http.delete(`/v1/agents/${agent.id}/triggers/${hook.body.id}`)).status).toBe(204);
}

async function runCompletes(who: OrgUser, content = 'Hello') {
  const thread = await newThread(who);
  const { run } = await postAndRun(who.http, thread.id, content);
  const done = await waitForRun(who.http, thread.id, run.id);
  expect(done.run.status).toBe('completed');
  return done;
}

beforeAll(async () => {
  app = await startTestApp();
  operator = app.http.as(app.consoleKey);
  // Price the offline model (cents per 1M tokens): every round of a run costs whole cents.
  const priced = await operator.patch(`/v1/admin/ai-model-versions/${OFFLINE_VERSION_ID}`, {
    inputCostPer1m: 4_000_000,
    outputCostPer1m: 4_000_000,
  });
  expect(priced.status, priced.text).toBe(200);
});
afterAll(() => app?.close());

describe('run-start enforcement', () => {
  it('refuses nothing while enforcement is off, even at a negative balance or past a limit', async () => {
    const org = await createOrgWithAdmin(app);
    await wallet(org, { enforcement_enabled: false });
    await limit(org.org.id, 'organization', null, 0);
    await runCompletes(org.admin);
    expect(await balanceOf(org)).toBeLessThan(0);
    await runCompletes(org.admin);
  });

  it('without a wallet nothing is refused', async () => {
    const org = await createOrgWithAdmin(app);
    await runCompletes(org.admin);
  });

  it('refuses every launch with 402 insufficient_balance at a zero balance, and lifts it with credit', async () => {
    const org = await createOrgWithAdmin(app);
    const agent = await createAgent(org.admin);
    await wallet(org, {});
    expect(await balanceOf(org)).toBe(0);
    await expectEveryLaunchRefused(org, org.admin, agent, 'insufficient_balance');
    // A message that starts no run calls no model: it is accepted.
    const thread = await newThread(org.admin);
    const note = await org.admin.http.post(`/v1/threads/${thread.id}/messages`, { content: 'A note', run: false });
    expect(note.status, note.text).toBe(201);

    await wallet(org, { credit: 1_000_000 });
    await runCompletes(org.admin);
  });

  it('lets the last run take the balance below zero, then refuses the next one', async () => {
    const org = await createOrgWithAdmin(app);
    await wallet(org, { credit: 1 });
    await runCompletes(org.admin);
    const balance = await balanceOf(org);
    expect(balance).toBeLessThan(0);
    const thread = await newThread(org.admin);
    const res = await org.admin.http.post(`/v1/threads/${thread.id}/messages`, { content: 'Hello' });
    expectError(res, 402, 'insufficient_balance');
    expect(await balanceOf(org)).toBe(balance);
  });

  it('a used-up user limit refuses that user everywhere (402 spend_limit_reached) and nobody else', async () => {
    const org = await createOrgWithAdmin(app);
    await wallet(org, { credit: 1_000_000 });
    const [limited, free] = await Promise.all([
      addUser(app, org.admin.http, { first_name: 'Lim', last_name: 'Ited' }),
      addUser(app, org.admin.http),
    ]);
    const agent = await createAgent(org.admin);
    await limit(org.org.id, 'user', limited.user.id, 0);
    await expectEveryLaunchRefusedFor(limited, agent, 'Lim Ited');
    await runCompletes(free);
    await runCompletes(org.admin);
  });

  it('a department limit covers the members of its child departments, not those of other departments', async () => {
    const org = await createOrgWithAdmin(app);
    await wallet(org, { credit: 1_000_000 });
    const dept = (name: string, parent: string | null) =>
      org.admin.http.post('/v1/organization/departments', { name, parent_department_id: parent });
    const sales = (await dept('Sales', null)).body;
    const emea = (await dept('Sales EMEA', sales.id)).body;
    const support = (await dept('Support', null)).body;
    const [inChild, inOther] = await Promise.all([addUser(app, org.admin.http), addUser(app, org.admin.http)]);
    for (const [who, department] of [
      [inChild, emea],
      [inOther, support],
    ] as const) {
      const res = await org.admin.http.patch(`/v1/users/${who.user.id}`, { department_id: department.id });
      expect(res.status, res.text).toBe(200);
    }
    await limit(org.org.id, 'department', sales.id, 0);
    const thread = await newThread(inChild);
    const refused = await inChild.http.post(`/v1/threads/${thread.id}/runs`, { content: 'Hello' });
    expectError(refused, 402, 'spend_limit_reached');
    expect(refused.body.error).toContain('department Sales');
    await runCompletes(inOther);
  });

  it('an agent limit refuses runs of that agent only', async () => {
    const org = await createOrgWithAdmin(app);
    await wallet(org, { credit: 1_000_000 });
    const [limited, other] = [await createAgent(org.admin), await createAgent(org.admin)];
    await limit(org.org.id, 'agent', limited.id, 0);
    const refused = await org.admin.http.post(`/v1/agents/${limited.id}/run`, { input: { prompt: 'Hello' } });
    expectError(refused, 402, 'spend_limit_reached');
    const ran = await org.admin.http.post(`/v1/agents/${other.id}/run`, { input: { prompt: 'Hello' } });
    expect(ran.status, ran.text).toBe(201);
    const done = await waitForRun(org.admin.http, ran.body.thread.id, ran.body.run.id);
    expect(done.run.status).toBe('completed');
  });

  it('an organization limit with money left lets runs start', async () => {
    const org = await createOrgWithAdmin(app);
    await wallet(org, { credit: 1_000_000 });
    await limit(org.org.id, 'organization', null, 1_000_000);
    await runCompletes(org.admin);
  });
});

/** The three request launch paths refuse `who` with spend_limit_reached naming the limit; nothing is stored. */
async function expectEveryLaunchRefusedFor(who: OrgUser, agent: any, label: string) {
  const thread = await newThread(who);
  const refusals = [
    await who.http.post(`/v1/threads/${thread.id}/messages`, { content: 'Hello' }),
    await who.http.post(`/v1/threads/${thread.id}/runs`, { content: 'Hello' }),
    await who.http.post(`/v1/agents/${agent.id}/run`, { input: { prompt: 'Hello' } }),
  ];
  for (const res of refusals) {
    expectError(res, 402, 'spend_limit_reached');
    expect(res.body.error).toContain(`user ${label}`);
  }
  expect((await who.http.get(`/v1/threads/${thread.id}/messages`)).body.data).toEqual([]);
}

describe('a run that uses up a limit mid-way', () => {
  let org: TestOrg;
  let member: OrgUser;
  let spendLimit: any;

  beforeAll(async () => {
    org = await createOrgWithAdmin(app);
    await wallet(org, { credit: 1_000_000 });
    member = await addUser(app, org.admin.http);
    // One cent: the first round of a run uses it up, the run had not when it started.
    spendLimit = await limit(org.org.id, 'user', member.user.id, 1);
  });

  /** Starts the member's two-round run and waits for its pause; fresh limit spend means a fresh limit. */
  async function pausedRun() {
    const res = await operator.patch(`/v1/admin/organizations/${org.org.id}/spend-limits/${spendLimit.id}`, {
      amount_minor: (await spentOf()) + 1,
    });
    expect(res.status, res.text).toBe(200);
    const thread = await newThread(member);
    const { run } = await postAndRun(member.http, thread.id, TWO_ROUNDS);
    const snapshot = await waitForRun(member.http, thread.id, run.id, awaiting);
    return { thread, run, snapshot };
  }

  async function spentOf(): Promise<number> {
    const res = await operator.get(`/v1/admin/organizations/${org.org.id}/spend-limits`);
    return res.body.limits.find((l: any) => l.id === spendLimit.id).spent_minor;
  }

  it('pauses awaiting on a spend_limit approval that only org admins see and answer; approve completes it', async () => {
    const { thread, run, snapshot } = await pausedRun();
    const pause = snapshot.acts.find((a: any) => a.status === 'awaiting');
    expect(pause.interrupt).toMatchObject({
      type: 'approval',
      kind: 'spend_limit',
      options: [],
      multiSelect: false,
      spend_limit: { id: spendLimit.id, scope: 'user', scope_id: member.user.id, label: 'Max Member' },
    });
    expect(pause.interrupt.spend_limit.spent_minor).toBeGreaterThanOrEqual(pause.interrupt.spend_limit.amount_minor);
    expect(snapshot.outputMessage).toBeNull();

    // The member, whose run it is, neither sees it in the approvals list nor answers it.
    expect((await member.http.get('/v1/approvals')).body.data).toEqual([]);
    const base = `/v1/threads/${thread.id}/runs/${run.id}`;
    expectError(await member.http.post(`${base}/approve`, {}), 403, 'forbidden');
    expectError(await member.http.post(`${base}/reject`, { reason: 'no' }), 403, 'forbidden');
    // Another member who cannot see the thread gets the usual 404.
    const stranger = await addUser(app, org.admin.http);
    expectError(await stranger.http.post(`${base}/approve`, {}), 404, 'not_found');
    // An admin of another organization neither.
    const outsider = await createOrgWithAdmin(app);
    expectError(await outsider.admin.http.post(`${base}/approve`, {}), 404, 'not_found');
    expect((await outsider.admin.http.get('/v1/approvals')).body.data).toEqual([]);

    // The org admin sees it although the thread is the member's private one.
    const listed = (await org.admin.http.get('/v1/approvals')).body.data;
    expect(listed).toEqual([
      expect.objectContaining({
        id: pause.id,
        type: 'approval',
        kind: 'spend_limit',
        run_id: run.id,
        thread_id: thread.id,
        // The member's private thread: its title stays theirs.
        thread_title: null,
        spend_limit: pause.interrupt.spend_limit,
      }),
    ]);
    expectError(await org.admin.http.post(`${base}/resume`, { answer: 'yes' }), 422, 'validation_error');
    const approved = await org.admin.http.post(`${base}/approve`, { interrupt_id: pause.id });
    expect(approved.status, approved.text).toBe(202);
    expect(approved.body).toEqual({ run: { id: run.id, status: 'running' } });

    const done = await waitForRun(member.http, thread.id, run.id);
    expect(done.run.status).toBe('completed');
    expect(done.outputMessage.content).not.toContain('I stopped here');
    const assistant = (await member.http.get(`/v1/threads/${thread.id}/messages`)).body.data.filter(
      (m: any) => m.role === 'assistant',
    );
    expect(assistant).toHaveLength(1);
    expect(done.acts.find((a: any) => a.id === pause.id)).toMatchObject({ status: 'completed', interrupt: null });
    expect((await org.admin.http.get('/v1/approvals')).body.data).toEqual([]);
    // Nothing awaits any more: the member, who sees the run, gets 409; the admin, who sees only its spend-limit
    // pauses, is back to the 404 of a thread it cannot see.
    expectError(await member.http.post(`${base}/approve`, {}), 409, 'run_not_awaiting');
    expectError(await org.admin.http.post(`${base}/approve`, {}), 404, 'not_found');
    // The limit stays used up for new runs: the approval was for that run alone.
    const next = await newThread(member);
    expectError(await member.http.post(`/v1/threads/${next.id}/runs`, { content: 'Hi' }), 402, 'spend_limit_reached');
  });

  it('reject ends the run completed with its reply so far and a note, one output message', async () => {
    const { thread, run } = await pausedRun();
    const base = `/v1/threads/${thread.id}/runs/${run.id}`;
    const rejected = await org.admin.http.post(`${base}/reject`, { reason: 'Over budget' });
    expect(rejected.status, rejected.text).toBe(202);
    const done = await waitForRun(member.http, thread.id, run.id);
    expect(done.run.status).toBe('completed');
    expect(done.outputMessage.content).toContain(
      'this run reached the monthly spend limit of user Max Member and an organization admin declined to let it continue',
    );
    const assistant = (await member.http.get(`/v1/threads/${thread.id}/messages`)).body.data.filter(
      (m: any) => m.role === 'assistant',
    );
    expect(assistant).toHaveLength(1);
  });

  it('does not pause while enforcement is off', async () => {
    const off = await createOrgWithAdmin(app);
    await wallet(off, { enforcement_enabled: false, credit: 1_000_000 });
    await limit(off.org.id, 'user', off.admin.user.id, 1);
    const done = await runCompletes(off.admin, TWO_ROUNDS);
    expect(done.acts.some((a: any) => a.status === 'awaiting' || a.interrupt)).toBe(false);
  });

  it('a workflow run pauses between steps: approve goes on, reject ends it with the finished steps', async () => {
    const wfOrg = await createOrgWithAdmin(app);
    const http = wfOrg.admin.http;
    await wallet(wfOrg, { credit: 1_000_000 });
    const orgLimit = await limit(wfOrg.org.id, 'organization', null, 1);
    const steps = [
      { id: 'a', name: 'First', depends_on: [], type: 'model', config: { prompt: 'Say one thing' } },
      { id: 'b', name: 'Second', depends_on: ['a'], type: 'model', config: { prompt: 'Say {{steps.a.output}}' } },
    ];
    const workflow = (await http.post('/v1/workflows', { name: 'Two steps', definition: { steps } })).body;

    async function pausedWorkflowRun() {
      const started = await http.post(`/v1/workflows/${workflow.id}/run`, { input: {} });
      expect(started.status, started.text).toBe(201);
      const { thread, run } = started.body;
      const snapshot = await waitForRun(http, thread.id, run.id, awaiting);
      const byKey = new Map(snapshot.acts.map((a: any) => [a.key, a]));
      expect(byKey.get('a')).toMatchObject({ status: 'completed' });
      expect(byKey.get('b')).toMatchObject({ status: 'pending' });
      const pause = snapshot.acts.find((a: any) => a.status === 'awaiting');
      expect(pause.interrupt).toMatchObject({
        kind: 'spend_limit',
        spend_limit: { id: orgLimit.id, scope: 'organization' },
      });
      return { base: `/v1/threads/${thread.id}/runs/${run.id}`, thread, run, pause };
    }

    const first = await pausedWorkflowRun();
    expect((await http.get('/v1/approvals')).body.data.map((a: any) => a.id)).toEqual([first.pause.id]);
    expect((await http.post(`${first.base}/approve`, {})).status).toBe(202);
    const approved = await waitForRun(http, first.thread.id, first.run.id);
    expect(approved.run.status).toBe('completed');
    expect(approved.acts.filter((a: any) => ['a', 'b'].includes(a.key)).map((a: any) => a.status)).toEqual([
      'completed',
      'completed',
    ]);
    expect(approved.outputMessage.content).not.toContain('stopped here');

    const spent = (await operator.get(`/v1/admin/organizations/${wfOrg.org.id}/spend-limits`)).body.limits[0]
      .spent_minor;
    const raised = await operator.patch(`/v1/admin/organizations/${wfOrg.org.id}/spend-limits/${orgLimit.id}`, {
      amount_minor: spent + 1,
    });
    expect(raised.status, raised.text).toBe(200);
    const second = await pausedWorkflowRun();
    expect((await http.post(`${second.base}/reject`, {})).status).toBe(202);
    const rejected = await waitForRun(http, second.thread.id, second.run.id);
    expect(rejected.run.status).toBe('completed');
    // The finished step's output (alone, so without its heading), then why it stopped.
    const stepA = rejected.acts.find((a: any) => a.key === 'a');
    expect(stepA.status).toBe('completed');
    expect(rejected.outputMessage.content.startsWith("I am Atrium's built-in offline model")).toBe(true);
    expect(rejected.outputMessage.content).toContain(
      "(The workflow stopped here: this run reached the organization's monthly spend limit and an organization admin declined to let it continue.)",
    );
    expect(rejected.acts.find((a: any) => a.key === 'b').status).toBe('pending');
    const assistant = (await http.get(`/v1/threads/${second.thread.id}/messages`)).body.data.filter(
      (m: any) => m.role === 'assistant',
    );
    expect(assistant).toHaveLength(1);
  });
});
