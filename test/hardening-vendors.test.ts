import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { modelCatalog } from '../src/modules/catalog/service.ts';
import { createSecretBox } from '../src/platform/crypto/secret-box.ts';
import { aiProviders } from '../src/platform/db/schema/index.ts';
import { createModelGateway } from '../src/platform/models/index.ts';
import { isPrivateAddress } from '../src/platform/models/private-addresses.ts';
import type { ModelCallContext } from '../src/platform/models/types.ts';
import { type FakeChatVendor, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import { type FakeVendor, startFakeVendor } from './fixtures/fake-vendors.ts';
import {
  chatStreamBody,
  type ScriptedAnswer,
  type ScriptedServer,
  startScriptedServer,
} from './fixtures/scripted-server.ts';
import { startTestApp, type TestApp, testEnv } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { createOrgWithAdmin, unique } from './helpers/fixtures.ts';
import { catalogModel, testGateway, userMessage } from './model-gateway.fixtures.ts';

/**
 * Finding 15: the vendor client sends the provider's key, so it follows no redirect to another origin, tells a
 * vendor failure by its status line (and error code) only, and with ATRIUM_ALLOW_PRIVATE_MODEL_URLS=false
 * refuses base URLs on loopback, private or link-local addresses, at provider create/update and at call time.
 */
const KEY = `sk-test-${randomBytes(16).toString('hex')}`;
/** An address no DNS is needed for and nothing is ever sent to (providers are created, never called). */
const PUBLIC_BASE = 'http://93.184.216.34/v1';

let app: TestApp;
let strict: TestApp;
let chat: FakeChatVendor;
let listing: FakeVendor;
let elsewhere: ScriptedServer;
let redirector: ScriptedServer;
const ctx: Record<'app' | 'strict', ModelCallContext> = {} as never;

beforeAll(async () => {
  [app, strict] = await Promise.all([startTestApp(), startTestApp({ ATRIUM_ALLOW_PRIVATE_MODEL_URLS: 'false' })]);
  chat = await startFakeOpenAIChat();
  listing = await startFakeVendor('openai', { apiKey: KEY });
  // Whatever reaches this host would have come through a redirect: nothing may.
  elsewhere = await startScriptedServer(() => ({
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
    body: chatStreamBody('stolen'),
  }));
  redirector = await startScriptedServer((req) => ({
    status: 307,
    headers: { location: `${elsewhere.url}${req.path}` },
  }));
  ctx.app = { organizationId: (await createOrgWithAdmin(app)).org.id };
  ctx.strict = { organizationId: (await createOrgWithAdmin(strict)).org.id };
});
afterAll(async () => {
  await Promise.all([app?.close(), strict?.close()]);
  await Promise.all([chat?.close(), listing?.close(), elsewhere?.close(), redirector?.close()]);
});
beforeEach(() => chat.reset());

const consoleOf = (t: TestApp) => t.http.as(t.consoleKey);
const newProvider = (t: TestApp, body: Record<string, unknown>) =>
  consoleOf(t).post('/v1/admin/ai-providers', { name: unique('Provider'), slug: unique('p').toLowerCase(), ...body });

describe('redirects', () => {
  it('a model call follows no redirect to another origin, whatever header carries the key', async () => {
    const { gateway } = testGateway(app);
    for (const slug of ['anthropic', undefined]) {
      const made = await catalogModel(app, { slug, baseUrl: `${redirector.url}/v1`, apiKey: KEY });
      const model = await gateway.resolve(ctx.app, { agentModel: made.version.id });
      const before = redirector.requests.length;
      const error = await gateway.streamRound({ model, messages: userMessage('x') }).catch((e) => e);
      expect(error).toMatchObject({ status: 502, code: 'model_error' });
      expect(error.message).toMatch(/: it redirected to another address, which is not followed with the API key$/);
      // Refused, not retried: one request, and none at the other host.
      expect(redirector.requests.length - before).toBe(1);
    }
    expect(elsewhere.requests).toEqual([]);
  });

  it('a model call follows a redirect within the origin, with the same method, key and body', async () => {
    const same = await startScriptedServer((req): ScriptedAnswer => {
      if (req.path.startsWith('/old/'))
        return { status: 308, headers: { location: req.path.replace('/old/', '/v1/') } };
      if (req.headers.authorization !== `Bearer ${KEY}`) return { status: 401, body: '{}' };
      return { status: 200, headers: { 'content-type': 'text/event-stream' }, body: chatStreamBody('followed') };
    });
    try {
      const { gateway } = testGateway(app);
      const made = await catalogModel(app, { baseUrl: `${same.url}/old`, apiKey: KEY });
      const model = await gateway.resolve(ctx.app, { agentModel: made.version.id });
      expect((await gateway.streamRound({ model, messages: userMessage('x') })).text).toBe('followed');
      expect(same.requests.map((r) => [r.method, r.path])).toEqual([
        ['POST', '/old/chat/completions'],
        ['POST', '/v1/chat/completions'],
      ]);
      expect(same.requests[1]!.body).toBe(same.requests[0]!.body);
    } finally {
      await same.close();
    }
  });

  it('a model listing follows no redirect to another origin, and follows one within it', async () => {
    const away = await newProvider(app, { base_url: `${redirector.url}/v1`, api_key: KEY });
    expect(away.status, away.text).toBe(201);
    const refused = await consoleOf(app).get(`/v1/admin/ai-providers/${away.body.id}/available-models`);
    expectError(refused, 502, 'vendor_error');
    expect(refused.body.error).toBe(
      'The vendor could not be listed: it redirected to another address, which is not followed with the API key',
    );
    expect(elsewhere.requests).toEqual([]);

    const models = { object: 'list', data: [{ id: 'gpt-x', object: 'model', created: 1, owned_by: 'me' }] };
    const same = await startScriptedServer((req): ScriptedAnswer => {
      if (req.path === '/old/models') return { status: 302, headers: { location: '/v1/models' } };
      if (req.headers.authorization !== `Bearer ${KEY}`) return { status: 401, body: '{}' };
      return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(models) };
    });
    try {
      const moved = await newProvider(app, { base_url: `${same.url}/old`, api_key: KEY });
      const ok = await consoleOf(app).get(`/v1/admin/ai-providers/${moved.body.id}/available-models`);
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.models.map((m: any) => m.id)).toEqual(['gpt-x']);
      expect(same.requests.map((r) => r.path)).toEqual(['/old/models', '/v1/models']);
    } finally {
      await same.close();
    }
  });
});

