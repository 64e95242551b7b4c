import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usageEvents } from '../src/platform/db/schema/index.ts';
import type { ModelCallContext, ModelGateway, ResolvedModel } from '../src/platform/models/types.ts';
import { type FakeChatVendor, startFakeAnthropic, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { catalogModel, recorder, testGateway, userMessage } from './model-gateway.fixtures.ts';

let app: TestApp;
let openai: FakeChatVendor;
let anthropic: FakeChatVendor;
let gateway: ModelGateway;
let logs: string[];
let org: TestOrg;
let ctx: ModelCallContext;
const key = `sk-test-${randomBytes(16).toString('hex')}`;
/** cents per 1M tokens */
const PRICES = { inputCostPer1m: 250, outputCostPer1m: 1000, cachedInputCostPer1m: 125, cacheCreationCostPer1m: 300 };

const models: Record<'openai' | 'compat' | 'anthropic' | 'google' | 'noTools', ResolvedModel> = {} as any;

beforeAll(async () => {
  app = await startTestApp();
  [openai, anthropic] = await Promise.all([startFakeOpenAIChat(), startFakeAnthropic()]);
  ({ gateway, logs } = testGateway(app));
  org = await createOrgWithAdmin(app);
  ctx = { organizationId: org.org.id, userId: org.admin.user.id };
  const made = {
    openai: await catalogModel(app, {
      slug: 'openai',
      baseUrl: openai.baseUrl,
      apiKey: key,
      modelId: 'gpt-test',
      version: PRICES,
    }),
    compat: await catalogModel(app, { baseUrl: openai.baseUrl, apiKey: key, modelId: 'llama-test', version: PRICES }),
    anthropic: await catalogModel(app, {
      slug: 'anthropic',
      baseUrl: anthropic.baseUrl,
      apiKey: key,
      modelId: 'claude-test',
      version: PRICES,
    }),
    google: await catalogModel(app, {
      slug: 'google',
      baseUrl: `${openai.url}/v1beta`,
      apiKey: key,
      modelId: 'gemini-test',
    }),
  };
  const noTools = await catalogModel(app, {
    providerId: made.compat.provider.id,
    modelId: 'no-tools',
    version: { supportsToolUse: false },
  });
  for (const [name, m] of Object.entries({ ...made, noTools }))
    models[name as keyof typeof models] = await gateway.resolve(ctx, { agentModel: m.version.id });
});
afterAll(async () => {
  await app?.close();
  await openai?.close();
  await anthropic?.close();
});

beforeEach(() => {
  openai.reset();
  anthropic.reset();
});

const lastRequest = (fake: FakeChatVendor) => fake.requests.at(-1)!;

describe('streaming text through each vendor', () => {
  it('openai: Chat Completions, key as bearer, usage in the stream, exact cost with cached input', async () => {
    openai.script({ text: ['Hel', 'lo', ' there'], usage: { input: 1000, output: 40, cached: 600 } });
    const { events, onEvent } = recorder();
    const result = await gateway.streamRound(
      { model: models.openai, system: 'Be brief.', messages: userMessage('Hi') },
      onEvent,
    );

    expect(events).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { type: 'text-delta', text: ' there' },
    ]);
    expect(result.text).toBe('Hello there');
    expect(result.finishReason).toBe('stop');
    expect(result.toolCalls).toEqual([]);
    expect(result.usage).toEqual({
      inputTokens: 1000,
      outputTokens: 40,
      cachedInputTokens: 600,
      cacheWriteInputTokens: 0,
    });
    // 400 uncached × 250 + 600 cached × 125 + 40 output × 1000 micro-cents
    expect(result.costMicroCents).toBe(400n * 250n + 600n * 125n + 40n * 1000n);

    const req = lastRequest(openai);
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${key}`);
    expect(req.body.model).toBe('gpt-test');
    expect(req.body.stream).toBe(true);
    expect(req.body.stream_options).toEqual({ include_usage: true });
    expect(req.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('openai-compatible: {base_url}/chat/completions, include_usage asked for, reasoning deltas', async () => {
    openai.script({ reasoning: ['Think', 'ing'], text: ['Done'], usage: { input: 10, output: 7 } });
    const { events, onEvent } = recorder();
    const result = await gateway.streamRound({ model: models.compat, messages: userMessage('Q') }, onEvent);
    expect(events).toEqual([
      { type: 'reasoning-delta', text: 'Think' },
      { type: 'reasoning-delta', text: 'ing' },
      { type: 'text-delta', text: 'Done' },
    ]);
    expect(result.reasoning).toBe('Thinking');
    expect(result.text).toBe('Done');
    expect(result.usage).toEqual({ inputTokens: 10, outputTokens: 7, cachedInputTokens: 0, cacheWriteInputTokens: 0 });
    expect(result.costMicroCents).toBe(10n * 250n + 7n * 1000n);
    const req = lastRequest(openai);
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.body.model).toBe('llama-test');
    expect(req.body.stream_options).toEqual({ include_usage: true });
    expect(req.headers.authorization).toBe(`Bearer ${key}`);
  });

  it('anthropic: Messages API with x-api-key; cache reads and writes priced apart', async () => {
    anthropic.script({ text: ['Bonjour', ' !'], usage: { input: 1000, output: 20, cached: 500, cacheWrite: 100 } });
    const { events, onEvent } = recorder();
    const result = await gateway.streamRound(
      { model: models.anthropic, system: 'Sys', messages: userMessage('Salut') },
      onEvent,
    );
    expect(events.map((e) => e.type === 'text-delta' && e.text)).toEqual(['Bonjour', ' !']);
    expect(result.text).toBe('Bonjour !');
    expect(result.usage).toEqual({
      inputTokens: 1000,
      outputTokens: 20,
      cachedInputTokens: 500,
      cacheWriteInputTokens: 100,
    });
    expect(result.costMicroCents).toBe(400n * 250n + 500n * 125n + 100n * 300n + 20n * 1000n);
    const req = lastRequest(anthropic);
    expect(req.path).toBe('/v1/messages');
    expect(req.headers['x-api-key']).toBe(key);
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toMatchObject({ model: 'claude-test', stream: true, system: [{ type: 'text', text: 'Sys' }] });
  });

  it("google: the Gemini API's OpenAI-compatible endpoint under the provider's API root", async () => {
    openai.script({ text: ['Gemini says hi'], usage: { input: 3, output: 4 } });
    const result = await gateway.streamRound({ model: models.google, messages: userMessage('Hi') });
    expect(result.text).toBe('Gemini says hi');
    const req = lastRequest(openai);
    expect(req.path).toBe('/v1beta/openai/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${key}`);
    expect(req.body.model).toBe('gemini-test');
  });
});

