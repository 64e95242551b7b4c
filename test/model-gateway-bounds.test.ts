import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_EMBEDDING_DIMENSIONS } from '../src/platform/models/embed.ts';
import type { ModelCallContext, ResolvedModel } from '../src/platform/models/types.ts';
import { type FakeChatVendor, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin } from './helpers/fixtures.ts';
import { catalogModel, recorder, testGateway, userMessage } from './model-gateway.fixtures.ts';

/** The gateway's bound on one vendor answer in these tests (the default is 64 MiB). */
const CAP = 16 * 1024;

let app: TestApp;
let chat: FakeChatVendor;
let ctx: ModelCallContext;
let chatModel: ResolvedModel;
let embeddingsModel: ResolvedModel;

/** An OpenAI-compatible `/embeddings` that answers each text with a vector of `dimensions` (set per test). */
let dimensions = 8;
let embeddingRequests = 0;
let embeddings: Server;

beforeAll(async () => {
  app = await startTestApp();
  chat = await startFakeOpenAIChat();
  embeddings = createServer(async (req, res) => {
    for await (const _ of req);
    embeddingRequests++;
    const vector = Array.from({ length: dimensions }, (_, i) => (i % 7) + 1);
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        object: 'list',
        data: [{ object: 'embedding', index: 0, embedding: vector }],
        model: 'wide',
        usage: { prompt_tokens: 1, total_tokens: 1 },
      }),
    );
  });
  await new Promise<void>((resolve) => embeddings.listen(0, '127.0.0.1', resolve));
  const org = await createOrgWithAdmin(app);
  ctx = { organizationId: org.org.id };
  const { gateway } = testGateway(app);
  chatModel = await gateway.resolve(ctx, {
    agentModel: (await catalogModel(app, { baseUrl: chat.baseUrl, apiKey: 'sk-bounds' })).version.id,
  });
  const embedder = await catalogModel(app, {
    baseUrl: `http://127.0.0.1:${(embeddings.address() as AddressInfo).port}`,
    apiKey: 'sk-bounds',
    version: { outputModalities: ['embeddings'], supportsToolUse: false, supportsStructuredOutput: false },
  });
  embeddingsModel = await gateway.resolve(ctx, { agentModel: embedder.version.id });
});
afterAll(async () => {
  await app?.close();
  await chat?.close();
  await new Promise((resolve) => embeddings?.close(resolve));
});
beforeEach(() => {
  chat.reset();
  embeddingRequests = 0;
  dimensions = 8;
});

describe('a vendor answer is read up to a bound', () => {
  it('a chat stream under the bound arrives whole', async () => {
    const { gateway } = testGateway(app, { maxResponseBytes: CAP });
    chat.script({ text: ['a'.repeat(1000), 'b'.repeat(1000)], usage: { input: 1, output: 2 } });
    const { onEvent } = recorder();
    const result = await gateway.streamRound({ model: chatModel, messages: userMessage('x') }, onEvent);
    expect(result.text).toBe('a'.repeat(1000) + 'b'.repeat(1000));
  });

  it('a chat stream past the bound is 502 model_error after one request (no retry reads it again)', async () => {
    const { gateway, logs } = testGateway(app, { maxResponseBytes: CAP });
    chat.script({ text: Array.from({ length: 40 }, () => 'x'.repeat(1000)), usage: { input: 1, output: 40 } });
    const { onEvent } = recorder();
    const before = chat.requests.length;
    const error = await gateway.streamRound({ model: chatModel, messages: userMessage('x') }, onEvent).then(
      () => null,
      (e) => e,
    );
    expect(error).toMatchObject({ status: 502, code: 'model_error' });
    expect(chat.requests.length - before).toBe(1);
    expect(logs.join('\n')).toContain(`larger than ${CAP} bytes`);
  });

  it('an embeddings answer past the bound is 502 model_error after one request', async () => {
    const { gateway } = testGateway(app, { maxResponseBytes: 4 * 1024 });
    dimensions = 4000; // about 8 KB of JSON, twice the bound
    const big = await gateway.embed({ model: embeddingsModel, texts: ['one'] }).then(
      () => null,
      (e) => e,
    );
    dimensions = 3000;
    const { gateway: roomy } = testGateway(app);
    const fine = await roomy.embed({ model: embeddingsModel, texts: ['one'] });
    expect(big).toMatchObject({ status: 502, code: 'model_error' });
    expect(fine.embeddings[0]).toHaveLength(3000);
    expect(embeddingRequests).toBe(2);
  });
});

describe('embedding vectors are bounded in width', () => {
  it(`a vector wider than ${MAX_EMBEDDING_DIMENSIONS} is 502 model_error, not stored`, async () => {
    const { gateway } = testGateway(app);
    dimensions = MAX_EMBEDDING_DIMENSIONS + 1;
    const error = await gateway.embed({ model: embeddingsModel, texts: ['one'] }).then(
      () => null,
      (e) => e,
    );
    expect(error).toMatchObject({ status: 502, code: 'model_error' });
    expect(embeddingRequests).toBe(1);
    dimensions = MAX_EMBEDDING_DIMENSIONS;
    expect((await gateway.embed({ model: embeddingsModel, texts: ['one'] })).embeddings[0]).toHaveLength(
      MAX_EMBEDDING_DIMENSIONS,
    );
  });
});
