import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedOfflineModel } from '../src/modules/catalog/seed.ts';
import { aiModelFamilies, aiModelVersions, aiProviders, usageEvents } from '../src/platform/db/schema/index.ts';
import { OFFLINE_VERSION_ID } from '../src/platform/models/index.ts';
import { minimalJsonInstance } from '../src/platform/models/offline/json-instance.ts';
import type { ModelCallContext, ModelGateway, ResolvedModel } from '../src/platform/models/types.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin } from './helpers/fixtures.ts';
import { recorder, testGateway, userMessage } from './model-gateway.fixtures.ts';

let app: TestApp;
let gateway: ModelGateway;
let ctx: ModelCallContext;
let offline: ResolvedModel;

const LOOKUP = {
  name: 'lookup',
  description: 'Look something up',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
};
const NOTE = { name: 'note', description: 'Write a note', inputSchema: { type: 'object', properties: {} } };

beforeAll(async () => {
  app = await startTestApp();
  ({ gateway } = testGateway(app));
  const org = await createOrgWithAdmin(app);
  ctx = { organizationId: org.org.id, userId: org.admin.user.id };
  offline = await gateway.resolve(ctx);
});
afterAll(() => app?.close());

describe('plain replies', () => {
  it('says plainly what it is, echoes the message, in several deltas, deterministically, for free', async () => {
    const { events, onEvent } = recorder();
    const messages = userMessage('What is the capital of France?');
    const first = await gateway.streamRound({ model: offline, system: 'You are helpful.', messages }, onEvent);
    expect(offline.offline).toBe(true);
    expect(first.text).toBe(
      "I am Atrium's built-in offline model: no AI provider is configured, so this reply was written without a language model.\n" +
        'You said: "What is the capital of France?"',
    );
    expect(events.length).toBeGreaterThan(3);
    expect(events.every((e) => e.type === 'text-delta')).toBe(true);
    expect(events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('')).toBe(first.text);
    expect(first.finishReason).toBe('stop');
    const promptChars = 'You are helpful.'.length + 'What is the capital of France?'.length;
    expect(first.usage).toEqual({
      inputTokens: Math.ceil(promptChars / 4),
      outputTokens: Math.ceil(first.text.length / 4),
      cachedInputTokens: 0,
      cacheWriteInputTokens: 0,
    });
    expect(first.costMicroCents).toBe(0n);
    const again = await gateway.streamRound({ model: offline, system: 'You are helpful.', messages });
    expect(again).toEqual(first);
  });

  it('echoes only the last user message, clipped', async () => {
    const long = 'x'.repeat(1000);
    const result = await gateway.streamRound({
      model: offline,
      messages: [
        { role: 'user', content: 'old question' },
        { role: 'assistant', content: 'old answer' },
        { role: 'user', content: [{ type: 'text', text: long }] },
      ],
    });
    expect(result.text).not.toContain('old question');
    expect(result.text).toContain(`You said: "${'x'.repeat(399)}…"`);
  });
});

describe('tool directives', () => {
  it('`/tool <name> <json>` lines become tool calls of offered tools, no text', async () => {
    const { events, onEvent } = recorder();
    const result = await gateway.streamRound(
      {
        model: offline,
        tools: [LOOKUP, NOTE],
        messages: userMessage('Please do two things:\n/tool lookup {"q": "budget 2025"}\n/tool note'),
      },
      onEvent,
    );
    expect(result.text).toBe('');
    expect(result.finishReason).toBe('tool-calls');
    expect(result.toolCalls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
      { toolName: 'lookup', input: { q: 'budget 2025' } },
      { toolName: 'note', input: {} },
    ]);
    expect(new Set(result.toolCalls.map((c) => c.toolCallId)).size).toBe(2);
    expect(events).toEqual(result.toolCalls.map((c) => ({ type: 'tool-call', ...c })));
  });

  it('a directive naming a tool not offered (or with bad JSON) is answered in text instead', async () => {
    const result = await gateway.streamRound({
      model: offline,
      tools: [NOTE],
      messages: userMessage('/tool lookup {"q":"x"}\n/tool note {broken'),
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toContain('The tool "lookup" is not available here.');
    expect(result.text).toContain('The arguments given for "note" are not valid JSON.');
  });

  it('after the tool results, a short summary of them', async () => {
    const result = await gateway.streamRound({
      model: offline,
      tools: [LOOKUP],
      messages: [
        { role: 'user', content: '/tool lookup {"q":"budget"}' },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { q: 'budget' } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'lookup',
              output: { type: 'json', value: { total: 42 } },
            },
          ],
        },
      ],
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.finishReason).toBe('stop');
    expect(result.text).toContain('no AI provider is configured');
    expect(result.text).toContain('- lookup: {"total":42}');
  });
});