const TOOLS = [
  {
    name: 'search_project_files',
    description: 'Search the project',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
  { name: 'ask_user', description: 'Ask a question', inputSchema: { type: 'object', properties: {} } },
];

describe('tool calls', () => {
  it('openai: offers exactly the given tools and returns the calls unexecuted, input parsed', async () => {
    openai.script({
      toolCalls: [
        { id: 'call_a', name: 'search_project_files', arguments: { query: 'budget' } },
        { id: 'call_b', name: 'ask_user', arguments: '' },
      ],
      usage: { input: 50, output: 12 },
    });
    const { events, onEvent } = recorder();
    const result = await gateway.streamRound(
      { model: models.openai, messages: userMessage('Find it'), tools: TOOLS },
      onEvent,
    );
    const req = lastRequest(openai);
    expect(req.body.tools.map((t: any) => t.function.name)).toEqual(['search_project_files', 'ask_user']);
    expect(req.body.tools[0].function.parameters).toMatchObject(TOOLS[0]!.inputSchema);
    expect(req.body.tool_choice).toBe('auto');
    expect(result.finishReason).toBe('tool-calls');
    const calls = [
      { toolCallId: 'call_a', toolName: 'search_project_files', input: { query: 'budget' } },
      { toolCallId: 'call_b', toolName: 'ask_user', input: {} },
    ];
    expect(result.toolCalls).toEqual(calls);
    expect(events).toEqual(calls.map((c) => ({ type: 'tool-call', ...c })));
  });

  it('anthropic: tool_use blocks with streamed input JSON', async () => {
    anthropic.script({
      text: ['Let me look.'],
      toolCalls: [{ id: 'toolu_1', name: 'search_project_files', arguments: { query: 'q3 report' } }],
      usage: { input: 40, output: 9 },
    });
    const result = await gateway.streamRound({ model: models.anthropic, messages: userMessage('Find'), tools: TOOLS });
    expect(lastRequest(anthropic).body.tools.map((t: any) => t.name)).toEqual(['search_project_files', 'ask_user']);
    expect(result.text).toBe('Let me look.');
    expect(result.toolCalls).toEqual([
      { toolCallId: 'toolu_1', toolName: 'search_project_files', input: { query: 'q3 report' } },
    ]);
    expect(result.finishReason).toBe('tool-calls');
  });

  it('tool results go back to the vendor in its own format', async () => {
    openai.script({ text: ['Found 2 files.'], usage: { input: 80, output: 4 } });
    const result = await gateway.streamRound({
      model: models.openai,
      tools: TOOLS,
      messages: [
        { role: 'user', content: 'Find it' },
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 'call_a', toolName: 'search_project_files', input: { query: 'x' } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_a',
              toolName: 'search_project_files',
              output: { type: 'json', value: { hits: 2 } },
            },
          ],
        },
      ],
    });
    expect(result.text).toBe('Found 2 files.');
    const sent = lastRequest(openai).body.messages;
    expect(sent[1].tool_calls[0]).toMatchObject({ id: 'call_a', function: { name: 'search_project_files' } });
    expect(sent[2]).toMatchObject({ role: 'tool', tool_call_id: 'call_a', content: '{"hits":2}' });
  });

  it('a model without tool support is offered no tools', async () => {
    openai.script({ text: ['ok'], usage: { input: 1, output: 1 } });
    await gateway.streamRound({ model: models.noTools, messages: userMessage('x'), tools: TOOLS });
    expect(lastRequest(openai).body.tools).toBeUndefined();
  });
});

