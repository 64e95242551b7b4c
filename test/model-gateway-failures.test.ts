import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../src/platform/http/errors.ts';
import { scrub } from '../src/platform/models/errors.ts';
import type { ModelCallContext, ResolvedModel } from '../src/platform/models/types.ts';
import { type FakeChatVendor, startFakeAnthropic, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin } from './helpers/fixtures.ts';
import { catalogModel, recorder, testGateway, userMessage } from './model-gateway.fixtures.ts';

let app: TestApp;
let openai: FakeChatVendor;
let anthropic: FakeChatVendor;
let ctx: ModelCallContext;
const key = `sk-live-${randomBytes(20).toString('hex')}`;
let viaOpenAI: ResolvedModel;
let viaCompat: ResolvedModel;
let viaAnthropic: ResolvedModel;
const allLogs: string[][] = [];

/** A gateway whose log lines are kept for the final no-key check. */
function gatewayWith(config: Parameters<typeof testGateway>[1] = {}) {
  const made = testGateway(app, config);
  allLogs.push(made.logs);
  return made;
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  app = await startTestApp();
  [openai, anthropic] = await Promise.all([startFakeOpenAIChat(), startFakeAnthropic()]);
  const org = await createOrgWithAdmin(app);
  ctx = { organizationId: org.org.id };
  const { gateway } = gatewayWith();
  const resolve = async (m: { version: { id: string } }) => gateway.resolve(ctx, { agentModel: m.version.id });
  viaOpenAI = await resolve(await catalogModel(app, { slug: 'openai', baseUrl: openai.baseUrl, apiKey: key }));
  viaCompat = await resolve(await catalogModel(app, { baseUrl: openai.baseUrl, apiKey: key }));
  viaAnthropic = await resolve(await catalogModel(app, { slug: 'anthropic', baseUrl: anthropic.baseUrl, apiKey: key }));
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

const requestsDuring = async <T>(fake: FakeChatVendor, run: () => Promise<T>) => {
  const before = fake.requests.length;
  const outcome = await run().then(
    (value) => ({ value, error: undefined as any }),
    (error) => ({ value: undefined, error }),
  );
  return { ...outcome, requests: fake.requests.length - before };
};

describe('retries before any output', () => {
  it('a vendor 500 then a success: retried, the caller sees one clean stream', async () => {
    const { gateway, logs } = gatewayWith();
    openai.script(
      { status: 500, error: { message: 'upstream exploded' } },
      { text: ['fine'], usage: { input: 1, output: 1 } },
    );
    const { events, onEvent } = recorder();
    const out = await requestsDuring(openai, () =>
      gateway.streamRound({ model: viaOpenAI, messages: userMessage('x') }, onEvent),
    );
    expect(out.error).toBeUndefined();
    expect(out.requests).toBe(2);
    expect(out.value!.text).toBe('fine');
    expect(events).toEqual([{ type: 'text-delta', text: 'fine' }]);
    expect(logs.some((l) => l.includes('"retrying":true') && l.includes('HTTP 500'))).toBe(true);
  });

  it('429 (Anthropic) and a connection dropped before the first delta are retried', async () => {
    const { gateway } = gatewayWith();
    anthropic.script(
      { status: 429, error: { type: 'rate_limit_error', message: 'slow down' }, headers: { 'retry-after': '0' } },
      { dropAfterChunks: 0 },
      { text: ['third time'], usage: { input: 2, output: 2 } },
    );
    const out = await requestsDuring(anthropic, () =>
      gateway.streamRound({ model: viaAnthropic, messages: userMessage('x') }),
    );
    expect(out.error).toBeUndefined();
    expect(out.requests).toBe(3);
    expect(out.value!.text).toBe('third time');
  });

  it('attempts are bounded: three 503s are 502 model_error after exactly maxAttempts requests', async () => {
    const { gateway } = gatewayWith({ maxAttempts: 3 });
    openai.script(...Array.from({ length: 3 }, () => ({ status: 503, error: { message: 'overloaded' } })));
    const out = await requestsDuring(openai, () =>
      gateway.streamRound({ model: viaCompat, messages: userMessage('x') }),
    );
    expect(out.requests).toBe(3);
    expect(out.error).toBeInstanceOf(ApiError);
    expect(out.error).toMatchObject({ status: 502, code: 'model_error' });
    expect(out.error.message).toContain('HTTP 503');
  });

  it('connection refused is retried, then 502 naming the provider', async () => {
    const { gateway } = gatewayWith({ maxAttempts: 2 });
    const dead = await catalogModel(app, { baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, apiKey: key });
    const model = await gateway.resolve(ctx, { agentModel: dead.version.id });
    const error = await gateway.streamRound({ model, messages: userMessage('x') }).catch((e) => e);
    expect(error).toMatchObject({ status: 502, code: 'model_error' });
    expect(error.message).toContain(`AI provider "${dead.provider.name}" (${dead.provider.slug})`);
    expect(error.message).toContain('could not be reached (connection refused)');
  });
});

describe('failures that are not retried', () => {
  it('401 with the key echoed back: 502 model_error, one request, the key nowhere', async () => {
    const { gateway, logs } = gatewayWith();
    openai.script({
      status: 401,
      error: {
        message: `Incorrect API key provided: ${key}. Also ${key.slice(4, 30)}.`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    });
    const out = await requestsDuring(openai, () =>
      gateway.streamRound({ model: viaOpenAI, messages: userMessage('x') }),
    );
    expect(out.requests).toBe(1);
    expect(out.error).toMatchObject({ status: 502, code: 'model_error' });
    expect(out.error.message).toMatch(
      /^AI provider ".+" \(openai\), model ".+": HTTP 401 Unauthorized \(invalid_api_key\)$/,
    );
    expect(out.error.message).not.toContain(key);
    expect(out.error.message).not.toContain(key.slice(4, 30));
    expect(JSON.stringify(out.error)).not.toContain(key);
    expect(String(out.error.stack)).not.toContain(key);
    expect(logs.join('\n')).not.toContain(key);
  });

  it('400 (Anthropic) is not retried and carries only the status line and the vendor error code', async () => {
    const { gateway } = gatewayWith();
    anthropic.script({
      status: 400,
      error: { type: 'invalid_request_error', message: `vendor-detail\n\u0000request ${'x'.repeat(500)}` },
    });
    const out = await requestsDuring(anthropic, () =>
      gateway.streamRound({ model: viaAnthropic, messages: userMessage('x') }),
    );
    expect(out.requests).toBe(1);
    expect(out.error).toMatchObject({ status: 502, code: 'model_error' });
    expect(out.error.message).toMatch(/: HTTP 400 Bad Request \(invalid_request_error\)$/);
    // The vendor's own message never reaches the caller (a random provider name may contain any word).
    expect(out.error.message).not.toContain('vendor-detail');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting there are none
    expect(out.error.message).not.toMatch(/[\u0000-\u001f]/);
  });

  it('an error after the first delta reached the caller is never retried', async () => {
    const { gateway } = gatewayWith();
    openai.script({ text: ['partial', ' never'], dropAfterChunks: 1 }, { text: ['should not be used'] });
    const { events, onEvent } = recorder();
    const out = await requestsDuring(openai, () =>
      gateway.streamRound({ model: viaCompat, messages: userMessage('x') }, onEvent),
    );
    expect(out.requests).toBe(1);
    expect(events).toEqual([{ type: 'text-delta', text: 'partial' }]);
    expect(out.error).toMatchObject({ status: 502, code: 'model_error' });
    expect(out.error.message).toContain('connection lost');
  });

  it('a body that is not the vendor format is 502 and not retried', async () => {
    const { gateway } = gatewayWith();
    openai.script({ rawBody: 'data: {"choices": "nope"}\n\ndata: [DONE]\n\n' });
    const out = await requestsDuring(openai, () =>
      gateway.streamRound({ model: viaCompat, messages: userMessage('x') }),
    );
    expect(out.requests).toBe(1);
    expect(out.error).toMatchObject({ status: 502, code: 'model_error' });
    expect(out.error.message).toContain('invalid response');
  });

  it('a vendor key missing for a vendor that needs one is 502 before any request', async () => {
    const { gateway } = gatewayWith();
    const keyless = await catalogModel(app, { slug: 'google', baseUrl: `${openai.url}/v1beta` });
    const model = await gateway.resolve(ctx, { agentModel: keyless.version.id });
    const out = await requestsDuring(openai, () => gateway.streamRound({ model, messages: userMessage('x') }));
    expect(out.requests).toBe(0);
    expect(out.error).toMatchObject({ status: 502, code: 'model_error' });
    expect(out.error.message).toContain('has no API key');
  });

  it('a provider with no address (no base_url, no known vendor default) is 502 before any request', async () => {
    const { gateway } = gatewayWith();
    const nowhere = await catalogModel(app, { apiKey: key });
    const model = await gateway.resolve(ctx, { agentModel: nowhere.version.id });
    const error = await gateway.streamRound({ model, messages: userMessage('x') }).catch((e) => e);
    expect(error).toMatchObject({ status: 502, code: 'model_error' });
    expect(error.message).toContain('has no base_url');
  });

  it('an error thrown by the caller callback passes through untouched and stops the stream', async () => {
    const { gateway } = gatewayWith();
    openai.script({ text: ['a', 'b', 'c'], usage: { input: 1, output: 1 } });
    const mine = new Error('sink closed');
    const seen: string[] = [];
    const error = await gateway
      .streamRound({ model: viaCompat, messages: userMessage('x') }, (e) => {
        seen.push(e.type);
        throw mine;
      })
      .catch((e) => e);
    expect(error).toBe(mine);
    expect(seen).toEqual(['text-delta']);
  });
});

describe('timeouts and cancellation', () => {
  it('a vendor that never answers is cut off by the idle timeout, bounded by maxAttempts', async () => {
    const { gateway } = gatewayWith({ idleTimeoutMs: 150, maxAttempts: 2 });
    openai.script({ delayMs: 20_000 }, { delayMs: 20_000 });
    const out = await requestsDuring(openai, () =>
      gateway.streamRound({ model: viaCompat, messages: userMessage('x') }),
    );
    expect(out.requests).toBe(2);
    expect(out.error).toMatchObject({ status: 502, code: 'model_error' });
    expect(out.error.message).toContain('no response within 150 ms');
  });

  it('a stream that stalls mid-way after a delta times out and is not retried', async () => {
    const { gateway } = gatewayWith({ idleTimeoutMs: 1_000, maxAttempts: 3 });
    openai.script({ text: ['one', 'two'], stallAfterChunks: 1 });
    const { events, onEvent } = recorder();
    const out = await requestsDuring(openai, () =>
      gateway.streamRound({ model: viaCompat, messages: userMessage('x') }, onEvent),
    );
    expect(out.requests).toBe(1);
    expect(events).toEqual([{ type: 'text-delta', text: 'one' }]);
    expect(out.error).toMatchObject({ status: 502, code: 'model_error' });
  });

  it("the caller's own slowness in onEvent is not counted as the vendor's silence", async () => {
    const { gateway } = gatewayWith({ idleTimeoutMs: 300 });
    const pieces = Array.from({ length: 8 }, (_, i) => `p${i} `);
    openai.script({ text: pieces, chunkDelayMs: 60, usage: { input: 1, output: 8 } });
    let first = true;
    const result = await gateway.streamRound({ model: viaCompat, messages: userMessage('x') }, async () => {
      if (!first) return;
      first = false;
      // Longer than the idle timeout, while the vendor is still streaming.
      await new Promise((resolve) => setTimeout(resolve, 800));
    });
    expect(result.text).toBe(pieces.join(''));
  });

  it("aborting mid-stream rejects with the signal's reason, not a model_error", async () => {
    const { gateway } = gatewayWith();
    openai.script({ text: ['first', 'second', 'third'], chunkDelayMs: 300 });
    const controller = new AbortController();
    const { events } = recorder();
    const error = await gateway
      .streamRound({ model: viaCompat, messages: userMessage('x'), signal: controller.signal }, (e) => {
        events.push(e);
        controller.abort();
      })
      .catch((e) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.name).toBe('AbortError');
    expect(events).toHaveLength(1);
  });

  it('an already aborted signal makes no request', async () => {
    const { gateway } = gatewayWith();
    const controller = new AbortController();
    controller.abort(new Error('run cancelled'));
    const out = await requestsDuring(openai, () =>
      gateway.streamRound({ model: viaCompat, messages: userMessage('x'), signal: controller.signal }),
    );
    expect(out.requests).toBe(0);
    expect(out.error.message).toBe('run cancelled');
  });

  it('generateObject retries and times out like a stream', async () => {
    const { gateway } = gatewayWith({ idleTimeoutMs: 150, maxAttempts: 2 });
    openai.script(
      { status: 502, error: { message: 'bad gateway' } },
      { text: ['{"ok":true}'], usage: { input: 1, output: 1 } },
    );
    const out = await requestsDuring(openai, () =>
      gateway.generateObject({ model: viaOpenAI, messages: userMessage('x'), schema: z.object({ ok: z.boolean() }) }),
    );
    expect(out.requests).toBe(2);
    expect(out.value!.object).toEqual({ ok: true });
  });
});

describe('scrub', () => {
  it('removes a key, fragments of it, bearer tokens and sk- keys; keeps ordinary words', () => {
    const k = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const text = `key ${k} part ${k.slice(3, 15)} short ${k.slice(0, 5)} Bearer tok123 sk-proj-AAAAAAAAAAAAAAAA model claude-3-5-sonnet-20241022`;
    const out = scrub(text, [k]);
    expect(out).not.toContain(k.slice(3, 15));
    expect(out).not.toContain('tok123');
    expect(out).not.toContain('sk-proj-AAAA');
    expect(out).toContain('short abcde');
    expect(out).toContain('claude-3-5-sonnet-20241022');
  });
});

afterAll(() => {
  for (const lines of allLogs) expect(lines.join('\n')).not.toContain(key);
});
