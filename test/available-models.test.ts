import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelListing } from '../src/modules/catalog/listing/service.ts';
import { createAiProvidersService } from '../src/modules/catalog/providers.service.ts';
import { createSecretBox } from '../src/platform/crypto/secret-box.ts';
import { ApiError } from '../src/platform/http/errors.ts';
import { type FakeVendor, startFakeVendor } from './fixtures/fake-vendors.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { randomId } from './helpers/security.ts';

const OPENAI_KEY = 'sk-fake-openai-key-0123456789';
const ANTHROPIC_KEY = 'sk-ant-fake-key-0123456789';
const GEMINI_KEY = 'AIzaFakeGeminiKey0123456789';
const LOCAL_KEY = 'local-fake-key-0123456789';

let app: TestApp;
let consoleKey: Client;
let providers: ReturnType<typeof createAiProvidersService>;
const fakes: Record<'openai' | 'anthropic' | 'gemini' | 'local', FakeVendor> = {} as never;
const ids: Record<'openai' | 'anthropic' | 'google' | 'local' | 'keyless', string> = {} as never;

const createProvider = async (body: Record<string, unknown>): Promise<string> => {
  const res = await consoleKey.post('/v1/admin/ai-providers', body);
  expect(res.status, res.text).toBe(201);
  return res.body.id;
};

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
  providers = createAiProvidersService({
    db: app.server.database.db,
    secretBox: createSecretBox(app.config.secretKey),
  });
  fakes.openai = await startFakeVendor('openai', { apiKey: OPENAI_KEY });
  fakes.anthropic = await startFakeVendor('anthropic', { apiKey: ANTHROPIC_KEY });
  fakes.gemini = await startFakeVendor('gemini', { apiKey: GEMINI_KEY });
  fakes.local = await startFakeVendor('openai', {
    apiKey: LOCAL_KEY,
    models: [
      { id: 'llama3.1:8b', object: 'model', created: 1721260800, owned_by: 'library' },
      { id: 'nomic-embed-text:latest', object: 'model', created: 1721260800, owned_by: 'library' },
    ],
  });
  ids.openai = await createProvider({
    name: 'OpenAI',
    slug: 'openai',
    base_url: fakes.openai.baseUrl,
    api_key: OPENAI_KEY,
  });
  ids.anthropic = await createProvider({
    name: 'Anthropic',
    slug: 'anthropic',
    base_url: fakes.anthropic.baseUrl,
    api_key: ANTHROPIC_KEY,
  });
  ids.google = await createProvider({
    name: 'Google',
    slug: 'google',
    base_url: fakes.gemini.baseUrl,
    api_key: GEMINI_KEY,
  });
  ids.local = await createProvider({
    name: unique('Local'),
    slug: unique('local').toLowerCase(),
    base_url: fakes.local.baseUrl,
    api_key: LOCAL_KEY,
  });
  ids.keyless = await createProvider({
    name: unique('Keyless'),
    slug: unique('keyless').toLowerCase(),
    base_url: fakes.local.baseUrl,
  });
});
afterAll(async () => {
  await Promise.all(Object.values(fakes).map((f) => f?.close()));
  await app?.close();
});

