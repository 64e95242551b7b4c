import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMicrosoft, startFakeMicrosoft } from './fixtures/fake-microsoft.ts';
import { type FakeTelegram, messageUpdate, startFakeTelegram } from './fixtures/fake-telegram.ts';
import {
  type AtriumProcess,
  installation,
  killAll,
  outputs,
  ownPostgres,
  type SignedIn,
  signInOrgAdmin,
  startApi,
  startWorkerProcess,
} from './helpers/processes.ts';

/**
 * The integrations' secrets never reach a log: the real server as processes, logging at debug level, through every
 * path that handles a secret (connect, a refused secret, a change, a test, a webhook with and without its secret
 * token, a linked chat's message and its reply); then their whole output is searched for each secret.
 */
let telegram: FakeTelegram;
let microsoft: FakeMicrosoft;
let db: { url: string; drop(): Promise<void> };
let api: AtriumProcess;
let worker: AtriumProcess;
let admin: SignedIn;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const botToken = `7400000001:AA${randomBytes(24).toString('base64url').slice(0, 33)}`;
const refusedToken = `7400000002:AA${randomBytes(24).toString('base64url').slice(0, 33)}`;
const app365 = {
  tenantId: randomUUID(),
  clientId: randomUUID(),
  clientSecret: `Qx8~${randomBytes(18).toString('base64url')}`,
};
const wrongSecret = `wrong~${randomBytes(18).toString('base64url')}`;

beforeAll(async () => {
  [telegram, microsoft] = await Promise.all([startFakeTelegram(), startFakeMicrosoft()]);
  telegram.addBot(botToken, { id: 7_400_000_001, username: 'quiet_bot', first_name: 'Quiet' });
  microsoft.addApp(app365);
  db = await ownPostgres('intlogs');
  const inst = installation(db.url, {
    LOG_LEVEL: 'debug',
    ATRIUM_TELEGRAM_API_URL: telegram.url,
    ATRIUM_MS_LOGIN_URL: microsoft.loginUrl,
    ATRIUM_MS_GRAPH_URL: microsoft.graphUrl,
  });
  [api, worker] = await Promise.all([startApi(inst, 'api'), startWorkerProcess(inst, 'worker')]);
  admin = await signInOrgAdmin(api.url, inst);
}, 120_000);
afterAll(async () => {
  await killAll();
  await Promise.all([telegram?.close(), microsoft?.close()]);
  await db?.drop();
});

describe('integration secrets and the logs', () => {
  it('appear in no line the API or the worker wrote', async () => {
    const BASE = '/v1/organization/integrations';
    const bot = await admin.http.post(BASE, {
      type: 'telegram',
      display_name: 'Quiet',
      config: {},
      secrets: { botToken },
    });
    expect(bot.status, bot.text).toBe(201);
    const refused = await admin.http.post(BASE, {
      type: 'telegram',
      display_name: 'Refused',
      config: {},
      secrets: { botToken: refusedToken },
    });
    expect(refused.status).toBe(422);
    const office = await admin.http.post(BASE, {
      type: 'microsoft_365',
      display_name: 'Office',
      config: { tenant_id: app365.tenantId, client_id: app365.clientId },
      secrets: { clientSecret: wrongSecret },
    });
    expect(office.status).toBe(422);
    const connected = await admin.http.post(BASE, {
      type: 'microsoft_365',
      display_name: 'Office',
      config: { tenant_id: app365.tenantId, client_id: app365.clientId },
      secrets: { clientSecret: app365.clientSecret },
    });
    expect(connected.status, connected.text).toBe(201);
    expect((await admin.http.post(`${BASE}/${connected.body.integration.id}/test`, {})).status).toBe(200);
    const patched = await admin.http.patch(`${BASE}/${bot.body.integration.id}`, { secrets: { botToken } });
    expect(patched.status, patched.text).toBe(200);

    // The webhook, without and with its secret token; then a linked chat's message and the reply. The message
    // comes right after /start, so the worker's jobs for the two may run at once: it must still act on /start
    // first (a chat's updates take effect in Telegram's order), or the message is refused as from an unlinked chat.
    const webhook = telegram.webhookOf(botToken)!;
    const bare = await fetch(webhook.url, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.status).toBe(401);
    const code = (await admin.http.post('/v1/channels/telegram/link-codes', {})).body.code as string;
    const chat = 4242;
    await telegram.deliver(
      botToken,
      messageUpdate({ updateId: 1, messageId: 1, chatId: chat, text: `/start ${code}` }),
    );
    await telegram.deliver(botToken, messageUpdate({ updateId: 2, messageId: 2, chatId: chat, text: 'Hello there' }));
    const deadline = Date.now() + 30_000;
    while (!telegram.messagesOf(botToken).some((m) => m.text?.includes('You said'))) {
      if (Date.now() > deadline) throw new Error(`no reply reached the chat\n${outputs(api, worker)}`);
      await sleep(100);
    }

    const logged = outputs(api, worker);
    // The logs are there (one line per request at least), so a secret in them would be found.
    expect(logged).toContain('/v1/organization/integrations');
    for (const secret of [botToken, refusedToken, app365.clientSecret, wrongSecret, webhook.secret_token!, code]) {
      expect(logged.includes(secret), 'a secret was logged').toBe(false);
    }
  }, 90_000);
});