describe('structured output', () => {
  it('a minimal instance valid for the schema', async () => {
    const Schema = z.object({
      title: z.string().min(10),
      count: z.number().int().min(2),
      ratio: z.number().gt(0.5).max(1),
      level: z.enum(['low', 'high']),
      tags: z.array(z.string()).min(2),
      nested: z.object({ flag: z.boolean(), at: z.iso.datetime() }),
      note: z.string().optional(),
      maybe: z.string().nullable(),
    });
    const out = await gateway.generateObject({ model: offline, messages: userMessage('Fill it'), schema: Schema });
    expect(Schema.parse(out.object)).toEqual(out.object);
    expect(out.object.level).toBe('low');
    expect(out.costMicroCents).toBe(0n);
    expect(out.usage.outputTokens).toBe(Math.ceil(JSON.stringify(out.object).length / 4));
  });

  it('handles references, unions and tuples', () => {
    const schema = {
      $defs: {
        item: { type: 'object', properties: { id: { type: 'integer', exclusiveMinimum: 3 } }, required: ['id'] },
      },
      type: 'object',
      properties: {
        items: { type: 'array', items: { $ref: '#/$defs/item' }, minItems: 1 },
        choice: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: 3 }] },
        pair: { type: 'array', prefixItems: [{ const: 'a' }, { type: 'number', multipleOf: 5, minimum: 7 }] },
      },
      required: ['items', 'choice', 'pair'],
    };
    expect(minimalJsonInstance(schema)).toEqual({ items: [{ id: 4 }], choice: 'off', pair: ['a', 10] });
  });
});

describe('usage and catalog rows', () => {
  it('recordUsage of an offline round writes a zero-cost row against the seeded version', async () => {
    const result = await gateway.streamRound({ model: offline, messages: userMessage('hi') });
    const recorded = await app.server.database.db.transaction((tx) =>
      gateway.recordUsage(tx, { ...ctx, channel: 'api' }, offline, result.usage),
    );
    expect(recorded.costMicroCents).toBe(0n);
    const [row] = await app.server.database.db.select().from(usageEvents).where(eq(usageEvents.id, recorded.id));
    expect(row).toMatchObject({
      modelVersionId: OFFLINE_VERSION_ID,
      inputTokens: result.usage.inputTokens,
      costMicroCents: 0n,
    });
  });

  it('seeding again changes nothing', async () => {
    const db = app.server.database.db;
    expect(await seedOfflineModel(db)).toBe(true);
    expect(await seedOfflineModel(db)).toBe(true);
    const [providers] = await db.select({ n: count() }).from(aiProviders).where(eq(aiProviders.slug, 'atrium'));
    const [families] = await db
      .select({ n: count() })
      .from(aiModelFamilies)
      .where(and(eq(aiModelFamilies.slug, 'offline')));
    const [versions] = await db
      .select({ n: count() })
      .from(aiModelVersions)
      .where(eq(aiModelVersions.modelId, 'atrium-offline'));
    expect([providers!.n, families!.n, versions!.n]).toEqual([1, 1, 1]);
  });

  it('an aborted offline stream (with a per-delta delay) rejects with the reason', async () => {
    const slow = testGateway(app, { offlineDeltaDelayMs: 50 }).gateway;
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await slow
      .streamRound({ model: offline, messages: userMessage('hello'), signal: controller.signal }, (e) => {
        seen.push(e.type);
        controller.abort(new Error('cancelled by user'));
      })
      .catch((e) => e);
    expect(error.message).toBe('cancelled by user');
    expect(seen).toHaveLength(1);
  });
});
