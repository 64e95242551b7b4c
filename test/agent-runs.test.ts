import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RUN_TOOL_NAMES } from '../src/modules/runs/service.ts';
import { usageEvents } from '../src/platform/db/schema/index.ts';
import { type FakeChatVendor, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg, unique } from './helpers/fixtures.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';
import { catalogModel } from './model-gateway.fixtures.ts';

let app: TestApp;
let vendor: FakeChatVendor;
let orgA: TestOrg;
let orgB: TestOrg;
let alice: OrgUser;
let bob: OrgUser;
let skill: any;
let vendorModel: string;

beforeAll(async () => {
  app = await startTestApp();
  vendor = await startFakeOpenAIChat();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  alice = await addUser(app, orgA.admin.http, { first_name: 'Alice' });
  bob = await addUser(app, orgA.admin.http, { first_name: 'Bob' });
  const res = await alice.http.post('/v1/skills', {
    slug: unique('style').toLowerCase(),
    name: 'Style',
    when_to_use: 'Always',
    instructions: 'Write plainly.',
  });
  expect(res.status, res.text).toBe(201);
  skill = res.body;
  // A provider at the fake vendor that no organization selects: only an agent's config.model reaches it.
  vendorModel = unique('vendor-model');
  await catalogModel(app, { baseUrl: vendor.baseUrl, modelId: vendorModel });
});
afterEach(() => {
  vendor.reset();
  vendor.requests.splice(0);
});
afterAll(async () => {
  await vendor?.close();
  await app?.close();
});

const agentThread = async (who: OrgUser, agentId: string) => {
  const res = await who.http.post('/v1/threads', { createdByType: 'agent', createdById: agentId });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

/** Runs one message through the agent's thread and returns the finished snapshot. */
async function runThrough(who: OrgUser, agentId: string, content = 'Hello agent') {
  const thread = await agentThread(who, agentId);
  const { run } = await postAndRun(who.http, thread.id, content);
  return waitForRun(who.http, thread.id, run.id);
}

const lastVendorBody = () => vendor.requests.at(-1)?.body;
const offeredTools = (body: any) => (body.tools ?? []).map((t: any) => t.function.name);

describe('agent runs through the offline model', () => {
  it('makes every run of an agent thread an agent run whose system prompt reaches the model', async () => {
    const longPrompt = `You are terse. ${'Z'.repeat(4000)}`;
    const agent = await createAgent(alice, { system_prompt: longPrompt, default_skill_slugs: [skill.slug] });
    const snapshot = await runThrough(alice, agent.id);
    expect(snapshot.run).toMatchObject({ status: 'completed', agent_id: agent.id, workflow_id: null });
    expect(snapshot.outputMessage).toMatchObject({ created_by_type: 'agent', created_by_id: agent.id });
    expect(snapshot.outputMessage.content).toContain('Hello agent');

    // The offline model counts prompt characters / 4: the 4000-character prompt is part of what it was sent.
    const plain = (await alice.http.post('/v1/threads', {})).body;
    const { run: plainRun } = await postAndRun(alice.http, plain.id, 'Hello agent');
    await waitForRun(alice.http, plain.id, plainRun.id);
    const db = app.server.database.db;
    const [agentUsage] = await db.select().from(usageEvents).where(eq(usageEvents.runId, snapshot.run.id));
    const [plainUsage] = await db.select().from(usageEvents).where(eq(usageEvents.runId, plainRun.id));
    expect(agentUsage!.agentId).toBe(agent.id);
    expect(agentUsage!.inputTokens - plainUsage!.inputTokens).toBeGreaterThan(900);
  });

  it('never offers the offline model a tool outside the allowlist', async () => {
    const agent = await createAgent(alice, { config: { tools: ['create_file'] } });
    const refused = await runThrough(alice, agent.id, '/tool create_document {"title":"Nope","sections":[]}');
    expect(refused.run.status).toBe('completed');
    expect(refused.acts).toEqual([]);
    const allowed = await runThrough(alice, agent.id, '/tool create_file {"filename":"a.txt","content":"hi"}');
    expect(allowed.acts.map((a: any) => a.status)).toEqual(['completed']);
    expect(allowed.artifacts).toHaveLength(1);
  });

  it('binds threads only to active agents the caller can see', async () => {
    const priv = await createAgent(alice, { visibility: 'private' });
    expectError(
      await bob.http.post('/v1/threads', { createdByType: 'agent', createdById: priv.id }),
      400,
      'invalid_request',
    );
    expectError(
      await orgB.admin.http.post('/v1/threads', { createdByType: 'agent', createdById: priv.id }),
      400,
      'invalid_request',
    );
    expect((await agentThread(alice, priv.id)).created_by_type).toBe('agent');
  });
});

describe('config.model and config.tools at a vendor', () => {
  it('offers exactly the allowlisted tools, with the agent prompt and skills as the system message', async () => {
    const agent = await createAgent(alice, {
      system_prompt: 'You are Vendor Bot.',
      default_skill_slugs: [skill.slug],
      config: { model: vendorModel, tools: ['ask_user', 'create_file'], ignored: true },
    });
    const snapshot = await runThrough(alice, agent.id);
    expect(snapshot.run.status, JSON.stringify(snapshot.run)).toBe('completed');
    expect(snapshot.outputMessage.content).toBe('Hello from the fake vendor.');
    expect(vendor.requests).toHaveLength(1);
    const body = lastVendorBody();
    expect(body.model).toBe(vendorModel);
    // In the registry's order, not the allowlist's.
    expect(offeredTools(body)).toEqual(['create_file', 'ask_user']);
    expect(body.messages[0]).toEqual({
      role: 'system',
      content: `You are Vendor Bot.\n\n## Skill: Style (${skill.slug})\nWrite plainly.`,
    });
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'Hello agent' });
  });

  it('offers no tools for tools: [] and every tool when tools is omitted', async () => {
    const none = await createAgent(alice, { config: { model: vendorModel, tools: [] } });
    await runThrough(alice, none.id);
    expect(lastVendorBody().tools).toBeUndefined();
    const all = await createAgent(alice, { config: { model: vendorModel } });
    await runThrough(alice, all.id);
    // Every tool but the Microsoft 365 connector's, which this organization has not connected.
    expect(offeredTools(lastVendorBody())).toEqual(RUN_TOOL_NAMES.filter((name) => !name.startsWith('m365_')));
  });

  it('never runs a tool outside the allowlist even when the model calls it', async () => {
    const agent = await createAgent(alice, { config: { model: vendorModel, tools: ['create_file'] } });
    vendor.script({ toolCalls: [{ name: 'create_document', arguments: { title: 'Sneaky', sections: [] } }] });
    const snapshot = await runThrough(alice, agent.id);
    expect(snapshot.run.status).toBe('completed');
    expect(snapshot.acts).toHaveLength(1);
    expect(snapshot.artifacts).toEqual([]);
    expect(offeredTools(vendor.requests[0]!.body)).toEqual(['create_file']);
    const toolResult = vendor.requests[1]!.body.messages.find((m: any) => m.role === 'tool');
    expect(toolResult.content).toContain('Unknown tool create_document');
  });

  it('leaves runs without an agent on the organization’s model', async () => {
    const plain = (await alice.http.post('/v1/threads', {})).body;
    const { run } = await postAndRun(alice.http, plain.id, 'Hi');
    const snapshot = await waitForRun(alice.http, plain.id, run.id);
    expect(snapshot.run.agent_id).toBeNull();
    expect(vendor.requests).toHaveLength(0);
  });
});