describe('structured output', () => {
  const Schema = z.object({ title: z.string(), priority: z.enum(['low', 'high']), tags: z.array(z.string()) });

  it('openai: json_schema response format, parsed and validated, with cost', async () => {
    openai.script({ text: ['{"title":"Q3","priority":"high","tags":["a"]}'], usage: { input: 30, output: 10 } });
    const out = await gateway.generateObject({
      model: models.openai,
      messages: userMessage('Classify'),
      schema: Schema,
    });
    expect(out.object).toEqual({ title: 'Q3', priority: 'high', tags: ['a'] });
    expect(out.usage).toMatchObject({ inputTokens: 30, outputTokens: 10 });
    expect(out.costMicroCents).toBe(30n * 250n + 10n * 1000n);
    const req = lastRequest(openai);
    expect(req.body.stream).toBeUndefined();
    expect(req.body.response_format.type).toBe('json_schema');
    expect(req.body.response_format.json_schema.schema.properties).toHaveProperty('priority');
  });

  it('openai-compatible: also asks for the schema', async () => {
    openai.script({ text: ['```json\n{"title":"T","priority":"low","tags":[]}\n```'], usage: { input: 1, output: 1 } });
    const out = await gateway.generateObject({ model: models.compat, messages: userMessage('x'), schema: Schema });
    expect(out.object).toEqual({ title: 'T', priority: 'low', tags: [] });
    expect(lastRequest(openai).body.response_format.type).toBe('json_schema');
  });

  it('anthropic: structured output arrives as an object', async () => {
    anthropic.script({ text: ['{"title":"A","priority":"low","tags":["x","y"]}'], usage: { input: 5, output: 5 } });
    const out = await gateway.generateObject({ model: models.anthropic, messages: userMessage('x'), schema: Schema });
    expect(out.object).toEqual({ title: 'A', priority: 'low', tags: ['x', 'y'] });
  });

  it('an answer that does not fit the schema is 502 model_error, not retried', async () => {
    const before = openai.requests.length;
    openai.script({ text: ['{"title":"Q3","priority":"urgent"}'], usage: { input: 1, output: 1 } });
    const error = await gateway
      .generateObject({ model: models.openai, messages: userMessage('x'), schema: Schema })
      .catch((e) => e);
    expect(error).toMatchObject({ status: 502, code: 'model_error' });
    expect(error.message).toMatch(/does not match the requested schema/);
    expect(openai.requests.length - before).toBe(1);
  });
});

describe('recordUsage', () => {
  const rowsOf = (organizationId: string) =>
    app.server.database.db.select().from(usageEvents).where(eq(usageEvents.organizationId, organizationId));

  it('a rolled-back transaction leaves no usage row', async () => {
    const other = await createOrgWithAdmin(app);
    const usage = { inputTokens: 100, outputTokens: 10, cachedInputTokens: 0 };
    await expect(
      app.server.database.db.transaction(async (tx) => {
        await gateway.recordUsage(tx, { organizationId: other.org.id }, models.openai, usage);
        throw new Error('output write failed');
      }),
    ).rejects.toThrow('output write failed');
    expect(await rowsOf(other.org.id)).toEqual([]);
  });

  it('a committed transaction leaves exactly one row with the exact cost and every attribution column', async () => {
    const other = await createOrgWithAdmin(app);
    const full: ModelCallContext = {
      organizationId: other.org.id,
      userId: other.admin.user.id,
      agentId: '0190a000-0000-7000-8000-000000000001',
      departmentId: '0190a000-0000-7000-8000-000000000002',
      integrationId: '0190a000-0000-7000-8000-000000000003',
      channel: 'web',
      runId: '0190a000-0000-7000-8000-000000000004',
    };
    const usage = {
      inputTokens: 1_000_000,
      outputTokens: 250_000,
      cachedInputTokens: 400_000,
      cacheWriteInputTokens: 50_000,
    };
    const recorded = await app.server.database.db.transaction((tx) =>
      gateway.recordUsage(tx, full, models.anthropic, usage),
    );
    const expected = 550_000n * 250n + 400_000n * 125n + 50_000n * 300n + 250_000n * 1000n;
    expect(recorded.costMicroCents).toBe(expected);
    const rows = await rowsOf(other.org.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: recorded.id,
      organizationId: full.organizationId,
      userId: full.userId,
      agentId: full.agentId,
      departmentId: full.departmentId,
      integrationId: full.integrationId,
      channel: 'web',
      runId: full.runId,
      modelVersionId: models.anthropic.versionId,
      inputTokens: 1_000_000,
      outputTokens: 250_000,
      cachedInputTokens: 400_000,
      cacheWriteInputTokens: 50_000,
      costMicroCents: expected,
    });
    expect(rows[0]!.occurredAt).toBeInstanceOf(Date);
  });
});

it('no log line carries the key', () => {
  expect(logs.join('\n')).not.toContain(key);
});
