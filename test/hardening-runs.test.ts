import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acts, jobs } from '../src/platform/db/schema/index.ts';
import { type FakeChatVendor, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/assertions.ts';
import { createOrgWithAdmin, type TestOrg, unique } from './helpers/fixtures.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';
import { catalogModel } from './model-gateway.fixtures.ts';

/**
 * Model output the database cannot store (issue finding 6). A NUL character is dropped where model output enters
 * the engine, so such a run completes; any other value the database refuses fails the run on the delivery that
 * met it instead of being retried for minutes while the thread answers 409 `run_in_progress`.
 */
let app: TestApp;
let vendor: FakeChatVendor;
let org: TestOrg;
let vendorModel: string;

beforeAll(async () => {
  app = await startTestApp();
  vendor = await startFakeOpenAIChat();
  org = await createOrgWithAdmin(app);
  vendorModel = unique('nul-model');
  await catalogModel(app, { baseUrl: vendor.baseUrl, modelId: vendorModel });
});
afterEach(() => vendor.reset());
afterAll(async () => {
  await vendor?.close();
  await app?.close();
});

const db = () => app.server.database.db;

/**
 * The run's start job ends completed on its first delivery: the run was not retried, so the thread was held for
 * no longer than that delivery. (The job's outcome is written just after the run's end, hence the wait.)
 */
async function expectOneDelivery(runId: string) {
  await eventually(async () => {
    const [job] = await db()
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(and(eq(jobs.kind, 'run.execute'), eq(jobs.dedupeKey, `run.start:${runId}`)));
    expect(job).toEqual({ status: 'completed', attempts: 1 });
  });
}

/** The thread takes a new message with a run: the failed run no longer holds it. */
async function expectThreadFree(threadId: string) {
  const next = await org.admin.http.post(`/v1/threads/${threadId}/messages`, { content: 'Still there?' });
  expect(next.status, next.text).toBe(201);
  expect(next.body.run).toMatchObject({ status: 'queued' });
  await waitForRun(org.admin.http, threadId, next.body.run.id);
}

const plainThread = async () => (await org.admin.http.post('/v1/threads', {})).body;

async function workflowWithVendorStep() {
  const res = await org.admin.http.post('/v1/workflows', {
    name: unique('Vendor flow'),
    definition: {
      steps: [{ id: 'say', name: 'Say it', type: 'model', config: { prompt: 'Say it', model: vendorModel } }],
    },
  });
  expect(res.status, res.text).toBe(201);
  const started = await org.admin.http.post(`/v1/workflows/${res.body.id}/run`, { input: {} });
  expect(started.status, started.text).toBe(201);
  return { threadId: started.body.thread.id as string, runId: started.body.run.id as string };
}

describe('NUL in model output', () => {
  it("drops a NUL from the model's reply: the run completes on its first delivery and the thread is free", async () => {
    const agent = await createAgent(org.admin, { config: { model: vendorModel, tools: [] } });
    const thread = (await org.admin.http.post('/v1/threads', { createdByType: 'agent', createdById: agent.id })).body;
    vendor.script({ text: ['Hel', 'lo\u0000', ' wor\u0000ld'], usage: { input: 3, output: 3 } });
    const { run } = await postAndRun(org.admin.http, thread.id, 'Greet me');

    const done = await waitForRun(org.admin.http, thread.id, run.id);
    expect(done.run).toMatchObject({ status: 'completed', error: null });
    expect(done.outputMessage.content).toBe('Hello world');
    await expectOneDelivery(run.id);
    await expectThreadFree(thread.id);
  });

  it("drops a NUL from a tool call's arguments: the act stores them without it and the tool runs", async () => {
    const thread = await plainThread();
    // The offline model turns this directive into a create_file call; JSON.parse makes `\u0000` a NUL.
    const directive = '/tool create_file {"filename":"nul.txt","content":"a\\u0000b"}';
    const { run } = await postAndRun(org.admin.http, thread.id, directive);

    const done = await waitForRun(org.admin.http, thread.id, run.id);
    expect(done.run.status).toBe('completed');
    const [act] = await db().select().from(acts).where(eq(acts.runId, run.id));
    expect(act).toMatchObject({ toolName: 'create_file', status: 'completed', input: { content: 'ab' } });
    expect(done.artifacts).toEqual([expect.objectContaining({ filename: 'nul.txt', size_bytes: 2 })]);
    await expectOneDelivery(run.id);
  });

  it('drops a NUL from the output of a workflow step', async () => {
    vendor.script({ text: ['zero\u0000', 'day'] });
    const { threadId, runId } = await workflowWithVendorStep();
    const done = await waitForRun(org.admin.http, threadId, runId);
    expect(done.run.status).toBe('completed');
    expect(done.outputMessage.content).toBe('zeroday');
  });
});

describe('values the database refuses', () => {
  const refused = { code: 'run_failed', message: 'The database refused to store a value the run produced' };

  it('fails an agent run at once when a tool call cannot be stored (a lone surrogate in its JSON)', async () => {
    const thread = await plainThread();
    const directive = '/tool create_file {"filename":"odd.txt","content":"a\\ud800b"}';
    const { run } = await postAndRun(org.admin.http, thread.id, directive);

    const done = await waitForRun(org.admin.http, thread.id, run.id);
    expect(done.run).toMatchObject({ status: 'failed', error: refused });
    expect(done.outputMessage.content).toBe(`The run failed: ${refused.message}`);
    await expectOneDelivery(run.id);
    await expectThreadFree(thread.id);
  });

  it("fails a workflow step's act and the run at once when the step's output cannot be stored", async () => {
    vendor.script({ text: ['caf', '\ud800'] });
    const { threadId, runId } = await workflowWithVendorStep();

    const done = await waitForRun(org.admin.http, threadId, runId);
    const stepError = `The step "Say it" failed: ${refused.message}`;
    expect(done.run).toMatchObject({ status: 'failed', error: { code: 'step_failed', message: stepError } });
    expect(done.acts).toEqual([expect.objectContaining({ key: 'say', status: 'failed', error: refused.message })]);
    await expectOneDelivery(runId);
    await expectThreadFree(threadId);
  });
});
