import { expect } from 'vitest';
import { modelCatalog } from '../src/modules/catalog/service.ts';
import { createSecretBox } from '../src/platform/crypto/secret-box.ts';
import { createModelGateway } from '../src/platform/models/index.ts';
import type { ModelGateway, ModelGatewayConfig, ModelStreamEvent } from '../src/platform/models/types.ts';
import type { TestApp } from './helpers/app.ts';
import { unique } from './helpers/fixtures.ts';

/** Catalog rows created over HTTP with the console key, as an operator would. */
export interface CatalogModel {
  provider: any;
  family: any;
  version: any;
}

export interface CatalogModelOptions {
  slug?: string;
  baseUrl?: string | null;
  apiKey?: string;
  /** An existing provider to add the family to (then slug, baseUrl and apiKey are ignored). */
  providerId?: string;
  modelId?: string;
  version?: Record<string, unknown>;
}

export async function catalogModel(app: TestApp, options: CatalogModelOptions = {}): Promise<CatalogModel> {
  const http = app.http.as(app.consoleKey);
  let provider: any = { id: options.providerId };
  if (!options.providerId) {
    const res = await http.post('/v1/admin/ai-providers', {
      name: unique('Provider'),
      slug: options.slug ?? unique('compat').toLowerCase(),
      ...(options.baseUrl !== undefined ? { base_url: options.baseUrl } : {}),
      ...(options.apiKey !== undefined ? { api_key: options.apiKey } : {}),
    });
    expect(res.status, res.text).toBe(201);
    provider = res.body;
  }
  const familyRes = await http.post('/v1/admin/ai-model-families', {
    providerId: provider.id,
    name: unique('Family'),
    slug: unique('fam').toLowerCase(),
  });
  expect(familyRes.status, familyRes.text).toBe(201);
  const versionRes = await http.post('/v1/admin/ai-model-versions', {
    familyId: familyRes.body.id,
    modelId: options.modelId ?? unique('model'),
    version: unique('v'),
    displayName: unique('Model'),
    outputModalities: ['text'],
    supportsToolUse: true,
    supportsStreaming: true,
    supportsStructuredOutput: true,
    ...options.version,
  });
  expect(versionRes.status, versionRes.text).toBe(201);
  return { provider, family: familyRes.body, version: versionRes.body };
}

/** Log lines the gateway wrote, each as one string (object and message), to search for secrets. */
export function captureLogger() {
  const lines: string[] = [];
  const write = (obj: object, msg: string) => void lines.push(`${JSON.stringify(obj)} ${msg}`);
  return { lines, logger: { info: write, warn: write } };
}

/** A gateway over the test app's database and secret key, fast retries and short timeouts by default. */
export function testGateway(app: TestApp, config: Partial<ModelGatewayConfig> = {}) {
  const { lines, logger } = captureLogger();
  const gateway: ModelGateway = createModelGateway({
    db: app.server.database.db,
    secretBox: createSecretBox(app.config.secretKey),
    catalog: modelCatalog,
    config: { baseDelayMs: 1, maxDelayMs: 5, idleTimeoutMs: 5_000, ...config },
    logger,
  });
  return { gateway, logs: lines };
}

/** Collects the events of a round. */
export function recorder() {
  const events: ModelStreamEvent[] = [];
  return { events, onEvent: (e: ModelStreamEvent) => void events.push(e) };
}

export const userMessage = (text: string) => [{ role: 'user' as const, content: text }];
