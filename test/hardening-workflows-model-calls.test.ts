import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeChatVendor, type ScriptedReply, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg, unique } from './helpers/fixtures.ts';
import { awaiting, waitForRun } from './helpers/runs.ts';
import { catalogModel } from './model-gateway.fixtures.ts';

/**
 * A workflow run makes at most 500 model calls (issue finding 2): 64 agent steps of 8 rounds each would make 512.
 * The steps run one after another, so the fake vendor's scripted replies meet them in a known order.
 */
let app: TestApp;
let vendor: FakeChatVendor;
let org: TestOrg;
let vendorModel: string;

beforeAll(async () => {
  app = await startTestApp();
  vendor = await startFakeOpenAIChat();
  org = await createOrgWithAdmin(app);
  vendorModel = unique('busy-model');
  await catalogModel(app, { baseUrl: vendor.baseUrl, modelId: vendorModel });
});
afterAll(async () => {
  await vendor?.close();
  await app?.close();
});

async function create(steps: unknown[]) {
  const res = await org.admin.http.post('/v1/workflows', { name: unique('Busy'), definition: { steps } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

describe('model calls of one run', () => {
  it('fails the run on its 501st model call, counting across a pause for approval', async () => {
    // No tools offered: each call of a tool the agent does not have is answered as unknown, with no database work.
    const agent = await createAgent(org.admin, { config: { model: vendorModel, tools: [] } });
    const chain = Array.from({ length: 32 }, (_, i) => ({
      id: `a${i}`,
      name: `Agent ${i}`,
      type: 'agent',
      depends_on: i > 0 ? [`a${i - 1}`] : [],
      config: { agent_id: agent.id, prompt: `Part ${i}` },
    }));
    const child = await create(chain);
    const nest = (id: string, extra: Record<string, unknown>) => ({
      id,
      name: `Half ${id}`,
      type: 'workflow',
      config: { workflow_id: child, input: {} },
      ...extra,
    });
    const parent = await create([
      nest('first', {}),
      nest('second', { depends_on: ['first'], requires_confirmation: true }),
    ]);

    // Each agent step: seven rounds calling a tool, then an answer.
    const toolRound: ScriptedReply = { toolCalls: [{ name: 'lookup', arguments: { q: 'more' } }] };
    const answer: ScriptedReply = { text: ['Done.'] };
    vendor.script(...Array.from({ length: 64 }, () => [...Array(7).fill(toolRound), answer]).flat());

    const started = await org.admin.http.post(`/v1/workflows/${parent}/run`, { input: {} });
    expect(started.status, started.text).toBe(201);
    const threadId = started.body.thread.id as string;
    const runId = started.body.run.id as string;

    // The first half makes 256 calls; the count outlives the pause (a new delivery picks the run up).
    const paused = await waitForRun(org.admin.http, threadId, runId, awaiting, 240_000);
    expect(vendor.requests).toHaveLength(256);
    const approve = await org.admin.http.post(`/v1/threads/${threadId}/runs/${runId}/approve`, {});
    expect(approve.status, approve.text).toBe(202);

    const done = await waitForRun(org.admin.http, threadId, runId, undefined, 240_000);
    expect(done.run).toMatchObject({
      status: 'failed',
      error: { code: 'limit_reached', message: 'This run reached its limit of 500 model calls' },
    });
    expect(vendor.requests).toHaveLength(500);
    expect(done.acts.map((a: any) => [a.key, a.status, a.error])).toEqual([
      ['first', 'completed', null],
      ['second', 'failed', 'This run reached its limit of 500 model calls'],
    ]);
    expect(paused.acts.map((a: any) => a.status)).toEqual(['completed', 'awaiting']);
  }, 300_000);
});
