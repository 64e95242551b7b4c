import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMicrosoft, startFakeMicrosoft } from './fixtures/fake-microsoft.ts';
import { type FakeTelegram, startFakeTelegram } from './fixtures/fake-telegram.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS } from './helpers/assertions.ts';
import { type OrgAdminRouteCast, orgAdminRouteCast, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const BASE = '/v1/organization/integrations';
const FIELDS = [
  'config',
  'created_at',
  'display_name',
  'id',
  'last_error',
  'last_validated_at',
  'organization_id',
  'status',
  'type',
  'updated_at',
];

let app: TestApp;
let telegram: FakeTelegram;
let microsoft: FakeMicrosoft;
let orgA: TestOrg;
let orgB: TestOrg;
let cast: OrgAdminRouteCast;
/** Every secret this file hands the server: none may come back in a response or sit in a column in plaintext. */
const issued: string[] = [];

let bots = 0;
/** A bot the fake Telegram knows: its token (as @BotFather writes them) and username. */
function newBot(): { token: string; username: string; id: number } {
  const id = 7_000_000_000 + ++bots;
  const token = `${id}:AA${randomBytes(24).toString('base64url').slice(0, 33)}`;
  const username = `otter_${bots}_bot`;
  telegram.addBot(token, { id, username, first_name: `Otter ${bots}` });
  issued.push(token);
  return { token, username, id };
}

/** An app registration the fake Microsoft identity platform knows. */
function newApp(): { tenantId: string; clientId: string; clientSecret: string } {
  const app365 = {
    tenantId: randomUUID(),
    clientId: randomUUID(),
    clientSecret: `Qx8~${randomBytes(18).toString('base64url')}`,
  };
  microsoft.addApp(app365);
  issued.push(app365.clientSecret);
  return app365;
}

const telegramBody = (token: string, displayName = 'Support bot') => ({
  type: 'telegram',
  displayName,
  config: {},
  secrets: { botToken: token },
});
const microsoftBody = (a: ReturnType<typeof newApp>) => ({
  type: 'microsoft_365',
  displayName: 'Contoso files',
  config: { tenant_id: a.tenantId, client_id: a.clientId },
  secrets: { clientSecret: a.clientSecret },
});

async function create(http: Client, body: unknown) {
  const res = await http.post(BASE, body);
  expect(res.status, res.text).toBe(201);
  return res.body.integration;
}

/** A response that must carry no secret this file issued. */
function expectNoSecret(res: { text: string }) {
  for (const secret of issued) expect(res.text).not.toContain(secret);
}

beforeAll(async () => {
  [telegram, microsoft] = await Promise.all([startFakeTelegram(), startFakeMicrosoft()]);
  app = await startTestApp({
    ATRIUM_TELEGRAM_API_URL: telegram.url,
    ATRIUM_MS_LOGIN_URL: microsoft.loginUrl,
    ATRIUM_MS_GRAPH_URL: microsoft.graphUrl,
  });
  cast = await orgAdminRouteCast(app);
  ({ orgA, orgB } = cast);
});
afterAll(async () => {
  await app?.close();
  await Promise.all([telegram?.close(), microsoft?.close()]);
});

describe('POST /v1/organization/integrations', () => {
  it('connects a Telegram bot once getMe accepts its token, keeping the username and never the token', async () => {
    const bot = newBot();
    const res = await orgA.admin.http.post(BASE, telegramBody(bot.token, '  Support bot  '));
    expect(res.status, res.text).toBe(201);
    const { integration } = res.body;
    expect(Object.keys(integration).sort()).toEqual(FIELDS);
    expect(integration).toMatchObject({
      organization_id: orgA.org.id,
      type: 'telegram',
      display_name: 'Support bot',
      config: { bot_username: bot.username },
      status: 'connected',
      last_error: null,
    });
    expect(integration.last_validated_at).toMatch(ISO_MS);
    expect(telegram.calls.filter((c) => c.token === bot.token).map((c) => c.method)).toEqual(['getMe', 'setWebhook']);
    expectNoSecret(res);
  });

  it('connects a Microsoft 365 app once the token request succeeds', async () => {
    const a = newApp();
    const integration = await create(orgA.admin.http, microsoftBody(a));
    expect(integration).toMatchObject({
      type: 'microsoft_365',
      config: { tenant_id: a.tenantId, client_id: a.clientId },
      status: 'connected',
      last_error: null,
    });
  });

  it('refuses a secret the vendor refuses with 422, saving nothing and naming no secret', async () => {
    const before = (await orgA.admin.http.get(`${BASE}?limit=100`)).body.data.length;
    const unknownBot = `${7_100_000_000}:AA${randomBytes(24).toString('base64url').slice(0, 33)}`;
    issued.push(unknownBot);
    const refused = await orgA.admin.http.post(BASE, telegramBody(unknownBot));
    expectError(refused, 422, 'validation_error');
    expectNoSecret(refused);

    const a = newApp();
    const wrongSecret = `wrong-${randomBytes(12).toString('hex')}`;
    issued.push(wrongSecret);
    const badApp = await orgA.admin.http.post(BASE, microsoftBody({ ...a, clientSecret: wrongSecret }));
    expectError(badApp, 422, 'validation_error');
    expectNoSecret(badApp);
    expect((await orgA.admin.http.get(`${BASE}?limit=100`)).body.data.length).toBe(before);
  });

  it('validates each field before asking any vendor: 422 for a bad value, 400 for an unknown field', async () => {
    const calls = telegram.calls.length + microsoft.tokenRequests();
    const a = { tenantId: randomUUID(), clientId: randomUUID(), clientSecret: 'secret' };
    for (const body of [
      telegramBody('not-a-token'),
      telegramBody('123:short'),
      telegramBody('123:AAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/../../getMe'),
      { ...telegramBody(`1:${'a'.repeat(35)}`), config: { bot_username: 'mine' } },
      { ...telegramBody(`1:${'a'.repeat(35)}`), secrets: { botToken: `1:${'a'.repeat(35)}`, other: 'x' } },
      { ...telegramBody(`1:${'a'.repeat(35)}`), displayName: '' },
      { ...telegramBody(`1:${'a'.repeat(35)}`), displayName: 'x'.repeat(201) },
      microsoftBody({ ...a, tenantId: 'contoso/../../evil' }),
      microsoftBody({ ...a, clientId: 'not-a-guid' }),
      microsoftBody({ ...a, clientSecret: '' }),
      { ...microsoftBody(a), config: { tenant_id: a.tenantId } },
      { ...microsoftBody(a), type: 'slack' },
    ]) {
      expectError(await orgA.admin.http.post(BASE, body), 422, 'validation_error');
    }
    expectError(await orgA.admin.http.post(BASE, { ...telegramBody('x'), extra: 1 }), 400, 'invalid_request');
    expectError(await orgA.admin.http.post(BASE, { type: 'telegram' }), 422, 'validation_error');
    expect(telegram.calls.length + microsoft.tokenRequests()).toBe(calls);
  });

  it('refuses a bot already connected, in this organization or another (409 integration_exists)', async () => {
    const bot = newBot();
    await create(orgA.admin.http, telegramBody(bot.token));
    expectError(await orgA.admin.http.post(BASE, telegramBody(bot.token)), 409, 'integration_exists');
    expectError(await orgB.admin.http.post(BASE, telegramBody(bot.token)), 409, 'integration_exists');
  });

  it('refuses a bot whose webhook Telegram will not register (422, its reason), saving nothing', async () => {
    const bot = newBot();
    telegram.failNext('setWebhook', {
      status: 400,
      description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    });
    const refused = await orgA.admin.http.post(BASE, telegramBody(bot.token));
    expectError(refused, 422, 'validation_error');
    expect(refused.body.error).toContain('HTTPS URL must be provided');
    const listed = await orgA.admin.http.get(`${BASE}?type=telegram&limit=100`);
    expect(listed.body.data.map((i: any) => i.config.bot_username)).not.toContain(bot.username);
  });

  it('answers 502 vendor_error when the vendor cannot be reached, saving nothing', async () => {
    const bot = newBot();
    telegram.failNext('getMe', { status: 502, description: 'Bad Gateway' });
    expectError(await orgA.admin.http.post(BASE, telegramBody(bot.token)), 502, 'vendor_error');
    expect(
      (await orgA.admin.http.get(`${BASE}?type=telegram&limit=100`)).body.data.map((i: any) => i.config.bot_username),
    ).not.toContain(bot.username);
  });
});

describe('reading integrations', () => {
  it('lists newest first in cursor pages, filtered by type; gets one; another organization sees none', async () => {
    const org = cast.orgB;
    const made = [];
    for (const body of [
      telegramBody(newBot().token, 'First'),
      microsoftBody(newApp()),
      telegramBody(newBot().token, 'Third'),
    ]) {
      made.push(await create(org.admin.http, body));
    }
    const first = await org.admin.http.get(`${BASE}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((i: any) => i.id)).toEqual([made[2].id, made[1].id]);
    expect(first.body.has_more).toBe(true);
    const second = await org.admin.http.get(`${BASE}?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((i: any) => i.id)).toEqual([made[0].id]);
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null });
    const bots = await org.admin.http.get(`${BASE}?type=telegram`);
    expect(bots.body.data.map((i: any) => i.display_name)).toEqual(['Third', 'First']);
    expectError(await org.admin.http.get(`${BASE}?type=slack`), 400, 'invalid_request');
    expectError(await org.admin.http.get(`${BASE}?cursor=bogus`), 400, 'invalid_request');

    const one = await org.admin.http.get(`${BASE}/${made[1].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ integration: made[1] });
    expectError(await orgA.admin.http.get(`${BASE}/${made[1].id}`), 404, 'not_found');
    expect((await orgA.admin.http.get(`${BASE}?limit=100`)).body.data.map((i: any) => i.id)).not.toContain(made[1].id);
  });

  it('summarises channels and connectors for any credential of the organization, connected ones as active', async () => {
    const org = cast.orgB;
    const channels = await cast.member.http.get('/v1/channels');
    expect(channels.status).toBe(200);
    for (const row of channels.body.data) {
      expect(Object.keys(row).sort()).toEqual([
        'created_at',
        'display_name',
        'id',
        'last_validated_at',
        'status',
        'type',
        'updated_at',
      ]);
      expect(row).toMatchObject({ type: 'telegram', status: 'active' });
    }
    const viaKey = await app.http.as(cast.memberKey).get('/v1/connectors');
    expect(viaKey.status).toBe(200);
    expect(viaKey.body.data.every((row: any) => row.type === 'microsoft_365')).toBe(true);
    // Organization B's rows never show in A's summaries.
    const bIds = (await org.admin.http.get(`${BASE}?limit=100`)).body.data.map((i: any) => i.id);
    const aRows = [...channels.body.data, ...viaKey.body.data].map((r: any) => r.id);
    expect(aRows.filter((id) => bIds.includes(id))).toEqual([]);
  });
});

describe('changing integrations', () => {
  it('renames without asking the vendor; merges new secrets and checks them again', async () => {
    const bot = newBot();
    const created = await create(orgA.admin.http, telegramBody(bot.token));
    const before = telegram.calls.length;
    const renamed = await orgA.admin.http.patch(`${BASE}/${created.id}`, { displayName: 'Help desk' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.integration).toMatchObject({
      display_name: 'Help desk',
      config: { bot_username: bot.username },
    });
    expect(telegram.calls.length).toBe(before);

    const next = newBot();
    const moved = await orgA.admin.http.patch(`${BASE}/${created.id}`, { secrets: { botToken: next.token } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.integration).toMatchObject({ config: { bot_username: next.username }, status: 'connected' });
    expectNoSecret(moved);

    // A token the vendor refuses changes nothing.
    const refused = `${7_200_000_000}:AA${randomBytes(24).toString('base64url').slice(0, 33)}`;
    issued.push(refused);
    expectError(
      await orgA.admin.http.patch(`${BASE}/${created.id}`, { secrets: { botToken: refused } }),
      422,
      'validation_error',
    );
    const kept = await orgA.admin.http.get(`${BASE}/${created.id}`);
    expect(kept.body.integration.config).toEqual({ bot_username: next.username });
    expectError(await orgA.admin.http.patch(`${BASE}/${created.id}`, {}), 400, 'invalid_request');
    expectError(
      await orgA.admin.http.patch(`${BASE}/${created.id}`, { config: { bot_username: 'x' } }),
      422,
      'validation_error',
    );
    expectError(await orgB.admin.http.patch(`${BASE}/${created.id}`, { displayName: 'Mine' }), 404, 'not_found');
  });

  it('merges config for Microsoft 365 and checks the app again', async () => {
    const a = newApp();
    const created = await create(orgA.admin.http, microsoftBody(a));
    const other = newApp();
    const changed = await orgA.admin.http.patch(`${BASE}/${created.id}`, {
      config: { client_id: other.clientId, tenant_id: other.tenantId },
      secrets: { clientSecret: other.clientSecret },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.integration.config).toEqual({ tenant_id: other.tenantId, client_id: other.clientId });
    // The new client id without its secret: the identity platform refuses the pair.
    const third = newApp();
    expectError(
      await orgA.admin.http.patch(`${BASE}/${created.id}`, { config: { client_id: third.clientId } }),
      422,
      'validation_error',
    );
  });

  it('tests with the vendor: error with last_error when it refuses, connected again once it accepts', async () => {
    const bot = newBot();
    const created = await create(orgA.admin.http, telegramBody(bot.token));
    telegram.removeBot(bot.token);
    const failed = await orgA.admin.http.post(`${BASE}/${created.id}/test`, {});
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.integration).toMatchObject({ status: 'error', last_validated_at: created.last_validated_at });
    expect(failed.body.integration.last_error).toMatch(/Unauthorized/);
    expectNoSecret(failed);
    const summary = await orgA.admin.http.get('/v1/channels?limit=100');
    expect(summary.body.data.find((r: any) => r.id === created.id).status).toBe('error');

    telegram.addBot(bot.token, { id: bot.id, username: bot.username, first_name: 'Otter' });
    const ok = await orgA.admin.http.post(`${BASE}/${created.id}/test`, {});
    expect(ok.body.integration).toMatchObject({ status: 'connected', last_error: null });
    expect(Date.parse(ok.body.integration.last_validated_at)).toBeGreaterThanOrEqual(
      Date.parse(created.last_validated_at),
    );
    expectError(await orgB.admin.http.post(`${BASE}/${created.id}/test`, {}), 404, 'not_found');
  });

  it('deletes an unused integration; keeps one usage events reference (409 integration_in_use)', async () => {
    const unused = await create(orgA.admin.http, telegramBody(newBot().token));
    expectError(await orgB.admin.http.delete(`${BASE}/${unused.id}`), 404, 'not_found');
    const gone = await orgA.admin.http.delete(`${BASE}/${unused.id}`);
    expect(gone.status).toBe(204);
    // Telegram is told to stop delivering the bot's updates.
    expect(telegram.calls.at(-1)?.method).toBe('deleteWebhook');
    expectError(await orgA.admin.http.get(`${BASE}/${unused.id}`), 404, 'not_found');
    expectError(await orgA.admin.http.delete(`${BASE}/${unused.id}`), 404, 'not_found');

    const used = await create(orgA.admin.http, telegramBody(newBot().token));
    // A run as one over the channel records it: its usage event names the integration.
    const thread = (await orgA.admin.http.post('/v1/threads', { title: 'Via Telegram' })).body;
    const { run } = await postAndRun(orgA.admin.http, thread.id, 'Hello');
    await waitForRun(orgA.admin.http, thread.id, run.id);
    await app.server.database.db.execute(
      sql`update usage_events set integration_id = ${used.id}, channel = 'telegram' where run_id = ${run.id}`,
    );
    expectError(await orgA.admin.http.delete(`${BASE}/${used.id}`), 409, 'integration_in_use');
  });
});

describe('secrets', () => {
  it('are sealed at rest: no column of any integration holds one in plaintext', async () => {
    const { rows } = (await app.server.database.db.execute(sql`select * from integrations`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(rows.length).toBeGreaterThan(3);
    const stored = JSON.stringify(rows);
    for (const secret of issued) expect(stored).not.toContain(secret);
    for (const row of rows) expect(String(row.secrets_sealed)).toMatch(/^v1\./);
  });
});

describe('route security', () => {
  it('owes 401, 403 to members and keys, and 404 across organizations', async () => {
    const id = (await create(orgA.admin.http, telegramBody(newBot().token))).id;
    const missingPath = `${BASE}/${randomId()}`;
    const crossOrg = { credential: orgB.admin.token, missingPath };
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/integrations',
      path: BASE,
      forbidden: cast.notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/integrations',
      path: BASE,
      body: telegramBody(`1:${'a'.repeat(35)}`),
      forbidden: cast.notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/integrations/:integrationId',
      path: `${BASE}/${id}`,
      forbidden: cast.notAdmins,
      crossOrg,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/organization/integrations/:integrationId',
      path: `${BASE}/${id}`,
      body: { displayName: 'Refused' },
      forbidden: cast.notAdmins,
      crossOrg,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'DELETE /v1/organization/integrations/:integrationId',
      path: `${BASE}/${id}`,
      forbidden: cast.notAdmins,
      crossOrg,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/integrations/:integrationId/test',
      path: `${BASE}/${id}/test`,
      forbidden: cast.notAdmins,
      crossOrg: { credential: orgB.admin.token, missingPath: `${missingPath}/test` },
    });
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/channels', path: '/v1/channels' });
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/connectors', path: '/v1/connectors' });
    expect((await orgA.admin.http.get(`${BASE}/${id}`)).status).toBe(200);
  });
});
