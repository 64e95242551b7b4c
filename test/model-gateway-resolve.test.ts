import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/platform/http/errors.ts';
import { OFFLINE_MODEL_ID, OFFLINE_PROVIDER_ID, OFFLINE_VERSION_ID } from '../src/platform/models/index.ts';
import type { ModelGateway } from '../src/platform/models/types.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { type CatalogModel, catalogModel, testGateway } from './model-gateway.fixtures.ts';

let app: TestApp;
let consoleKey: Client;
let gateway: ModelGateway;
let orgA: TestOrg;
let orgB: TestOrg;
let orgC: TestOrg;
let agentV: CatalogModel;
let orgAV: CatalogModel;
let orgBV: CatalogModel;
let systemV: CatalogModel;
let thinkingV: CatalogModel;

const ctxOf = (org: TestOrg) => ({ organizationId: org.org.id });

async function select(http: Client, selections: { key: string; model_version_id: string }[]) {
  const res = await http.put('/v1/organization/model-selections', { selections });
  expect(res.status, res.text).toBe(200);
}

async function expectInvalidModel(promise: Promise<unknown>) {
  const error = await promise.catch((e) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 422, code: 'invalid_model' });
}

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
  ({ gateway } = testGateway(app));
  [orgA, orgB, orgC] = [await createOrgWithAdmin(app), await createOrgWithAdmin(app), await createOrgWithAdmin(app)];
  const base = await catalogModel(app, { baseUrl: 'http://127.0.0.1:9/v1', modelId: 'agent-model-x' });
  agentV = base;
  const sibling = (modelId: string, version: Record<string, unknown> = {}) =>
    catalogModel(app, { providerId: base.provider.id, modelId, version });
  orgAV = await sibling('org-a-model');
  orgBV = await sibling('org-b-model');
  systemV = await sibling('system-model');
  thinkingV = await sibling('thinker', { supportsThinking: true });
});
afterAll(() => app?.close());

describe('the built-in offline model', () => {
  it('is seeded into the catalog: provider atrium, family offline, one active version', async () => {
    const res = await app.http.as(orgA.admin.token).get('/v1/models?capability=text');
    expect(res.status, res.text).toBe(200);
    const offline = res.body.data.filter((m: any) => m.providerId === OFFLINE_PROVIDER_ID);
    expect(offline).toEqual([
      expect.objectContaining({ id: OFFLINE_VERSION_ID, modelId: OFFLINE_MODEL_ID, providerSlug: 'atrium' }),
    ]);
  });

  it('is what an organization gets when neither it nor the system organization selected anything', async () => {
    const model = await gateway.resolve(ctxOf(orgA));
    expect(model).toMatchObject({
      versionId: OFFLINE_VERSION_ID,
      offline: true,
      source: 'offline',
      supportsToolUse: true,
    });
  });
});

describe('resolution order', () => {
  it("the system organization's selection is the platform default", async () => {
    await select(consoleKey, [{ key: 'text', model_version_id: systemV.version.id }]);
    const model = await gateway.resolve(ctxOf(orgA));
    expect(model).toMatchObject({ versionId: systemV.version.id, source: 'platform', offline: false });
  });

  it("the organization's own selection comes before the platform default; another organization's never counts", async () => {
    await select(orgA.admin.http, [{ key: 'text', model_version_id: orgAV.version.id }]);
    await select(orgB.admin.http, [{ key: 'text', model_version_id: orgBV.version.id }]);
    expect(await gateway.resolve(ctxOf(orgA))).toMatchObject({ versionId: orgAV.version.id, source: 'organization' });
    expect(await gateway.resolve(ctxOf(orgB))).toMatchObject({ versionId: orgBV.version.id, source: 'organization' });
    // orgC selected nothing: the system organization's choice, never orgA's or orgB's.
    expect(await gateway.resolve(ctxOf(orgC))).toMatchObject({ versionId: systemV.version.id, source: 'platform' });
  });

  it('selections are per key: thinking and text resolve apart, an unselected key falls back', async () => {
    await select(orgA.admin.http, [
      { key: 'text', model_version_id: orgAV.version.id },
      { key: 'thinking', model_version_id: thinkingV.version.id },
    ]);
    expect((await gateway.resolve(ctxOf(orgA), { key: 'thinking' })).versionId).toBe(thinkingV.version.id);
    expect((await gateway.resolve(ctxOf(orgA), { key: 'text' })).versionId).toBe(orgAV.version.id);
    expect((await gateway.resolve(ctxOf(orgA), { key: 'image' })).source).toBe('offline');
  });

  it("the agent's model comes first, named by version id or by vendor modelId", async () => {
    const byId = await gateway.resolve(ctxOf(orgA), { agentModel: agentV.version.id });
    expect(byId).toMatchObject({
      versionId: agentV.version.id,
      modelId: 'agent-model-x',
      providerId: agentV.provider.id,
      providerSlug: agentV.provider.slug,
      providerName: agentV.provider.name,
      displayName: agentV.version.displayName,
      source: 'agent',
      offline: false,
    });
    const byModelId = await gateway.resolve(ctxOf(orgA), { agentModel: 'agent-model-x' });
    expect(byModelId).toEqual(byId);
    expect(await gateway.resolve(ctxOf(orgA), { agentModel: OFFLINE_MODEL_ID })).toMatchObject({
      versionId: OFFLINE_VERSION_ID,
      offline: true,
      source: 'agent',
    });
    // Null or blank means "no agent model".
    expect((await gateway.resolve(ctxOf(orgA), { agentModel: null })).source).toBe('organization');
    expect((await gateway.resolve(ctxOf(orgA), { agentModel: '  ' })).source).toBe('organization');
  });

  it('carries the prices and limits of the version', async () => {
    const priced = await catalogModel(app, {
      providerId: agentV.provider.id,
      version: {
        inputCostPer1m: 300,
        outputCostPer1m: 1500,
        cachedInputCostPer1m: 30,
        cacheCreationCostPer1m: null,
        contextWindow: 200000,
        maxOutputTokens: 8192,
      },
    });
    expect(await gateway.resolve(ctxOf(orgA), { agentModel: priced.version.id })).toMatchObject({
      inputCostPer1m: 300,
      outputCostPer1m: 1500,
      cachedInputCostPer1m: 30,
      cacheCreationCostPer1m: null,
      contextWindow: 200000,
      maxOutputTokens: 8192,
    });
  });

  it('resolves inside a transaction with the handle given', async () => {
    const model = await app.server.database.db.transaction((tx) => gateway.resolve(ctxOf(orgB), {}, tx));
    expect(model.versionId).toBe(orgBV.version.id);
  });
});

