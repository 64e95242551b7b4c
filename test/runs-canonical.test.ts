import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUCTION_LIMIT, toolInstruction } from '../src/modules/runs/tools/types.ts';
import { OFFLINE_VERSION_ID } from '../src/platform/models/offline/catalog.ts';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg } from './helpers/fixtures.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';
import { randomId } from './helpers/security.ts';

/** `POST /v1/threads/:id/runs` naming an agent or a workflow, with the checks of the aliases it stands for. */
let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let alice: OrgUser;

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  alice = await addUser(app, orgA.admin.http, { first_name: 'Alice' });
});
afterAll(() => app?.close());

const runsOf = (threadId: string) => `/v1/threads/${threadId}/runs`;
const newThread = async (who: OrgUser) => (await who.http.post('/v1/threads', {})).body.id as string;

async function createWorkflow(
  who: OrgUser,
  steps: unknown[] = [{ id: 'a', name: 'Answer', type: 'model', config: { prompt: 'Say {{input.word}}' } }],
) {
  const res = await who.http.post('/v1/workflows', { name: 'Flow', definition: { steps } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

describe('POST /v1/threads/:id/runs with agent_id', () => {
  it('runs the agent in one of its threads, as its alias does', async () => {
    const agent = await createAgent(alice);
    const first = await alice.http.post(`/v1/agents/${agent.id}/run`, { input: { prompt: 'One' } });
    expect(first.status, first.text).toBe(201);
    const threadId = first.body.thread.id;
    await waitForRun(alice.http, threadId, first.body.run.id);

    const res = await alice.http.post(runsOf(threadId), { agent_id: agent.id, content: 'Two' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.run).toMatchObject({
      thread_id: threadId,
      agent_id: agent.id,
      workflow_id: null,
      status: 'queued',
    });
    expect(res.body.message).toMatchObject({ role: 'user', content: 'Two' });
    const done = await waitForRun(alice.http, threadId, res.body.run.id);
    expect(done.run.status).toBe('completed');
    expect(done.outputMessage).toMatchObject({ created_by_type: 'agent', created_by_id: agent.id });
  });

  it('refuses a thread that is not the agent’s, an unknown, unseen, archived or foreign agent', async () => {
    const agent = await createAgent(alice);
    const mine = await newThread(alice);
    const refused = await alice.http.post(runsOf(mine), { agent_id: agent.id, content: 'x' });
    expectError(refused, 400, 'invalid_request');
    expect(refused.body.error).toBe('The thread must be a thread of this agent');

    expectError(await alice.http.post(runsOf(mine), { agent_id: randomId(), content: 'x' }), 404, 'not_found');
    const foreign = await createAgent(orgB.admin as unknown as OrgUser);
    expectError(await alice.http.post(runsOf(mine), { agent_id: foreign.id, content: 'x' }), 404, 'not_found');

    const archived = await createAgent(alice);
    expect((await alice.http.delete(`/v1/agents/${archived.id}`)).status).toBe(204);
    expectError(await alice.http.post(runsOf(mine), { agent_id: archived.id, content: 'x' }), 409, 'agent_archived');
    // Nothing of the refusals was written: the thread has no message.
    expect((await alice.http.get(`/v1/threads/${mine}/messages`)).body.data).toEqual([]);
  });
});

describe('POST /v1/threads/:id/runs with workflow_id', () => {
  it('runs the workflow in the caller’s thread, bound to the workflow, with the input', async () => {
    const workflow = await createWorkflow(alice);
    const threadId = await newThread(alice);
    const res = await alice.http.post(runsOf(threadId), {
      workflow_id: workflow.id,
      content: 'Run it',
      input: { word: 'otter' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.run).toMatchObject({ thread_id: threadId, workflow_id: workflow.id, agent_id: null });
    const done = await waitForRun(alice.http, threadId, res.body.run.id);
    expect(done.run.status).toBe('completed');
    expect(done.acts.map((a: { key: string; status: string }) => [a.key, a.status])).toEqual([['a', 'completed']]);
    expect(done.outputMessage.content).toContain('otter');
  });

  it('refuses an archived, empty, unseen or foreign workflow, and naming both an agent and a workflow', async () => {
    const threadId = await newThread(alice);
    const archived = await createWorkflow(alice);
    expect((await alice.http.delete(`/v1/workflows/${archived.id}`)).status).toBe(204);
    expectError(
      await alice.http.post(runsOf(threadId), { workflow_id: archived.id, content: 'x' }),
      409,
      'workflow_archived',
    );
    const empty = await createWorkflow(alice, []);
    expectError(
      await alice.http.post(runsOf(threadId), { workflow_id: empty.id, content: 'x' }),
      400,
      'invalid_request',
    );
    const foreign = await createWorkflow(orgB.admin as unknown as OrgUser);
    expectError(await alice.http.post(runsOf(threadId), { workflow_id: foreign.id, content: 'x' }), 404, 'not_found');
    expectError(await alice.http.post(runsOf(threadId), { workflow_id: randomId(), content: 'x' }), 404, 'not_found');

    const agent = await createAgent(alice);
    const both = await alice.http.post(runsOf(threadId), { agent_id: agent.id, workflow_id: empty.id, content: 'x' });
    expectError(both, 400, 'invalid_request');
    expect(both.body.error).toContain('Name agent_id or workflow_id, not both');
    expectError(await alice.http.post(runsOf(threadId), { agent_id: 'nope', content: 'x' }), 400, 'invalid_request');
    expect((await alice.http.get(`/v1/threads/${threadId}/messages`)).body.data).toEqual([]);
  });
});

describe('reject while another act of the run still awaits', () => {
  it('answers the run’s true status: awaiting until the last answer, then running', async () => {
    const gate = (id: string) => ({
      id,
      name: `Gate ${id}`,
      type: 'model',
      config: { prompt: `Do ${id}` },
      requires_confirmation: true,
    });
    const workflow = await createWorkflow(alice, [gate('left'), gate('right')]);
    const threadId = await newThread(alice);
    const started = await alice.http.post(runsOf(threadId), { workflow_id: workflow.id, content: 'Go' });
    expect(started.status, started.text).toBe(201);
    const base = `${runsOf(threadId)}/${started.body.run.id}`;
    const paused = await waitForRun(
      alice.http,
      threadId,
      started.body.run.id,
      (s) => s.acts.filter((a: { status: string }) => a.status === 'awaiting').length === 2,
    );
    const [left, right] = paused.acts;
    // The spec's row shows `running`; the run still waits for the other gate (docs/decisions.md).
    const first = await alice.http.post(`${base}/reject`, { interrupt_id: left.id, reason: 'Not this one' });
    expect(first.status, first.text).toBe(202);
    expect(first.body).toEqual({ run: { id: started.body.run.id, status: 'awaiting' } });
    const second = await alice.http.post(`${base}/approve`, { interrupt_id: right.id });
    expect(second.status, second.text).toBe(202);
    expect(second.body).toEqual({ run: { id: started.body.run.id, status: 'running' } });
    const done = await waitForRun(alice.http, threadId, started.body.run.id);
    expect(done.run.status).toBe('completed');
  });
});

describe('artifacts record their provenance', () => {
  it('a run’s file names the model version that called the tool and the call’s instruction', async () => {
    const threadId = await newThread(alice);
    const args = { filename: 'notes.md', content: '# Otters\n\nThey hold hands.' };
    const { run } = await postAndRun(alice.http, threadId, `/tool create_file ${JSON.stringify(args)}`);
    expect((await waitForRun(alice.http, threadId, run.id)).run.status).toBe('completed');
    const listed = await alice.http.get(`/v1/threads/${threadId}/artifacts`);
    expect(listed.body.data).toEqual([expect.objectContaining({ filename: 'notes.md', model: OFFLINE_VERSION_ID })]);
    // The arguments as stored with the act (a JSON column keeps no key order).
    expect(JSON.parse(listed.body.data[0].prompt)).toEqual(args);
  });

  it('a workflow’s tool step, which no model called, records its arguments and no model', async () => {
    const args = { filename: 'plan.txt', content: 'Step one' };
    const workflow = await createWorkflow(alice, [
      { id: 'save', name: 'Save', type: 'tool', config: { tool: 'create_file', arguments: args } },
    ]);
    const threadId = await newThread(alice);
    const started = await alice.http.post(runsOf(threadId), { workflow_id: workflow.id, content: 'Save it' });
    expect(started.status, started.text).toBe(201);
    expect((await waitForRun(alice.http, threadId, started.body.run.id)).run.status).toBe('completed');
    const listed = await alice.http.get(`/v1/threads/${threadId}/artifacts`);
    expect(listed.body.data).toEqual([expect.objectContaining({ filename: 'plan.txt', model: null })]);
    expect(JSON.parse(listed.body.data[0].prompt)).toEqual(args);
  });
});

describe('toolInstruction', () => {
  it('keeps the arguments as JSON, cut to its limit, and nothing for no arguments', () => {
    expect(toolInstruction({ a: 1 })).toBe('{"a":1}');
    expect(toolInstruction(null)).toBeNull();
    const long = toolInstruction({ text: 'x'.repeat(10_000) })!;
    expect(long).toHaveLength(INSTRUCTION_LIMIT);
    expect(long.endsWith('…')).toBe(true);
  });
});