describe('vendor failures are told by their status line', () => {
  it('a model call: the status, its reason phrase and the vendor error code, never the body', async () => {
    const { gateway } = testGateway(app, { maxAttempts: 1 });
    const made = await catalogModel(app, { baseUrl: chat.baseUrl, apiKey: KEY, modelId: 'llama-test' });
    const model = await gateway.resolve(ctx.app, { agentModel: made.version.id });
    const who = `AI provider "${made.provider.name}" (${made.provider.slug}), model "llama-test"`;
    chat.script({
      status: 500,
      error: { message: 'connect to db-internal-7.corp:5432 failed: password=hunter2', type: 'server_error' },
    });
    const error = await gateway.streamRound({ model, messages: userMessage('x') }).catch((e) => e);
    expect(error).toMatchObject({ status: 502, code: 'model_error' });
    expect(error.message).toBe(`${who}: HTTP 500 Internal Server Error (server_error)`);

    // A "code" that carries the key is no code: only the status line is left.
    chat.script({ status: 401, error: { message: 'no', code: KEY } });
    const keyed = await gateway.streamRound({ model, messages: userMessage('x') }).catch((e) => e);
    expect(keyed.message).toBe(`${who}: HTTP 401 Unauthorized`);
  });

  it('a model listing: the status line and the vendor error code, never the body', async () => {
    const failing = await startFakeVendor('openai', { apiKey: KEY, mode: 'fail' });
    const text = await startScriptedServer(() => ({ status: 503, body: 'Traceback: password=hunter2 at db-7' }));
    try {
      for (const [server, expected] of [
        [failing, 'The vendor answered 500 Internal Server Error (server_error)'],
        [text, 'The vendor answered 503 Service Unavailable'],
      ] as const) {
        const p = await newProvider(app, { base_url: `${server.url}/v1`, api_key: KEY });
        const res = await consoleOf(app).get(`/v1/admin/ai-providers/${p.body.id}/available-models`);
        expectError(res, 502, 'vendor_error');
        expect(res.body.error).toBe(expected);
      }
    } finally {
      await Promise.all([failing.close(), text.close()]);
    }
  });
});