describe('only usable versions resolve', () => {
  it('an unknown agent model is 422 invalid_model', async () => {
    await expectInvalidModel(gateway.resolve(ctxOf(orgA), { agentModel: 'no-such-model' }));
    await expectInvalidModel(gateway.resolve(ctxOf(orgA), { agentModel: '0190a000-0000-7000-8000-00000000dead' }));
  });

  it('an inactive version does not resolve, by id or modelId', async () => {
    const inactive = await catalogModel(app, {
      providerId: agentV.provider.id,
      modelId: 'inactive-model',
      version: { isActive: false },
    });
    await expectInvalidModel(gateway.resolve(ctxOf(orgA), { agentModel: inactive.version.id }));
    await expectInvalidModel(gateway.resolve(ctxOf(orgA), { agentModel: 'inactive-model' }));
  });

  it('a version of an inactive family does not resolve', async () => {
    const m = await catalogModel(app, { providerId: agentV.provider.id, modelId: 'family-off' });
    const res = await consoleKey.patch(`/v1/admin/ai-model-families/${m.family.id}`, { isActive: false });
    expect(res.status, res.text).toBe(200);
    await expectInvalidModel(gateway.resolve(ctxOf(orgA), { agentModel: m.version.id }));
  });

  it('a version of a deleted provider does not resolve', async () => {
    const m = await catalogModel(app, { baseUrl: 'http://127.0.0.1:9/v1', modelId: 'provider-gone' });
    const res = await consoleKey.delete(`/v1/admin/ai-providers/${m.provider.id}`);
    expect([200, 204]).toContain(res.status);
    await expectInvalidModel(gateway.resolve(ctxOf(orgA), { agentModel: m.version.id }));
    await expectInvalidModel(gateway.resolve(ctxOf(orgA), { agentModel: 'provider-gone' }));
  });

  it('a selection whose version was deactivated since is passed over for the platform default', async () => {
    const m = await catalogModel(app, { providerId: agentV.provider.id, modelId: 'soon-off' });
    await select(orgC.admin.http, [{ key: 'text', model_version_id: m.version.id }]);
    expect((await gateway.resolve(ctxOf(orgC))).versionId).toBe(m.version.id);
    const res = await consoleKey.patch(`/v1/admin/ai-model-versions/${m.version.id}`, { isActive: false });
    expect(res.status, res.text).toBe(200);
    expect(await gateway.resolve(ctxOf(orgC))).toMatchObject({ versionId: systemV.version.id, source: 'platform' });
  });

  it('a modelId tracked by two providers resolves to the one with an API key', async () => {
    const keyless = await catalogModel(app, { baseUrl: 'http://127.0.0.1:9/v1', modelId: 'shared-model' });
    const keyed = await catalogModel(app, {
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k'.repeat(40),
      modelId: 'shared-model',
    });
    expect(keyless.version.id).not.toBe(keyed.version.id);
    expect((await gateway.resolve(ctxOf(orgA), { agentModel: 'shared-model' })).versionId).toBe(keyed.version.id);
  });
});
