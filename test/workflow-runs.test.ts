import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AtriumClient, createAtriumClient, type TurnDocument } from '../client/src/index.ts';
import { buildTurnDocument } from '../src/modules/runs/streaming/turn-document.ts';
import { acts, usageEvents } from '../src/platform/db/schema/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { awaiting, waitForRun } from './helpers/runs.ts';
import { openSse, type SseFrame } from './helpers/sse-client.ts';

/**
 * Workflow runs on the real engine with the offline model slowed down (so parallel steps overlap measurably and
 * streams opened right after the run see its live events).
 */
let app: TestApp;
let org: TestOrg;
let client: AtriumClient;

beforeAll(async () => {
  app = await startTestApp({ ATRIUM_OFFLINE_DELTA_DELAY_MS: '15' });
  org = await createOrgWithAdmin(app);
  client = createAtriumClient({ baseUrl: app.url, token: org.admin.token });
});
afterAll(() => app?.close());

const step = (id: string, prompt: string, dependsOn: string[] = [], extra: Record<string, unknown> = {}) => ({
  id,
  name: `Step ${id}`,
  depends_on: dependsOn,
  type: 'model',
  config: { prompt },
  ...extra,
});

async function createWorkflow(steps: unknown[], extra: Record<string, unknown> = {}) {
  const res = await org.admin.http.post('/v1/workflows', { name: 'Flow', definition: { steps }, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function run(workflowId: string, input: Record<string, unknown>) {
  const res = await org.admin.http.post(`/v1/workflows/${workflowId}/run`, { input });
  expect(res.status, res.text).toBe(201);
  expect(res.body.run.status).toBe('queued');
  return { threadId: res.body.thread.id as string, runId: res.body.run.id as string };
}

const open = (threadId: string, runId: string, kind: 'events' | 'turn') =>
  openSse(`${app.url}/v1/threads/${threadId}/runs/${runId}/${kind}`, {
    headers: { authorization: `Bearer ${org.admin.token}` },
  });

/**
 * The run's turn documents through the client's streamTurn: returns once the first one arrived (the stream is
 * open before the test acts on the run), with `rest` collecting all of them until the stream ends.
 */
async function followTurn(threadId: string, runId: string): Promise<{ rest: Promise<TurnDocument[]> }> {
  const documents = client.streamTurn(threadId, runId)[Symbol.asyncIterator]();
  const first = await documents.next();
  const collect = async () => {
    const all = first.done ? [] : [first.value];
    for (let next = await documents.next(); !next.done; next = await documents.next()) all.push(next.value);
    return all;
  };
  return { rest: collect() };
}

const actRows = (runId: string) => app.server.database.db.select().from(acts).where(eq(acts.runId, runId));
const events = (frames: SseFrame[]) =>
  frames.filter((f): f is Extract<SseFrame, { kind: 'event' }> => f.kind === 'event');

describe('workflow runs', () => {
  it('runs a fan-out/fan-in DAG: the parallel steps overlap in time, templates carry outputs', async () => {
    const wf = await createWorkflow([
      step('plan', 'Plan a report on {{input.topic}}'),
      step('left', 'Left side of [{{steps.plan.output}}]', ['plan']),
      step('right', 'Right side about {{input.topic}}', ['plan']),
      step('merge', 'Merge <{{steps.left.output}}> with <{{steps.right.output}}>', ['left', 'right']),
    ]);
    const { threadId, runId } = await run(wf.id, { topic: 'otters' });
    const snapshot = await waitForRun(org.admin.http, threadId, runId);
    expect(snapshot.run).toMatchObject({ status: 'completed', workflow_id: wf.id });
    expect(snapshot.acts.map((a: any) => [a.key, a.status, a.dependsOn])).toEqual([
      ['plan', 'completed', []],
      ['left', 'completed', ['plan']],
      ['right', 'completed', ['plan']],
      ['merge', 'completed', ['left', 'right']],
    ]);

    const rows = new Map((await actRows(runId)).map((r) => [r.key, r]));
    const [plan, left, right, merge] = ['plan', 'left', 'right', 'merge'].map((k) => rows.get(k)!);
    const t = (d: Date | null) => d!.getTime();
    // The two branches ran at the same time: each started before the other completed.
    expect(t(left!.startedAt)).toBeLessThan(t(right!.completedAt));
    expect(t(right!.startedAt)).toBeLessThan(t(left!.completedAt));
    // Dependencies held: branches after the plan, the merge after both branches.
    expect(t(left!.startedAt)).toBeGreaterThanOrEqual(t(plan!.completedAt));
    expect(t(right!.startedAt)).toBeGreaterThanOrEqual(t(plan!.completedAt));
    expect(t(merge!.startedAt)).toBeGreaterThanOrEqual(Math.max(t(left!.completedAt), t(right!.completedAt)));

    const text = (o: unknown) => (o as { text: string }).text;
    expect(text(plan!.output)).toContain('Plan a report on otters');
    expect(text(right!.output)).toContain('Right side about otters');
    expect(text(left!.output)).toContain('Left side of [');
    expect(text(merge!.output)).toContain('Merge <');
    // The single sink's output is the reply.
    expect(snapshot.outputMessage.content).toBe(text(merge!.output));
    expect(snapshot.outputMessage).toMatchObject({
      role: 'assistant',
      created_by_type: 'workflow',
      created_by_id: wf.id,
    });
  });

  it('approval gates: one approved, one rejected, seen on /events and /turn and in GET /v1/approvals', async () => {
    const wf = await createWorkflow([
      step('draft', 'Draft the announcement for {{input.topic}}'),
      step('send', 'Send it', ['draft'], { requires_confirmation: true, confirmation_message: 'Send the email?' }),
      step('publish', 'Publish it', ['send'], { requires_confirmation: true }),
      step('wrap', 'Publishing said: {{steps.publish.output}}', ['publish']),
    ]);
    const { threadId, runId } = await run(wf.id, { topic: 'launch' });
    const eventStream = await open(threadId, runId, 'events');
    const turn = await followTurn(threadId, runId);
    const eventFrames = eventStream.rest();
    const base = `/v1/threads/${threadId}/runs/${runId}`;

    const first = await waitForRun(org.admin.http, threadId, runId, awaiting);
    const sendAct = first.acts.find((a: any) => a.key === 'send');
    expect(sendAct).toMatchObject({
      status: 'awaiting',
      interrupt: { type: 'approval', prompt: 'Send the email?', options: ['approve', 'reject'], multiSelect: false },
    });
    const pending = await org.admin.http.get('/v1/approvals');
    expect(pending.body.data).toContainEqual(
      expect.objectContaining({
        id: sendAct.id,
        type: 'approval',
        run_id: runId,
        act_key: 'send',
        prompt: 'Send the email?',
      }),
    );
    const approved = await org.admin.http.post(`${base}/approve`, {});
    expect(approved.status, approved.text).toBe(202);

    const second = await waitForRun(
      org.admin.http,
      threadId,
      runId,
      (s) => s.run.status === 'awaiting' && s.acts.some((a: any) => a.key === 'publish' && a.status === 'awaiting'),
    );
    expect(second.acts.find((a: any) => a.key === 'send').status).toBe('completed');
    const publishAct = second.acts.find((a: any) => a.key === 'publish');
    expect(publishAct.interrupt.prompt).toBe('Approve the step "Step publish" before it runs?');
    const rejected = await org.admin.http.post(`${base}/reject`, { interrupt_id: publishAct.id, reason: 'Not yet' });
    expect(rejected.status, rejected.text).toBe(202);

    const done = await waitForRun(org.admin.http, threadId, runId);
    expect(done.run.status).toBe('completed');
    expect(done.acts.map((a: any) => [a.key, a.status])).toEqual([
      ['draft', 'completed'],
      ['send', 'completed'],
      ['publish', 'completed'],
      ['wrap', 'completed'],
    ]);
    const rows = new Map((await actRows(runId)).map((r) => [r.key, r]));
    expect(rows.get('publish')!.output).toEqual({ declined: true, reason: 'Not yet' });
    expect(rows.get('send')!.output).toMatchObject({ text: expect.stringContaining('Send it') });
    // The step after the rejected one was told it was declined; the act was not failed.
    expect(done.outputMessage.content).toContain('declined by the reviewer');
    expect(done.outputMessage.content).toContain('Not yet');
    expect((await org.admin.http.get('/v1/approvals')).body.data.map((a: any) => a.run_id)).not.toContain(runId);

    // /events: both interrupts, the approve and reject continuations, one terminal frame.
    const frames = events(await eventFrames);
    const names = frames.map((f) => f.event);
    expect(names[0]).toBe('snapshot');
    const interrupts = frames.filter((f) => f.event === 'interrupts.approval').map((f) => f.json.payload.actKey);
    const snapshotInterrupts = frames[0]!.json.acts.filter((a: any) => a.status === 'awaiting').map((a: any) => a.key);
    expect([...snapshotInterrupts, ...interrupts]).toEqual(['send', 'publish']);
    const approvalFrame = frames.find((f) => f.event === 'interrupts.approval' && f.json.payload.actKey === 'publish');
    expect(approvalFrame!.json).toMatchObject({
      actId: publishAct.id,
      payload: { interruptId: publishAct.id, options: ['approve', 'reject'] },
    });
    expect(names).toContain('acts.updated');
    expect(names).toContain('updates.activity');
    expect(names.filter((n) => n === 'tokens.completed')).toHaveLength(1);
    expect(names.at(-1)).toBe('lifecycle.completed');

    // /turn: the document went awaiting with each interrupt, and ends equal to a fresh snapshot's document.
    const docs = await turn.rest;
    // One connection, every patch applied in order: the snapshot (v 0), then v 1, 2, … without a gap or re-base.
    expect(docs.map((d) => d.v)).toEqual(docs.map((_, i) => i));
    const seen = docs.map((d) => ({ status: d.status, actKey: d.interrupt?.actKey ?? null }));
    expect(seen).toContainEqual({ status: 'awaiting', actKey: 'send' });
    expect(seen).toContainEqual({ status: 'awaiting', actKey: 'publish' });
    const doc = docs.at(-1)!;
    expect(doc).toEqual({ ...buildTurnDocument(done), v: doc.v });
    expect(doc.status).toBe('completed');
    expect(doc.interrupt).toBeNull();
    expect(doc.activity.map((a) => [a.id, a.state])).toEqual([
      ['draft', 'done'],
      ['send', 'done'],
      ['publish', 'done'],
      ['wrap', 'done'],
    ]);
  });

  it('a failing step fails the run with errors.raised and still writes the output message', async () => {
    const wf = await createWorkflow([
      step('intro', 'Say hello at length about {{input.topic}} so this step takes a moment to stream'),
      { id: 'save', name: 'Save', depends_on: ['intro'], type: 'tool', config: { tool: 'create_file', arguments: {} } },
      step('never', 'Never runs', ['save']),
    ]);
    const { threadId, runId } = await run(wf.id, { topic: 'failure' });
    const stream = await open(threadId, runId, 'events');
    const snapshot = await waitForRun(org.admin.http, threadId, runId);
    expect(snapshot.run.status).toBe('failed');
    expect(snapshot.run.error).toMatchObject({ code: 'step_failed', message: expect.stringContaining('Save') });
    expect(snapshot.outputMessage.content).toContain('The run failed');
    const save = snapshot.acts.find((a: any) => a.key === 'save');
    expect(save).toMatchObject({ status: 'failed', error: expect.stringContaining('create_file') });
    expect(snapshot.acts.find((a: any) => a.key === 'never').status).not.toBe('completed');

    const frames = events(await stream.rest());
    const names = frames.map((f) => f.event);
    expect(names[0]).toBe('snapshot');
    // Unless the stream opened after the end (then the snapshot alone), the failure is reported live.
    if (frames[0]!.json.run.status !== 'failed') {
      expect(names.indexOf('errors.raised')).toBeGreaterThan(0);
      expect(names.indexOf('errors.raised')).toBeLessThan(names.indexOf('lifecycle.failed'));
      expect(names.at(-1)).toBe('lifecycle.failed');
    }
  });

  it('an agent step answers with the agent, and the discussion agent writes the reply', async () => {
    const agent = await org.admin.http.post('/v1/agents', { name: 'Writer', system_prompt: 'You write briefly.' });
    expect(agent.status, agent.text).toBe(201);
    const wf = await createWorkflow(
      [
        {
          id: 'ask',
          name: 'Ask the writer',
          depends_on: [],
          type: 'agent',
          config: { agent_id: agent.body.id, prompt: 'Write about {{input.topic}}' },
        },
      ],
      { discussion_agent_id: agent.body.id },
    );
    const { threadId, runId } = await run(wf.id, { topic: 'herons' });
    const snapshot = await waitForRun(org.admin.http, threadId, runId);
    expect(snapshot.run.status, JSON.stringify(snapshot.run)).toBe('completed');
    const [row] = await actRows(runId);
    expect((row!.output as { text: string }).text).toContain('Write about herons');
    // The discussion agent was given the results and asked for the reply.
    expect(snapshot.outputMessage.content).toContain('The workflow "Flow" has finished');
  });

  it("an agent step runs the agent's loop with its allowlisted tools: a file is made once, usage is the agent's", async () => {
    const make = async (tools: string[]) => {
      const res = await org.admin.http.post('/v1/agents', {
        name: 'Filer',
        system_prompt: 'You file.',
        config: { tools },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const [filer, barred] = [await make(['create_file', 'ask_user']), await make([])];
    const agentStep = (id: string, agentId: string, prompt: string) => ({
      id,
      name: `Agent ${id}`,
      depends_on: [],
      type: 'agent',
      config: { agent_id: agentId, prompt },
    });
    const wf = await createWorkflow([
      agentStep(
        'file',
        filer,
        '/tool create_file {"filename":"{{input.name}}.txt","content":"Notes on {{input.name}}"}',
      ),
      agentStep('barred', barred, '/tool create_file {"filename":"no.txt","content":"never"}'),
      agentStep('ask', filer, '/tool ask_user {"prompt":"Which one?"}'),
    ]);
    const { threadId, runId } = await run(wf.id, { name: 'herons' });
    const snapshot = await waitForRun(org.admin.http, threadId, runId);
    expect(snapshot.run.status, JSON.stringify(snapshot.run)).toBe('completed');

    const listed = await org.admin.http.get(`/v1/threads/${threadId}/artifacts`);
    expect(listed.body.data.map((a: any) => a.filename)).toEqual(['herons.txt']);
    const download = await org.admin.http.get(`/v1/artifacts/${listed.body.data[0].id}/download`);
    expect(download.status, download.text).toBe(200);
    expect(await (await fetch(download.body.download_url)).text()).toBe('Notes on herons');

    const outputs = Object.fromEntries((await actRows(runId)).map((a) => [a.key, (a.output as { text: string }).text]));
    // The offline model summarises the tool's result after the call; the barred agent was offered no tool, and
    // ask_user is never offered inside a step.
    expect(outputs.file).toContain('herons.txt');
    expect(outputs.barred).not.toContain('no.txt created');
    expect(outputs.ask).toBeTruthy();
    const usage = await app.server.database.db.select().from(usageEvents).where(eq(usageEvents.runId, runId));
    expect(usage.filter((u) => u.agentId === filer).length).toBeGreaterThanOrEqual(3);
  });

  it('runs a nested workflow step inside the parent run, and a tool step with templated arguments', async () => {
    const child = await createWorkflow([step('echo', 'Child says {{input.word}}')]);
    const parent = await createWorkflow([
      {
        id: 'inner',
        name: 'Inner workflow',
        depends_on: [],
        type: 'workflow',
        config: { workflow_id: child.id, input: { word: '{{input.topic}}-nested' } },
      },
      {
        id: 'file',
        name: 'Keep it',
        depends_on: ['inner'],
        type: 'tool',
        config: {
          tool: 'create_file',
          arguments: { filename: 'inner.md', title: 'Inner', content: '{{steps.inner.output}}' },
        },
      },
    ]);
    const { threadId, runId } = await run(parent.id, { topic: 'badgers' });
    const snapshot = await waitForRun(org.admin.http, threadId, runId);
    expect(snapshot.run.status, JSON.stringify(snapshot.run)).toBe('completed');
    expect(snapshot.acts.map((a: any) => a.key)).toEqual(['inner', 'file']);
    const rows = new Map((await actRows(runId)).map((r) => [r.key, r]));
    expect((rows.get('inner')!.output as { text: string }).text).toContain('Child says badgers-nested');
    expect(snapshot.artifacts).toEqual([
      expect.objectContaining({ filename: 'inner.md', created_by_tool: 'create_file' }),
    ]);
    const download = await org.admin.http.get(`/v1/artifacts/${snapshot.artifacts[0].id}`);
    expect(download.status).toBe(200);
  });

  it('refine answers a proposal validated like a PATCH (the offline model writes a minimal valid one)', async () => {
    const wf = await createWorkflow([step('a', 'A')]);
    const res = await org.admin.http.post(`/v1/workflows/${wf.id}/refine`, {
      messages: [{ role: 'user', content: 'Add a review step after a' }],
    });
    expect(res.status, res.text).toBe(200);
    expect(typeof res.body.text).toBe('string');
    expect(res.body.proposedDefinition).toEqual({
      steps: [{ id: 'offline', name: 'offline', depends_on: [], type: 'model', config: { prompt: 'offline' } }],
    });
    // The proposal applies as it is.
    const applied = await org.admin.http.patch(`/v1/workflows/${wf.id}`, { definition: res.body.proposedDefinition });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.definition).toEqual(res.body.proposedDefinition);
  });
});