const NOW = new Date('2025-06-01T12:00:00.000Z');

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('available models: vendor listings', () => {
  it('maps the OpenAI listing and sends the key as a bearer', async () => {
    const listing = createModelListing({ providers, now: () => NOW });
    const result = await listing.availableModels(ids.openai);
    expect(result.listing).toEqual({
      documented: true,
      docs_url: 'https://platform.openai.com/docs/api-reference/models/list',
      fetched_at: NOW.toISOString(),
    });
    expect(result.models.map((m) => [m.id, m.kind])).toEqual([
      ['gpt-4o-2024-08-06', 'chat'],
      ['text-embedding-3-small', 'embedding'],
      ['dall-e-3', 'image'],
      ['whisper-1', 'audio'],
      ['tts-1', 'audio'],
      ['babbage-002', 'other'],
    ]);
    expect(result.models[0]).toEqual({
      id: 'gpt-4o-2024-08-06',
      display_name: 'gpt-4o-2024-08-06',
      kind: 'chat',
      deprecated: false,
      owned_by: 'system',
      released_at: '2024-08-06T00:00:00.000Z',
      tracked: null,
      fields: {
        modelId: 'gpt-4o-2024-08-06',
        version: '2024-08-06',
        displayName: 'gpt-4o-2024-08-06',
        inputModalities: ['text'],
        outputModalities: ['text'],
        supportsStreaming: true,
      },
      vendor: { id: 'gpt-4o-2024-08-06', object: 'model', created: 1722902400, owned_by: 'system' },
    });
    expect(result.models[3]!.fields).toMatchObject({ inputModalities: ['audio'], outputModalities: ['text'] });
    expect(result.models[4]!.fields).toMatchObject({ inputModalities: ['text'], outputModalities: ['audio'] });
    const req = fakes.openai.requests.at(-1)!;
    expect(req.path).toBe('/v1/models');
    expect(req.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
  });

  it('maps the Anthropic listing and sends x-api-key with anthropic-version', async () => {
    const listing = createModelListing({ providers, now: () => NOW });
    const result = await listing.availableModels(ids.anthropic);
    expect(result.listing).toMatchObject({
      documented: true,
      docs_url: 'https://docs.anthropic.com/en/api/models-list',
    });
    expect(result.models).toEqual([
      {
        id: 'claude-sonnet-4-20250514',
        display_name: 'Claude Sonnet 4',
        kind: 'chat',
        deprecated: false,
        owned_by: 'anthropic',
        released_at: '2025-05-22T00:00:00.000Z',
        tracked: null,
        fields: {
          modelId: 'claude-sonnet-4-20250514',
          version: '20250514',
          displayName: 'Claude Sonnet 4',
          inputModalities: ['text', 'image'],
          outputModalities: ['text'],
          supportsToolUse: true,
          supportsStreaming: true,
        },
        vendor: {
          type: 'model',
          id: 'claude-sonnet-4-20250514',
          display_name: 'Claude Sonnet 4',
          created_at: '2025-05-22T00:00:00Z',
        },
      },
      expect.objectContaining({
        id: 'claude-3-5-haiku-20241022',
        display_name: 'Claude Haiku 3.5',
        released_at: '2024-10-22T00:00:00.000Z',
      }),
    ]);
    const req = fakes.anthropic.requests.at(-1)!;
    expect(req.path).toBe('/v1/models');
    expect(req.headers['x-api-key']).toBe(ANTHROPIC_KEY);
    expect(req.headers['anthropic-version']).toBe('2023-06-01');
    expect(req.headers.authorization).toBeUndefined();
  });

  it('maps the Gemini listing and sends the key as ?key=', async () => {
    const listing = createModelListing({ providers, now: () => NOW });
    const result = await listing.availableModels(ids.google);
    expect(result.listing).toMatchObject({ documented: true, fetched_at: NOW.toISOString() });
    expect(result.models.map((m) => [m.id, m.kind, m.display_name])).toEqual([
      ['gemini-2.0-flash', 'chat', 'Gemini 2.0 Flash'],
      ['text-embedding-004', 'embedding', 'Text Embedding 004'],
      ['imagen-3.0-generate-002', 'image', 'Imagen 3.0'],
    ]);
    expect(result.models[0]).toMatchObject({
      deprecated: false,
      owned_by: 'google',
      released_at: null,
      tracked: null,
      fields: {
        modelId: 'gemini-2.0-flash',
        version: '2.0',
        displayName: 'Gemini 2.0 Flash',
        inputModalities: ['text'],
        outputModalities: ['text'],
        supportsStreaming: true,
        contextWindow: 1048576,
        maxOutputTokens: 8192,
      },
      vendor: { name: 'models/gemini-2.0-flash' },
    });
    const req = fakes.gemini.requests.at(-1)!;
    expect(req.path).toBe('/v1beta/models');
    expect(req.query.key).toBe(GEMINI_KEY);
  });

  it('lists a generic OpenAI-compatible server as undocumented', async () => {
    const listing = createModelListing({ providers, now: () => NOW });
    const result = await listing.availableModels(ids.local);
    expect(result.listing).toEqual({ documented: false, docs_url: null, fetched_at: NOW.toISOString() });
    expect(result.models.map((m) => [m.id, m.kind, m.owned_by])).toEqual([
      ['llama3.1:8b', 'chat', 'library'],
      ['nomic-embed-text:latest', 'embedding', 'library'],
    ]);
    expect(fakes.local.requests.at(-1)!.headers.authorization).toBe(`Bearer ${LOCAL_KEY}`);
  });

  it('answers an empty list when the vendor has no models', async () => {
    const listing = createModelListing({ providers });
    try {
      for (const f of [fakes.openai, fakes.anthropic, fakes.gemini]) f.setMode('empty');
      for (const id of [ids.openai, ids.anthropic, ids.google])
        expect((await listing.availableModels(id)).models).toEqual([]);
    } finally {
      for (const f of [fakes.openai, fakes.anthropic, fakes.gemini]) f.setMode('ok');
    }
  });
});

describe('available models: cache', () => {
  it('serves a second call within a minute from cache; refresh and expiry go back to the vendor', async () => {
    let clock = NOW.getTime();
    const listing = createModelListing({ providers, now: () => new Date(clock) });
    const before = fakes.openai.requests.length;
    const first = await listing.availableModels(ids.openai);
    expect(fakes.openai.requests.length).toBe(before + 1);

    clock += 59_000;
    const second = await listing.availableModels(ids.openai);
    expect(fakes.openai.requests.length).toBe(before + 1);
    expect(second).toEqual(first);

    const refreshed = await listing.availableModels(ids.openai, { refresh: true });
    expect(fakes.openai.requests.length).toBe(before + 2);
    expect(refreshed.listing.fetched_at).toBe(new Date(clock).toISOString());

    // The refresh repopulated the cache.
    clock += 30_000;
    expect(await listing.availableModels(ids.openai)).toEqual(refreshed);
    expect(fakes.openai.requests.length).toBe(before + 2);

    clock += 31_000;
    await listing.availableModels(ids.openai);
    expect(fakes.openai.requests.length).toBe(before + 3);
  });

  it('caches per provider', async () => {
    const listing = createModelListing({ providers });
    const [o, a] = [fakes.openai.requests.length, fakes.anthropic.requests.length];
    await listing.availableModels(ids.openai);
    await listing.availableModels(ids.anthropic);
    await listing.availableModels(ids.openai);
    await listing.availableModels(ids.anthropic);
    expect([fakes.openai.requests.length - o, fakes.anthropic.requests.length - a]).toEqual([1, 1]);
  });
});

describe('available models: errors', () => {
  it('404 for an unknown provider', async () => {
    const listing = createModelListing({ providers });
    const err = await rejection(listing.availableModels(randomId()));
    expect([err.status, err.code]).toEqual([404, 'not_found']);
  });

  it('409 no_api_key for a provider without a key, without calling the vendor', async () => {
    const listing = createModelListing({ providers });
    const before = fakes.local.requests.length;
    const err = await rejection(listing.availableModels(ids.keyless));
    expect([err.status, err.code]).toEqual([409, 'no_api_key']);
    expect(fakes.local.requests.length).toBe(before);
  });

  it('502 vendor_error on a vendor 500: its status line and error code, never its body or the key', async () => {
    const listing = createModelListing({ providers });
    const cases = [
      [fakes.openai, ids.openai],
      [fakes.anthropic, ids.anthropic],
      [fakes.gemini, ids.google],
    ] as const;
    // The fakes' 500 body quotes the key: the exact message proves nothing of the body is echoed.
    for (const [fake, id] of cases) {
      fake.setMode('fail');
      try {
        const err = await rejection(listing.availableModels(id, { refresh: true }));
        expect([err.status, err.code]).toEqual([502, 'vendor_error']);
        expect(err.message).toBe('The vendor answered 500 Internal Server Error (server_error)');
      } finally {
        fake.setMode('ok');
      }
    }
  });

  it('502 vendor_error when the vendor rejects the key', async () => {
    await consoleKey.patch(`/v1/admin/ai-providers/${ids.local}`, { api_key: 'wrong-key-9876543210' });
    try {
      const err = await rejection(createModelListing({ providers }).availableModels(ids.local));
      expect([err.status, err.code]).toEqual([502, 'vendor_error']);
      expect(err.message).toBe('The vendor answered 401 Unauthorized (invalid_api_key)');
    } finally {
      await consoleKey.patch(`/v1/admin/ai-providers/${ids.local}`, { api_key: LOCAL_KEY });
    }
  });

  it('502 vendor_error when the vendor hangs past the timeout', async () => {
    const listing = createModelListing({ providers, fetchTimeoutMs: 200 });
    fakes.gemini.setMode('hang');
    try {
      const started = Date.now();
      const err = await rejection(listing.availableModels(ids.google));
      expect(Date.now() - started).toBeLessThan(5_000);
      expect([err.status, err.code]).toEqual([502, 'vendor_error']);
      expect(err.message).toMatch(/did not answer within 200 ms/);
      expect(err.message).not.toContain(GEMINI_KEY);
    } finally {
      fakes.gemini.setMode('ok');
    }
  });

  it('502 vendor_error when the vendor is unreachable or answers something else', async () => {
    const gone = await startFakeVendor('openai', { apiKey: LOCAL_KEY });
    await gone.close();
    const id = await createProvider({
      name: unique('Gone'),
      slug: unique('gone').toLowerCase(),
      base_url: gone.baseUrl,
      api_key: LOCAL_KEY,
    });
    const err = await rejection(createModelListing({ providers }).availableModels(id));
    expect([err.status, err.code]).toEqual([502, 'vendor_error']);
    expect(err.message).not.toContain(LOCAL_KEY);

    // A server without the listing path answers 404: still a vendor failure.
    const wrongPath = await createProvider({
      name: unique('Wrong'),
      slug: unique('wrong').toLowerCase(),
      base_url: `${fakes.local.url}/v2`,
      api_key: LOCAL_KEY,
    });
    const err2 = await rejection(createModelListing({ providers }).availableModels(wrongPath));
    expect([err2.status, err2.code]).toEqual([502, 'vendor_error']);
  });

  it('a failure is not cached: the next call succeeds once the vendor recovers', async () => {
    const listing = createModelListing({ providers });
    fakes.anthropic.setMode('fail');
    await rejection(listing.availableModels(ids.anthropic));
    fakes.anthropic.setMode('ok');
    expect((await listing.availableModels(ids.anthropic)).models).toHaveLength(2);
  });
});