describe('ATRIUM_ALLOW_PRIVATE_MODEL_URLS', () => {
  it('is true unless set to false, and accepts nothing but true or false', () => {
    expect(app.config.allowPrivateModelUrls).toBe(true);
    expect(strict.config.allowPrivateModelUrls).toBe(false);
    expect(loadConfig(testEnv({ ATRIUM_ALLOW_PRIVATE_MODEL_URLS: 'true' })).allowPrivateModelUrls).toBe(true);
    expect(() => loadConfig(testEnv({ ATRIUM_ALLOW_PRIVATE_MODEL_URLS: 'no' }))).toThrow(ConfigError);
  });

  it('by default, a provider may live on this host (self-hosted models)', async () => {
    const res = await newProvider(app, { base_url: 'http://127.0.0.1:11434/v1' });
    expect(res.status, res.text).toBe(201);
  });

  it('off: provider create and update refuse loopback, private and link-local base URLs with 400', async () => {
    const localhost = await newProvider(strict, { base_url: 'http://localhost:8000/v1' });
    expect(localhost.body.error).toMatch(/^base_url: localhost resolves to (127\.0\.0\.1|::1), which is a loopback/);
    for (const base of [
      'http://127.0.0.1:11434/v1',
      'http://localhost:8000/v1',
      'http://[::1]:8000/v1',
      'http://[::ffff:127.0.0.1]/v1',
      'http://2130706433/v1', // 127.0.0.1 written as one number
      'http://10.1.2.3/v1',
      'http://172.20.0.5/v1',
      'http://192.168.1.10/v1',
      'http://169.254.169.254/latest',
      'http://[fd00::1]/v1',
      'http://0.0.0.0:8000/v1',
    ]) {
      const res = await newProvider(strict, { base_url: base });
      expectError(res, 400, 'invalid_request');
      expect(res.body.error).toMatch(/is a loopback, private or link-local address, which this installation refuses$/);
    }
    const ok = await newProvider(strict, { base_url: PUBLIC_BASE });
    expect(ok.status, ok.text).toBe(201);
    const patch = (base_url: string) => consoleOf(strict).patch(`/v1/admin/ai-providers/${ok.body.id}`, { base_url });
    expectError(await patch('http://127.0.0.1:9/v1'), 400, 'invalid_request');
    expect((await patch('http://93.184.216.35/v1')).status).toBe(200);
    // A known vendor on its public address needs no base_url to check.
    expect((await newProvider(strict, { slug: 'openai', api_key: KEY })).status).toBe(201);
  });

  it('off: a provider whose address became private is refused at call time, before any request', async () => {
    const db = strict.server.database.db;
    const made = await catalogModel(strict, { baseUrl: PUBLIC_BASE, apiKey: KEY });
    // As if its name now resolved to this host (or it was stored while the switch was on).
    await db.update(aiProviders).set({ baseUrl: chat.baseUrl }).where(eq(aiProviders.id, made.provider.id));
    const gateway = createModelGateway({
      db,
      secretBox: createSecretBox(strict.config.secretKey),
      catalog: modelCatalog,
      config: { maxAttempts: 1 },
      allowPrivateAddresses: false,
    });
    const model = await gateway.resolve(ctx.strict, { agentModel: made.version.id });
    const sent = chat.requests.length;
    const error = await gateway.streamRound({ model, messages: userMessage('x') }).catch((e) => e);
    expect(error).toMatchObject({ status: 502, code: 'model_error' });
    expect(error.message).toMatch(
      /: the provider's address is loopback, private or link-local, which this installation refuses$/,
    );
    expect(chat.requests.length).toBe(sent);

    const listed = await newProvider(strict, { base_url: PUBLIC_BASE, api_key: KEY });
    await db
      .update(aiProviders)
      .set({ baseUrl: `${listing.url}/v1` })
      .where(eq(aiProviders.id, listed.body.id));
    const before = listing.requests.length;
    const res = await consoleOf(strict).get(`/v1/admin/ai-providers/${listed.body.id}/available-models`);
    expectError(res, 502, 'vendor_error');
    expect(res.body.error).toMatch(
      /^The vendor address is refused: 127\.0\.0\.1 is a loopback, private or link-local address/,
    );
    expect(listing.requests.length).toBe(before);
  });

  it('knows which addresses are private', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '172.31.255.255',
      '192.168.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['::1', '::', 'fe80::1', 'fd12::1', '::ffff:10.0.0.1']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});
