import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMicrosoftClient,
  isClientId,
  isTenantId,
  type MicrosoftApp,
  MicrosoftError,
} from '../src/modules/integrations/vendors/microsoft.ts';
import { createTelegramClient, isTelegramToken, TelegramError } from '../src/modules/integrations/vendors/telegram.ts';
import { type FakeMicrosoft, startFakeMicrosoft } from './fixtures/fake-microsoft.ts';
import { callbackQueryUpdate, type FakeTelegram, messageUpdate, startFakeTelegram } from './fixtures/fake-telegram.ts';
import { type ScriptedAnswer, type ScriptedServer, startScriptedServer } from './fixtures/scripted-server.ts';

/**
 * The vendor clients of the integrations (Telegram Bot API; Microsoft identity and Graph) against fakes that speak
 * the vendors' wire formats: every method's success, every error kind, the token cache, Graph's download redirect,
 * size caps, the id checks, and that no error carries a token or secret anywhere in it.
 */

const botToken = () => `${100000 + Math.floor(Math.random() * 899999)}:AA${randomBytes(24).toString('base64url')}`;
const BOT = { id: 7001, username: 'atrium_test_bot', first_name: 'Atrium' };

/** All an error could show: message, stack, cause chain, own properties, JSON. */
const everythingIn = (error: unknown) =>
  [inspect(error, { depth: null, showHidden: true }), JSON.stringify(error), String(error)].join('\n');

/** A server that takes requests and never answers. */
async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An address where nothing listens any more. */
async function closedAddress(): Promise<string> {
  const server = await startScriptedServer(() => ({ status: 200 }));
  await server.close();
  return server.url;
}

const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): ScriptedAnswer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('isTelegramToken', () => {
  const secret = (n: number) => 'A1_-'.repeat(30).slice(0, n);
  it.each([
    ['123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw', true],
    [`1:${secret(30)}`, true],
    [`${'9'.repeat(20)}:${secret(100)}`, true],
    [`${'9'.repeat(21)}:${secret(30)}`, false],
    [`123:${secret(29)}`, false],
    [`123:${secret(101)}`, false],
    [`:${secret(35)}`, false],
    [`abc:${secret(35)}`, false],
    [`123${secret(35)}`, false],
    [`123:${secret(34)}/`, false],
    [`123:${secret(34)}.`, false],
    [`123:${secret(30)}/../getMe`, false],
    [`123:${secret(34)}?x`, false],
    [`123:${secret(34)}#`, false],
    [`123:${secret(34)}%2F`, false],
    [` 123:${secret(35)}`, false],
    [`123:${secret(35)}\n`, false],
    [`١٢٣:${secret(35)}`, false],
    ['', false],
  ])('%j → %s', (token, expected) => {
    expect(isTelegramToken(token)).toBe(expected);
  });
});

describe('isTenantId / isClientId', () => {
  const guid = '72f988bf-86f1-41af-91ab-2d7cd011db47';
  it.each([
    [guid, true],
    [guid.toUpperCase(), true],
    ['contoso.onmicrosoft.com', true],
    ['Contoso.OnMicrosoft.com', true],
    ['xn--bcher-kva.example', true],
    [`${'a'.repeat(63)}.com`, true],
    [`${'a'.repeat(64)}.com`, false],
    [`${'abcdefghi.'.repeat(25)}com`, true], // 253 characters
    [`${'abcdefghi.'.repeat(25)}coms`, false], // 254
    ['common', false],
    ['organizations', false],
    ['-contoso.com', false],
    ['contoso-.com', false],
    ['contoso..com', false],
    ['contoso.com.', false],
    ['.contoso.com', false],
    ['contoso.com/../x', false],
    ['contoso.com?x=1', false],
    ['con toso.com', false],
    ['%2e%2e', false],
    ['..', false],
    ['контора.рф', false],
    [`{${guid}}`, false],
    ['', false],
  ])('isTenantId(%j) → %s', (value, expected) => {
    expect(isTenantId(value)).toBe(expected);
  });

  it.each([
    [guid, true],
    ['00000003-0000-0000-C000-000000000000', true],
    [`{${guid}}`, false],
    [guid.replaceAll('-', ''), false],
    [guid.slice(1), false],
    [`${guid.slice(0, -1)}z`, false],
    [`${guid}\n`, false],
    ['contoso.onmicrosoft.com', false],
    ['', false],
  ])('isClientId(%j) → %s', (value, expected) => {
    expect(isClientId(value)).toBe(expected);
  });
});

describe('Telegram client', () => {
  let telegram: FakeTelegram;
  let receiver: ScriptedServer;
  let token: string;
  const client = () => createTelegramClient({ apiUrl: telegram.url });

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    receiver = await startScriptedServer(() => ({ status: 200, body: '' }));
    token = botToken();
    telegram.addBot(token, BOT);
  });
  afterAll(async () => {
    await Promise.all([telegram?.close(), receiver?.close()]);
  });

  it('getMe answers the bot', async () => {
    expect(await client().getMe(token)).toEqual(BOT);
    expect(telegram.calls.at(-1)).toEqual({ token, method: 'getMe', params: {} });
  });

  it('a token Telegram does not know is unauthorized; a malformed one is refused before any call', async () => {
    const unknown = await client()
      .getMe(botToken())
      .catch((e) => e);
    expect(unknown).toBeInstanceOf(TelegramError);
    expect(unknown).toMatchObject({ kind: 'unauthorized', message: 'Telegram refused the bot token (Unauthorized)' });

    const calls = telegram.calls.length;
    for (const malformed of ['not-a-token', `${token}/../../x`, `${token}?`]) {
      const error = await client()
        .getMe(malformed)
        .catch((e) => e);
      expect(error).toMatchObject({ kind: 'unauthorized', message: "The bot token is not in Telegram's format" });
    }
    expect(telegram.calls.length).toBe(calls);
  });

  it('a revoked token is unauthorized', async () => {
    const revoked = botToken();
    telegram.addBot(revoked, BOT);
    telegram.removeBot(revoked);
    expect(
      await client()
        .getMe(revoked)
        .catch((e) => e),
    ).toMatchObject({ kind: 'unauthorized' });
  });

  it('setWebhook registers the URL, secret and update types; Telegram then delivers with the secret header', async () => {
    const url = `${receiver.url}/v1/channels/telegram/int_1/webhook`;
    await client().setWebhook(token, {
      url,
      secretToken: 'se_cret-123',
      allowedUpdates: ['message', 'callback_query'],
    });
    expect(telegram.calls.at(-1)?.params).toEqual({
      url,
      secret_token: 'se_cret-123',
      allowed_updates: ['message', 'callback_query'],
      drop_pending_updates: false,
    });
    expect(telegram.webhookOf(token)).toEqual({
      url,
      secret_token: 'se_cret-123',
      allowed_updates: ['message', 'callback_query'],
    });

    const update = messageUpdate({ updateId: 500, messageId: 10, chatId: 42, text: '/start ABC123' });
    const delivered = await telegram.deliver(token, update);
    expect(delivered.status).toBe(200);
    const received = receiver.requests.at(-1)!;
    expect(received).toMatchObject({ method: 'POST', path: '/v1/channels/telegram/int_1/webhook' });
    expect(received.headers['x-telegram-bot-api-secret-token']).toBe('se_cret-123');
    expect(JSON.parse(received.body)).toEqual(update);
    await expect(telegram.deliver(token, { update_id: 501, my_chat_member: {} })).rejects.toThrow(/not delivered/);
  });

  it('setWebhook with a secret Telegram does not allow is refused with its description', async () => {
    const error = await client()
      .setWebhook(token, { url: `${receiver.url}/hook`, secretToken: 'has space', allowedUpdates: [] })
      .catch((e) => e);
    expect(error).toMatchObject({
      kind: 'refused',
      message: 'Telegram setWebhook was refused: Bad Request: secret token contains unallowed characters',
    });
  });

  it('deleteWebhook removes it', async () => {
    const other = botToken();
    telegram.addBot(other, { ...BOT, id: 7002 });
    await client().setWebhook(other, { url: `${receiver.url}/hook`, secretToken: 's', allowedUpdates: [] });
    await client().deleteWebhook(other);
    expect(telegram.webhookOf(other)).toBeNull();
    expect(telegram.calls.at(-1)).toEqual({
      token: other,
      method: 'deleteWebhook',
      params: { drop_pending_updates: false },
    });
  });

  it('sendMessage sends text, buttons and a reply, with increasing message ids', async () => {
    const keyboard = [
      [
        { text: 'Approve', callback_data: 'ap:1' },
        { text: 'Reject', callback_data: 'rj:1' },
      ],
    ];
    const first = await client().sendMessage(token, { chatId: 42, text: 'Hello' });
    const second = await client().sendMessage(token, {
      chatId: 42,
      text: 'Approve?',
      replyMarkup: keyboard,
      replyToMessageId: 10,
    });
    expect(second.messageId).toBeGreaterThan(first.messageId);
    expect(telegram.calls.at(-1)?.params).toEqual({
      chat_id: 42,
      text: 'Approve?',
      reply_markup: { inline_keyboard: keyboard },
      reply_parameters: { message_id: 10, allow_sending_without_reply: true },
    });
    expect(telegram.messagesOf(token).at(-1)).toMatchObject({
      message_id: second.messageId,
      chat_id: 42,
      text: 'Approve?',
      reply_markup: { inline_keyboard: keyboard },
    });
  });

  it("sendMessage over Telegram's limits is refused with Telegram's description", async () => {
    const long = await client()
      .sendMessage(token, { chatId: 42, text: 'x'.repeat(4097) })
      .catch((e) => e);
    expect(long).toMatchObject({
      kind: 'refused',
      message: 'Telegram sendMessage was refused: Bad Request: message is too long',
    });
    const data = await client()
      .sendMessage(token, { chatId: 42, text: 'x', replyMarkup: [[{ text: 'b', callback_data: 'd'.repeat(65) }]] })
      .catch((e) => e);
    expect(data).toMatchObject({
      kind: 'refused',
      message: 'Telegram sendMessage was refused: Bad Request: BUTTON_DATA_INVALID',
    });
  });

  it('sendDocument uploads the file as multipart form data', async () => {
    const bytes = Buffer.from('%PDF-1.7 report bytes \u0000\u00ff');
    const sent = await client().sendDocument(token, {
      chatId: 42,
      filename: 'Quarterly report "Q3".pdf',
      contentType: 'application/pdf',
      bytes,
      caption: 'The report',
    });
    const call = telegram.calls.at(-1)!;
    expect(call.method).toBe('sendDocument');
    expect(call.params).toEqual({
      chat_id: '42',
      caption: 'The report',
      document: { filename: 'Quarterly report "Q3".pdf', type: 'application/pdf', bytes },
    });
    expect(telegram.messagesOf(token).at(-1)).toMatchObject({ message_id: sent.messageId, caption: 'The report' });
  });

  it('answerCallbackQuery answers a delivered query once', async () => {
    const update = callbackQueryUpdate({
      updateId: 600,
      queryId: '4382bfdwdsb323b2d9',
      chatId: 42,
      messageId: 3,
      data: 'ap:1',
    });
    await telegram.deliver(token, update);
    await client().answerCallbackQuery(token, { callbackQueryId: '4382bfdwdsb323b2d9', text: 'Approved' });
    expect(telegram.calls.at(-1)?.params).toEqual({ callback_query_id: '4382bfdwdsb323b2d9', text: 'Approved' });
    const again = await client()
      .answerCallbackQuery(token, { callbackQueryId: '4382bfdwdsb323b2d9' })
      .catch((e) => e);
    expect(again).toMatchObject({ kind: 'refused' });
    expect(again.message).toMatch(/query is too old and response timeout expired or query ID is invalid$/);
  });

  it('editMessageReplyMarkup replaces and removes buttons; removing them again is no failure', async () => {
    const keyboard = [[{ text: 'Approve', callback_data: 'ap:2' }]];
    const { messageId } = await client().sendMessage(token, { chatId: 42, text: 'Approve?', replyMarkup: keyboard });
    const answered = [[{ text: 'Approved ✓', callback_data: 'noop' }]];
    await client().editMessageReplyMarkup(token, { chatId: 42, messageId, replyMarkup: answered });
    expect(telegram.messagesOf(token).find((m) => m.message_id === messageId)?.reply_markup).toEqual({
      inline_keyboard: answered,
    });
    await client().editMessageReplyMarkup(token, { chatId: 42, messageId, replyMarkup: null });
    expect(telegram.calls.at(-1)?.params).toEqual({ chat_id: 42, message_id: messageId });
    expect(telegram.messagesOf(token).find((m) => m.message_id === messageId)?.reply_markup).toBeUndefined();
    // Telegram refuses this one ("message is not modified"): the buttons are already gone, as asked.
    await client().editMessageReplyMarkup(token, { chatId: 42, messageId, replyMarkup: null });
    expect(telegram.calls.filter((c) => c.method === 'editMessageReplyMarkup')).toHaveLength(3);

    const missing = await client()
      .editMessageReplyMarkup(token, { chatId: 42, messageId: 99_999, replyMarkup: null })
      .catch((e) => e);
    expect(missing).toMatchObject({
      kind: 'refused',
      message: 'Telegram editMessageReplyMarkup was refused: Bad Request: message to edit not found',
    });
  });

  it('Telegram errors are sorted by kind: 429 rate_limited with retry_after, 404 unauthorized, 5xx unreachable, others refused', async () => {
    telegram.failNext('sendMessage', { status: 429, description: 'Too Many Requests: retry after 7', retry_after: 7 });
    const limited = await client()
      .sendMessage(token, { chatId: 42, text: 'hi' })
      .catch((e) => e);
    expect(limited).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 7 });
    expect(limited.message).toBe('Telegram sendMessage: Too Many Requests: retry after 7');

    telegram.failNext('getMe', { status: 404, description: 'Not Found' });
    const notFound = await client()
      .getMe(token)
      .catch((e) => e);
    expect(notFound).toMatchObject({ kind: 'unauthorized', message: 'Telegram refused the bot token (Not Found)' });

    telegram.failNext('getMe', { status: 502, description: 'Bad Gateway' });
    const outage = await client()
      .getMe(token)
      .catch((e) => e);
    expect(outage).toMatchObject({ kind: 'unreachable', message: 'Telegram getMe failed: Bad Gateway' });

    telegram.failNext('sendMessage', { status: 403, description: 'Forbidden: bot was blocked by the user' });
    const blocked = await client()
      .sendMessage(token, { chatId: 42, text: 'hi' })
      .catch((e) => e);
    expect(blocked).toMatchObject({
      kind: 'refused',
      message: 'Telegram sendMessage was refused: Forbidden: bot was blocked by the user',
      retryAfterSeconds: undefined,
    });
  });

  it('no answer is unreachable: a closed port, a timeout, a redirect to another origin', async () => {
    const closed = await createTelegramClient({ apiUrl: await closedAddress() })
      .getMe(token)
      .catch((e) => e);
    expect(closed).toMatchObject({
      kind: 'unreachable',
      message: 'Telegram could not be reached for getMe (ECONNREFUSED)',
    });

    const silent = await startSilentServer();
    try {
      const started = Date.now();
      const timedOut = await createTelegramClient({ apiUrl: silent.url, timeoutMs: 200 })
        .getMe(token)
        .catch((e) => e);
      expect(timedOut).toMatchObject({
        kind: 'unreachable',
        message: 'Telegram could not be reached for getMe (no answer within 200 ms)',
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await silent.close();
    }

    const elsewhere = await startScriptedServer(() => jsonAnswer(200, { ok: true, result: BOT }));
    const redirector = await startScriptedServer((req) => ({
      status: 307,
      headers: { location: `${elsewhere.url}${req.path}` },
    }));
    try {
      const redirected = await createTelegramClient({ apiUrl: redirector.url })
        .getMe(token)
        .catch((e) => e);
      expect(redirected).toMatchObject({
        kind: 'unreachable',
        message: 'Telegram getMe: it redirected to another address, which is not followed with the bot token',
      });
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await Promise.all([elsewhere.close(), redirector.close()]);
    }
  });

  it('an answer that is not a Bot API envelope, or is over 1 MiB, is invalid_response; a 5xx page is an outage', async () => {
    const answers = [
      { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad Gateway</html>' },
      jsonAnswer(200, { result: BOT }),
      jsonAnswer(200, { ok: true, result: { id: 'seven' } }),
      jsonAnswer(200, { ok: true, result: BOT, padding: 'x'.repeat(1024 * 1024) }),
    ];
    const server = await startScriptedServer(() => answers.shift()!);
    try {
      const api = createTelegramClient({ apiUrl: server.url });
      const errors = [];
      for (let i = 0; i < 4; i++) errors.push(await api.getMe(token).catch((e) => e));
      expect(errors.map((e) => [e.kind, e.message])).toEqual([
        ['unreachable', 'Telegram getMe failed: 502 Bad Gateway'],
        ['invalid_response', 'Telegram getMe answered 200 OK without a Bot API envelope'],
        ['invalid_response', 'Telegram getMe answered a result of an unexpected shape'],
        ['invalid_response', 'Telegram getMe answered more than 1 MiB'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('no error holds the bot token, in its message, stack, cause or properties', async () => {
    const [id, secret] = token.split(':') as [string, string];
    const errors: unknown[] = [];
    telegram.failNext('sendMessage', {
      status: 400,
      description: `Bad Request: token ${token} / ${secret.slice(4, 20)} is bad`,
    });
    errors.push(
      await client()
        .sendMessage(token, { chatId: 42, text: 'x' })
        .catch((e) => e),
    );
    telegram.failNext('getMe', { status: 401, description: `Unauthorized ${token}` });
    errors.push(
      await client()
        .getMe(token)
        .catch((e) => e),
    );
    errors.push(
      await createTelegramClient({ apiUrl: await closedAddress() })
        .getMe(token)
        .catch((e) => e),
    );
    errors.push(
      await createTelegramClient({ apiUrl: 'not a url' })
        .getMe(token)
        .catch((e) => e),
    );
    const echo = await startScriptedServer((req) => ({ status: 500, body: `failed at ${req.path}` }));
    errors.push(
      await createTelegramClient({ apiUrl: echo.url })
        .getMe(token)
        .catch((e) => e),
    );
    await echo.close();

    expect(errors).toHaveLength(5);
    for (const error of errors) {
      expect(error).toBeInstanceOf(TelegramError);
      const text = everythingIn(error);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(4, 20));
      expect(text).not.toContain(`${id}:`);
    }
    expect((errors[0] as Error).message).toBe(
      'Telegram sendMessage was refused: Bad Request: token [redacted] / [redacted] is bad',
    );
    expect((errors[3] as Error).message).toBe('Telegram could not be reached for getMe (ERR_INVALID_URL)');
  });
});

describe('Microsoft client', () => {
  let ms: FakeMicrosoft;
  const tenantId = randomUUID();
  const otherTenant = 'fabrikam.onmicrosoft.com';
  const app: MicrosoftApp = {
    tenantId,
    clientId: randomUUID(),
    clientSecret: `Qx8~${randomBytes(24).toString('base64url')}`,
  };
  const other: MicrosoftApp = {
    tenantId: otherTenant,
    clientId: randomUUID(),
    clientSecret: `Zy7~${randomBytes(24).toString('base64url')}`,
  };
  const DRIVE = 'b!Xg3kP2lQm0aZ7vN9y_fT-4sUe8wR1cJhBdK6oL5iMpq';
  const report = Buffer.from(
    'Quarterly budget review.\nThe budget for Q3 grew by 12% after the hiring plan changed.\n',
  );
  let clock = Date.parse('2026-03-01T09:00:00Z');
  const client = (extra: Partial<Parameters<typeof createMicrosoftClient>[0]> = {}) =>
    createMicrosoftClient({ loginUrl: ms.loginUrl, graphUrl: ms.graphUrl, now: () => clock, ...extra });

  beforeAll(async () => {
    ms = await startFakeMicrosoft();
    ms.addApp(app);
    ms.addApp(other);
    ms.addFile({
      driveId: DRIVE,
      itemId: '01BUDGETREPORTQ3',
      name: 'Budget review Q3.txt',
      mimeType: 'text/plain',
      bytes: report,
      tenantId,
    });
    ms.addFile({
      driveId: DRIVE,
      itemId: '01PLANNOTYPE',
      name: 'Hiring plan',
      mimeType: null,
      bytes: Buffer.from('plan'),
    });
    ms.addFile({
      driveId: DRIVE,
      itemId: '01FOLDER',
      name: 'Budgets',
      mimeType: null,
      bytes: Buffer.alloc(0),
      folder: true,
    });
    ms.addFile({
      driveId: DRIVE,
      itemId: '01BIGDECK',
      name: 'All hands.pptx',
      mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      bytes: randomBytes(4096),
    });
    ms.addFile({
      driveId: DRIVE,
      itemId: '01STALESIZE',
      name: 'Edited.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from('y'.repeat(4096)),
      reportedSize: 10,
    });
    ms.addFile({
      driveId: DRIVE,
      itemId: '01FABRIKAM',
      name: 'Fabrikam budget.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from('budget'),
      tenantId: otherTenant,
    });
  });
  afterAll(async () => {
    await ms?.close();
  });

  describe('tokens', () => {
    it('takes a client-credentials token with the form the identity platform expects', async () => {
      const before = ms.tokenRequests();
      const token = await client().token(app);
      expect(token).toMatch(/^eyJ/);
      expect(ms.tokenRequests() - before).toBe(1);
      const request = ms.requests.at(-1)!;
      expect(request.path).toBe(`/login/${tenantId}/oauth2/v2.0/token`);
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
        grant_type: 'client_credentials',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        scope: 'https://graph.microsoft.com/.default',
      });
    });

    it('caches the token: many calls, concurrent or not, make one request; forget and expiry take a new one', async () => {
      const microsoft = client();
      const before = ms.tokenRequests();
      const tokens = await Promise.all(Array.from({ length: 5 }, () => microsoft.token(app)));
      expect(new Set(tokens).size).toBe(1);
      expect(await microsoft.token(app)).toBe(tokens[0]);
      await microsoft.searchFiles(app, 'budget', 5, 'NAM');
      await microsoft.readFile(app, { driveId: DRIVE, itemId: '01BUDGETREPORTQ3' }, 1024);
      expect(ms.tokenRequests() - before).toBe(1);

      // The fake's tokens live 3599 s; the cache takes a new one 5 minutes before that.
      clock += (3599 - 300 - 1) * 1000;
      expect(await microsoft.token(app)).toBe(tokens[0]);
      clock += 2000;
      const renewed = await microsoft.token(app);
      expect(renewed).not.toBe(tokens[0]);
      expect(ms.tokenRequests() - before).toBe(2);

      microsoft.forget(app);
      expect(await microsoft.token(app)).not.toBe(renewed);
      expect(ms.tokenRequests() - before).toBe(3);

      // Another secret (rotated) is another cache entry.
      await microsoft.token(other);
      await microsoft.token({ ...other, clientSecret: 'rotated' }).catch(() => {});
      expect(ms.tokenRequests() - before).toBe(5);
    });

    it('AADSTS refusals are unauthorized, naming the code and what is wrong; a failed request is not cached', async () => {
      const microsoft = client();
      const cases: [MicrosoftApp, number, string][] = [
        [
          { ...app, clientSecret: 'wrong-secret-value' },
          401,
          'AADSTS7000215 (invalid_client): Invalid client secret provided.',
        ],
        [
          { ...app, tenantId: 'nowhere.onmicrosoft.com' },
          400,
          "AADSTS90002 (invalid_request): Tenant 'nowhere.onmicrosoft.com' not found.",
        ],
        [{ ...app, clientId: randomUUID() }, 400, 'AADSTS700016 (unauthorized_client):'],
      ];
      for (const [wrong, status, said] of cases) {
        const before = ms.tokenRequests();
        for (let i = 0; i < 2; i++) {
          const error = await microsoft.token(wrong).catch((e) => e);
          expect(error).toBeInstanceOf(MicrosoftError);
          expect(error).toMatchObject({ kind: 'unauthorized', status });
          expect(error.message).toContain(`Microsoft identity refused the app: ${said}`);
          expect(error.message).not.toMatch(/Trace ID|Correlation ID/);
        }
        expect(ms.tokenRequests() - before).toBe(2);
      }
    });

    it('a malformed tenant or client id is refused before any request', async () => {
      const before = ms.requests.length;
      const tenant = await client()
        .token({ ...app, tenantId: '../../evil' })
        .catch((e) => e);
      expect(tenant).toMatchObject({
        kind: 'unauthorized',
        message: 'The tenant id is neither a directory id (GUID) nor a domain name',
      });
      const clientId = await client()
        .token({ ...app, clientId: 'my-app' })
        .catch((e) => e);
      expect(clientId).toMatchObject({
        kind: 'unauthorized',
        message: 'The client id is not an application id (GUID)',
      });
      expect(ms.requests.length).toBe(before);
    });
  });

  describe('searchFiles', () => {
    it("searches drive items with the region and maps Graph's hits", async () => {
      const hits = await client().searchFiles(app, 'budget', 10, 'NAM');
      const search = ms.requests.filter((r) => r.path === '/graph/v1.0/search/query').at(-1)!;
      expect(JSON.parse(search.body)).toEqual({
        requests: [{ entityTypes: ['driveItem'], query: { queryString: 'budget' }, from: 0, size: 10, region: 'NAM' }],
      });
      expect(search.headers.authorization).toMatch(/^Bearer eyJ/);
      // Fabrikam's file belongs to another tenant; the folder is not a hit.
      expect(hits).toEqual([
        {
          id: '01BUDGETREPORTQ3',
          name: 'Budget review Q3.txt',
          webUrl: 'https://contoso.sharepoint.com/sites/team/Shared%20Documents/Budget%20review%20Q3.txt',
          size: report.length,
          lastModified: '2026-02-01T10:30:00Z',
          driveId: DRIVE,
          summary: expect.stringMatching(/^Budget review Q3.txt Quarterly budget review.[\s\S]*…$/),
        },
      ]);
      expect(hits[0]!.summary).not.toMatch(/<c0>|<ddd\/>/);
    });

    it('answers nothing found as an empty list, and at most `size` hits', async () => {
      expect(await client().searchFiles(app, 'nonexistent-term', 5, 'EUR')).toEqual([]);
      expect(await client().searchFiles(app, 'plan', 1, 'EUR')).toHaveLength(1);
    });

    it('refuses a size outside 1-25 before any request, and reports what Graph refuses', async () => {
      const before = ms.requests.length;
      for (const size of [0, 26, 2.5])
        await expect(client().searchFiles(app, 'x', size, 'NAM')).rejects.toThrow(RangeError);
      expect(ms.requests.length).toBe(before);
      const error = await client()
        .searchFiles(app, 'budget', 5, '')
        .catch((e) => e);
      expect(error).toMatchObject({
        kind: 'refused',
        status: 400,
        message: 'Microsoft Graph refused the request: 400 Bad Request (BadRequest)',
      });
    });

    it('after Graph refuses the token (expired), takes a new one and retries once', async () => {
      const microsoft = client();
      await microsoft.searchFiles(app, 'budget', 5, 'NAM');
      const tokensBefore = ms.tokenRequests();
      const searchesBefore = ms.requests.filter((r) => r.path.endsWith('/search/query')).length;
      ms.expireTokens();
      // Two at once: both are refused, and share the one new token.
      const [a, b] = await Promise.all([
        microsoft.searchFiles(app, 'budget', 5, 'NAM'),
        microsoft.searchFiles(app, 'budget', 5, 'NAM'),
      ]);
      expect(a).toHaveLength(1);
      expect(b).toEqual(a);
      expect(ms.tokenRequests() - tokensBefore).toBe(1);
      expect(ms.requests.filter((r) => r.path.endsWith('/search/query')).length - searchesBefore).toBe(4);
    });

    it('a second 401 is unauthorized, after exactly one retry', async () => {
      const server = await startScriptedServer((req) =>
        req.path.endsWith('/token')
          ? jsonAnswer(200, {
              token_type: 'Bearer',
              expires_in: 3599,
              ext_expires_in: 3599,
              access_token: 'eyJ.always.refused',
            })
          : jsonAnswer(401, {
              error: { code: 'InvalidAuthenticationToken', message: 'Access token validation failure.' },
            }),
      );
      try {
        const error = await createMicrosoftClient({ loginUrl: server.url, graphUrl: `${server.url}/v1.0` })
          .searchFiles(app, 'x', 5, 'NAM')
          .catch((e) => e);
        expect(error).toMatchObject({
          kind: 'unauthorized',
          status: 401,
          message: "Microsoft Graph refused the app's token: 401 Unauthorized (InvalidAuthenticationToken)",
        });
        expect(server.requests.map((r) => r.path)).toEqual([
          `/${tenantId}/oauth2/v2.0/token`,
          '/v1.0/search/query',
          `/${tenantId}/oauth2/v2.0/token`,
          '/v1.0/search/query',
        ]);
      } finally {
        await server.close();
      }
    });
  });

  describe('readFile', () => {
    it('reads the item, then its content from the 302 download URL without the Authorization header', async () => {
      const file = await client().readFile(app, { driveId: DRIVE, itemId: '01BUDGETREPORTQ3' }, 1024);
      expect(file).toEqual({ name: 'Budget review Q3.txt', mimeType: 'text/plain', bytes: report });
      const [item, content, download] = ms.requests.slice(-3);
      expect(item).toMatchObject({ method: 'GET', path: `/graph/v1.0/drives/${DRIVE}/items/01BUDGETREPORTQ3` });
      expect(item!.headers.authorization).toMatch(/^Bearer /);
      expect(content).toMatchObject({
        method: 'GET',
        path: `/graph/v1.0/drives/${DRIVE}/items/01BUDGETREPORTQ3/content`,
      });
      expect(content!.headers.authorization).toMatch(/^Bearer /);
      expect(download!.path).toBe('/download/Budget%20review%20Q3.txt');
      expect(download!.query.tempauth).toBeTruthy();
      expect(download!.headers.authorization).toBeUndefined();
    });

    it('a file without a type reads with mimeType null; a folder is refused', async () => {
      expect(await client().readFile(app, { driveId: DRIVE, itemId: '01PLANNOTYPE' }, 1024)).toEqual({
        name: 'Hiring plan',
        mimeType: null,
        bytes: Buffer.from('plan'),
      });
      const folder = await client()
        .readFile(app, { driveId: DRIVE, itemId: '01FOLDER' }, 1024)
        .catch((e) => e);
      expect(folder).toMatchObject({ kind: 'refused', message: '"Budgets" is not a file' });
    });

    it('refuses past maxBytes: by the reported size without downloading, else while reading', async () => {
      const before = ms.requests.length;
      const big = await client()
        .readFile(app, { driveId: DRIVE, itemId: '01BIGDECK' }, 1000)
        .catch((e) => e);
      expect(big).toMatchObject({
        kind: 'refused',
        message: '"All hands.pptx" is larger than the 1000-byte limit for reading a file',
      });
      const graphCalls = ms.requests.slice(before).filter((r) => !r.path.startsWith('/login/'));
      expect(graphCalls.map((r) => r.path)).toEqual([`/graph/v1.0/drives/${DRIVE}/items/01BIGDECK`]);

      // Graph's size lags behind an edit: the download's own length refuses it.
      const stale = await client()
        .readFile(app, { driveId: DRIVE, itemId: '01STALESIZE' }, 1000)
        .catch((e) => e);
      expect(stale).toMatchObject({
        kind: 'refused',
        message: '"Edited.txt" is larger than the 1000-byte limit for reading a file',
      });

      // Without a declared length, the bytes are counted as they arrive.
      const undeclared: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        return String(input).includes('/download/')
          ? new Response(response.body, {
              status: response.status,
              headers: { 'content-type': 'application/octet-stream' },
            })
          : response;
      };
      const counted = await client({ fetch: undeclared })
        .readFile(app, { driveId: DRIVE, itemId: '01STALESIZE' }, 1000)
        .catch((e) => e);
      expect(counted).toMatchObject({
        kind: 'refused',
        message: '"Edited.txt" is larger than the 1000-byte limit for reading a file',
      });
      expect(
        (await client({ fetch: undeclared }).readFile(app, { driveId: DRIVE, itemId: '01STALESIZE' }, 4096)).bytes,
      ).toHaveLength(4096);
    });

    it("refuses ids that are not Graph's before any request, and reports an item Graph does not have", async () => {
      const before = ms.requests.length;
      for (const ids of [
        { driveId: DRIVE, itemId: '../../me' },
        { driveId: 'b!x/../../users', itemId: '01A' },
        { driveId: DRIVE, itemId: '01A?$expand=x' },
        { driveId: '', itemId: '01A' },
      ]) {
        const error = await client()
          .readFile(app, ids, 1024)
          .catch((e) => e);
        expect(error).toMatchObject({ kind: 'refused', message: 'The drive or item id is not a Microsoft Graph id' });
      }
      expect(ms.requests.length).toBe(before);
      // Fabrikam's file is another tenant's: this app's token does not see it.
      const missing = await client()
        .readFile(app, { driveId: DRIVE, itemId: '01FABRIKAM' }, 1024)
        .catch((e) => e);
      expect(missing).toMatchObject({
        kind: 'refused',
        status: 404,
        message: 'Microsoft Graph refused the request: 404 Not Found (itemNotFound)',
      });
    });

    it('after Graph refuses the token, takes a new one and retries once', async () => {
      const microsoft = client();
      await microsoft.token(app);
      ms.expireTokens();
      const before = ms.tokenRequests();
      const file = await microsoft.readFile(app, { driveId: DRIVE, itemId: '01BUDGETREPORTQ3' }, 1024);
      expect(file.bytes).toEqual(report);
      expect(ms.tokenRequests() - before).toBe(1);
    });
  });

  describe('errors', () => {
    /** A vendor answering every token request with a token and every Graph call with `graph`. */
    const graphAnswering = (graph: (path: string) => ScriptedAnswer) =>
      startScriptedServer((req) =>
        req.path.endsWith('/token')
          ? jsonAnswer(200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: 'eyJ.a.b' })
          : graph(req.path),
      );

    it('429 is rate_limited, 403 names the permission, 5xx is unreachable (an outage)', async () => {
      const answers = [
        jsonAnswer(429, { error: { code: 'TooManyRequests', message: 'Too many requests' } }, { 'retry-after': '10' }),
        jsonAnswer(403, { error: { code: 'accessDenied', message: 'Access denied' } }),
        { status: 503, headers: { 'content-type': 'text/html' }, body: '<h1>Service Unavailable</h1>' },
      ];
      const server = await graphAnswering(() => answers.shift()!);
      try {
        const microsoft = createMicrosoftClient({ loginUrl: server.url, graphUrl: `${server.url}/v1.0` });
        const errors = [];
        for (let i = 0; i < 3; i++) errors.push(await microsoft.searchFiles(app, 'x', 5, 'NAM').catch((e) => e));
        expect(errors.map((e) => [e.kind, e.status, e.message])).toEqual([
          ['rate_limited', 429, 'Microsoft Graph is rate limiting: 429 Too Many Requests (TooManyRequests)'],
          [
            'refused',
            403,
            'Microsoft Graph refused the request: 403 Forbidden (accessDenied); the app needs the Files.Read.All or Sites.Read.All application permission, with admin consent',
          ],
          ['unreachable', 503, 'Microsoft Graph failed: 503 Service Unavailable'],
        ]);
      } finally {
        await server.close();
      }
    });

    it('a body that is not JSON, or not a search response, is invalid_response', async () => {
      const answers = [
        { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>sign in</html>' },
        jsonAnswer(200, { hitsContainers: [] }),
        jsonAnswer(200, { value: [], padding: 'x'.repeat(1024 * 1024) }),
      ];
      const server = await graphAnswering(() => answers.shift()!);
      try {
        const microsoft = createMicrosoftClient({ loginUrl: server.url, graphUrl: `${server.url}/v1.0` });
        const errors = [];
        for (let i = 0; i < 3; i++) errors.push(await microsoft.searchFiles(app, 'x', 5, 'NAM').catch((e) => e));
        expect(errors.map((e) => [e.kind, e.message])).toEqual([
          ['invalid_response', 'Microsoft Graph answered with a body that is not JSON'],
          ['invalid_response', 'Microsoft Graph answered a search without results'],
          ['invalid_response', 'Microsoft Graph answered more than 1 MiB'],
        ]);
      } finally {
        await server.close();
      }
    });

    it('identity: 429 is rate_limited, an answer without a token invalid_response, 5xx unreachable', async () => {
      const answers = [
        jsonAnswer(429, { error: 'temporarily_unavailable' }, { 'retry-after': '5' }),
        jsonAnswer(200, { token_type: 'Bearer', expires_in: 3599 }),
        { status: 503, body: 'Service Unavailable' },
      ];
      const server = await startScriptedServer(() => answers.shift()!);
      try {
        const microsoft = createMicrosoftClient({ loginUrl: server.url, graphUrl: server.url });
        expect(await microsoft.token(app).catch((e) => e)).toMatchObject({ kind: 'rate_limited', status: 429 });
        expect(await microsoft.token(app).catch((e) => e)).toMatchObject({
          kind: 'invalid_response',
          message: 'Microsoft identity answered without an access token',
        });
        expect(await microsoft.token(app).catch((e) => e)).toMatchObject({
          kind: 'unreachable',
          status: 503,
          message: 'Microsoft identity answered 503 Service Unavailable',
        });
      } finally {
        await server.close();
      }
    });

    it('no answer is unreachable: a closed port, a timeout, a redirect (never followed with credentials)', async () => {
      const closed = await closedAddress();
      const error = await createMicrosoftClient({ loginUrl: closed, graphUrl: closed })
        .token(app)
        .catch((e) => e);
      expect(error).toMatchObject({
        kind: 'unreachable',
        message: 'Microsoft identity could not be reached (ECONNREFUSED)',
      });

      const silent = await startSilentServer();
      try {
        const timedOut = await createMicrosoftClient({ loginUrl: silent.url, graphUrl: silent.url, timeoutMs: 200 })
          .token(app)
          .catch((e) => e);
        expect(timedOut).toMatchObject({
          kind: 'unreachable',
          message: 'Microsoft identity could not be reached (no answer within 200 ms)',
        });
      } finally {
        await silent.close();
      }

      const redirector = await startScriptedServer(() => ({ status: 307, headers: { location: `${ms.loginUrl}/x` } }));
      try {
        const before = ms.requests.length;
        const redirected = await createMicrosoftClient({ loginUrl: redirector.url, graphUrl: redirector.url })
          .token(app)
          .catch((e) => e);
        expect(redirected).toMatchObject({
          kind: 'unreachable',
          status: 307,
          message: "Microsoft identity answered with a redirect, which is not followed with the app's credentials",
        });
        expect(ms.requests.length).toBe(before);
      } finally {
        await redirector.close();
      }
    });

    it('no error holds the client secret or an access token, in its message, stack, cause or properties', async () => {
      const secret = app.clientSecret;
      const echoing = await startScriptedServer((req) =>
        req.path.endsWith('/token')
          ? jsonAnswer(401, {
              error: 'invalid_client',
              error_description: `AADSTS7000215: Invalid client secret ${secret} provided. Trace ID: x`,
              error_codes: [7000215],
            })
          : jsonAnswer(500, { error: { code: secret, message: secret } }),
      );
      const leakyGraph = await graphAnswering(() =>
        jsonAnswer(400, { error: { code: `Bearer ${secret}`, message: secret } }),
      );
      try {
        const errors: unknown[] = [
          await createMicrosoftClient({ loginUrl: echoing.url, graphUrl: echoing.url })
            .token(app)
            .catch((e) => e),
          await createMicrosoftClient({ loginUrl: leakyGraph.url, graphUrl: leakyGraph.url })
            .searchFiles(app, 'x', 1, 'NAM')
            .catch((e) => e),
          await client()
            .token({ ...app, clientSecret: `${secret}-wrong` })
            .catch((e) => e),
          await createMicrosoftClient({ loginUrl: await closedAddress(), graphUrl: ms.graphUrl })
            .token(app)
            .catch((e) => e),
        ];
        const microsoft = client();
        const accessToken = await microsoft.token(app);
        errors.push(await microsoft.readFile(app, { driveId: DRIVE, itemId: '01MISSING' }, 10).catch((e) => e));
        for (const error of errors) {
          expect(error).toBeInstanceOf(MicrosoftError);
          const text = everythingIn(error);
          expect(text).not.toContain(secret);
          expect(text).not.toContain(secret.slice(4, 16));
          expect(text).not.toContain(accessToken);
          expect(text).not.toContain('eyJ');
        }
        expect((errors[0] as Error).message).toBe(
          'Microsoft identity refused the app: AADSTS7000215 (invalid_client): Invalid client secret [redacted] provided.',
        );
        expect((errors[1] as Error).message).toBe('Microsoft Graph refused the request: 400 Bad Request');
      } finally {
        await Promise.all([echoing.close(), leakyGraph.close()]);
      }
    });
  });
});
