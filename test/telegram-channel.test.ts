import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitForTelegram } from '../src/modules/integrations/telegram/split.ts';
import { OFFLINE_VERSION_ID } from '../src/platform/models/index.ts';
import { callbackQueryUpdate, type FakeTelegram, messageUpdate, startFakeTelegram } from './fixtures/fake-telegram.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg } from './helpers/fixtures.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';
import { until } from './helpers/until.ts';

let app: TestApp;
let telegram: FakeTelegram;
let org: TestOrg;
let other: TestOrg;
let member: OrgUser;
let bot: { token: string; id: number; username: string; integrationId: string };
let updates = 0;
let chats = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the bot sent to a chat, oldest first. */
const sentTo = (chatId: number) =>
  telegram
    .messagesOf(bot.token)
    .filter((m) => m.chat_id === chatId)
    .map((m) => m.text ?? '');

/** Sends `text` from a chat as Telegram does (through the registered webhook); returns the update's id. */
async function write(chatId: number, text: string, updateId = ++updates): Promise<number> {
  const res = await telegram.deliver(bot.token, messageUpdate({ updateId, messageId: updateId, chatId, text }));
  expect(res.status).toBe(200);
  return updateId;
}

/** Writes and waits for the bot's next message to that chat. */
async function exchange(chatId: number, text: string): Promise<string> {
  const before = sentTo(chatId).length;
  await write(chatId, text);
  return until('the bot to answer', async () => sentTo(chatId)[before]);
}

async function linkCode(who: OrgUser) {
  const res = await who.http.post('/v1/channels/telegram/link-codes', {});
  expect(res.status, res.text).toBe(201);
  return res.body as { code: string; expires_at: string; bots: unknown[] };
}

beforeAll(async () => {
  telegram = await startFakeTelegram();
  app = await startTestApp({ ATRIUM_TELEGRAM_API_URL: telegram.url });
  [org, other] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
  member = await addUser(app, org.admin.http, { role: 'member' });
  const id = 7_300_000_000 + Number.parseInt(randomBytes(2).toString('hex'), 16);
  const token = `${id}:AA${randomBytes(24).toString('base64url').slice(0, 33)}`;
  telegram.addBot(token, { id, username: 'atrium_help_bot', first_name: 'Atrium' });
  const created = await org.admin.http.post('/v1/organization/integrations', {
    type: 'telegram',
    display_name: 'Help',
    config: {},
    secrets: { botToken: token },
  });
  expect(created.status, created.text).toBe(201);
  bot = { token, id, username: 'atrium_help_bot', integrationId: created.body.integration.id };
});
afterAll(async () => {
  await app?.close();
  await telegram?.close();
});

describe('the webhook', () => {
  it('is registered on connect at the public URL with a secret token, for messages and button presses', () => {
    const webhook = telegram.webhookOf(bot.token)!;
    expect(webhook.url).toBe(`${app.url}/v1/channels/telegram/${bot.integrationId}/webhook`);
    expect(webhook.secret_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(webhook.allowed_updates).toEqual(['message', 'callback_query']);
  });

  it('refuses a delivery without the secret token, or with another integration’s (401), before reading the body', async () => {
    const path = `/v1/channels/telegram/${bot.integrationId}/webhook`;
    const update = messageUpdate({ updateId: 1, messageId: 1, chatId: 1, text: 'hi' });
    expectError(await app.http.post(path, update), 401, 'unauthorized');
    expectError(
      await app.http.post(path, update, { headers: { 'x-telegram-bot-api-secret-token': 'x'.repeat(43) } }),
      401,
      'unauthorized',
    );
    expectError(await app.http.post(path, { nonsense: true }), 401, 'unauthorized');
    const otherSecret = `${app.url}/v1/channels/telegram/${randomId()}/webhook`;
    const stolen = telegram.webhookOf(bot.token)!.secret_token!;
    const res = await fetch(otherSecret, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': stolen },
      body: JSON.stringify(update),
    });
    expect(res.status).toBe(401);
  });
});

describe('linking a chat', () => {
  it('links with a one-time code from the workspace; a used or expired code is refused', async () => {
    const chat = 900_000 + ++chats;
    const { code, expires_at, bots } = await linkCode(member);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    // The bots to send it to, each with Telegram's deep link that sends `/start <code>` by itself.
    expect(bots).toEqual([
      {
        integration_id: bot.integrationId,
        display_name: 'Help',
        bot_username: bot.username,
        start_url: `https://t.me/${bot.username}?start=${code}`,
      },
    ]);
    expect(expires_at).toMatch(ISO_MS);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    expect(await exchange(chat, 'Hello?')).toMatch(/not linked to Atrium/);
    expect(await exchange(chat, `/start ${code}`)).toMatch(/now linked/);
    const links = await member.http.get('/v1/channels/telegram/links');
    expect(links.status).toBe(200);
    expect(links.body.data).toEqual([
      expect.objectContaining({ integration_id: bot.integrationId, bot_username: bot.username, chat_id: chat }),
    ]);
    // Single use: the same code in another chat is refused.
    expect(await exchange(chat + 1, `/start ${code}`)).toMatch(/not valid or has expired/);
    // A new code replaces the earlier one.
    const replaced = await linkCode(member);
    await linkCode(member);
    expect(await exchange(chat + 3, `/start ${replaced.code}`)).toMatch(/not valid or has expired/);
    // Ten minutes: a code past them is refused.
    const late = await linkCode(member);
    app.clock.advance(10 * 60_000 + 1);
    expect(await exchange(chat + 2, `/start ${late.code}`)).toMatch(/not valid or has expired/);
  });

  it("never links to another organization's member, and answers only private chats", async () => {
    const outsider = await linkCode(other.admin);
    // The other organization has no bot of its own: this one's is not offered to it.
    expect(outsider.bots).toEqual([]);
    expect(await exchange(900_500, `/start ${outsider.code}`)).toMatch(/not valid or has expired/);
    const before = telegram.messagesOf(bot.token).length;
    const group = messageUpdate({ updateId: ++updates, messageId: 1, chatId: -100123, text: 'hello all' });
    (group.message as { chat: { type: string } }).chat.type = 'group';
    await telegram.deliver(bot.token, group);
    await until('the refusal', async () => telegram.messagesOf(bot.token).length > before);
    expect(sentTo(-100123)).toEqual(['I only talk in private chats. Write to me directly.']);
  });
});

describe('talking in a linked chat', () => {
  it('posts as the member in their Telegram thread, runs, and sends the answer back, charging the integration', async () => {
    const chat = 910_000 + ++chats;
    await exchange(chat, `/start ${(await linkCode(member)).code}`);
    const reply = await exchange(chat, 'Tell me about sea otters');
    expect(reply).toContain('You said: "Tell me about sea otters"');

    const [link] = (await member.http.get('/v1/channels/telegram/links')).body.data.filter(
      (l: { chat_id: number }) => l.chat_id === chat,
    );
    const transcript = await member.http.get(`/v1/threads/${link.thread_id}/messages`);
    expect(transcript.body.data.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'Tell me about sea otters'],
      ['assistant', reply],
    ]);
    const runs = await member.http.get(`/v1/threads/${link.thread_id}/runs`);
    expect(runs.body.data[0].status).toBe('completed');
    const { rows } = (await app.server.database.db.execute(
      sql`select channel, integration_id, user_id from usage_events where run_id = ${runs.body.data[0].id}`,
    )) as unknown as { rows: { channel: string; integration_id: string; user_id: string }[] };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toEqual({ channel: 'telegram', integration_id: bot.integrationId, user_id: member.user.id });
    }
    // The integration is now referenced by usage: it stays.
    expectError(
      await org.admin.http.delete(`/v1/organization/integrations/${bot.integrationId}`),
      409,
      'integration_in_use',
    );
  });

  it('sends the files a run made as documents after its answer', async () => {
    const chat = 915_000 + ++chats;
    await exchange(chat, `/start ${(await linkCode(member)).code}`);
    await write(chat, '/tool create_file {"filename":"otters.csv","content":"animal,tool\\nsea otter,stone\\n"}');
    const document = await until('the document', async () =>
      telegram.messagesOf(bot.token).find((m) => m.chat_id === chat && m.document),
    );
    expect(document.document).toMatchObject({ filename: 'otters.csv', type: 'text/csv' });
    expect(document.document!.bytes.toString('utf8')).toBe('animal,tool\nsea otter,stone\n');
    const texts = telegram.messagesOf(bot.token).filter((m) => m.chat_id === chat && m.text);
    expect(texts.at(-1)!.message_id).toBeLessThan(document.message_id);
  });

  it('acts on an update delivered twice only once', async () => {
    const chat = 920_000 + ++chats;
    await exchange(chat, `/start ${(await linkCode(member)).code}`);
    const id = await write(chat, 'Only once please');
    await write(chat, 'Only once please', id);
    await until('the answer', async () => sentTo(chat).length === 2);
    await sleep(500);
    expect(sentTo(chat)).toHaveLength(2);
    const [link] = (await member.http.get('/v1/channels/telegram/links')).body.data.filter(
      (l: { chat_id: number }) => l.chat_id === chat,
    );
    const transcript = await member.http.get(`/v1/threads/${link.thread_id}/messages`);
    expect(transcript.body.data.filter((m: { role: string }) => m.role === 'user')).toHaveLength(1);
  });

  it('unlinks with /stop in the chat, or from the workspace; another member cannot unlink it', async () => {
    const chat = 930_000 + ++chats;
    await exchange(chat, `/start ${(await linkCode(member)).code}`);
    expect(await exchange(chat, '/stop')).toMatch(/no longer linked/);
    expect(await exchange(chat, 'Still there?')).toMatch(/not linked to Atrium/);

    await exchange(chat, `/start ${(await linkCode(member)).code}`);
    const [link] = (await member.http.get('/v1/channels/telegram/links')).body.data.filter(
      (l: { chat_id: number }) => l.chat_id === chat,
    );
    const peer = await addUser(app, org.admin.http, { role: 'member' });
    expectError(await peer.http.delete(`/v1/channels/telegram/links/${link.id}`), 404, 'not_found');
    expectError(await other.admin.http.delete(`/v1/channels/telegram/links/${link.id}`), 404, 'not_found');
    const gone = await member.http.delete(`/v1/channels/telegram/links/${link.id}`);
    expect(gone.status).toBe(204);
    expect(await exchange(chat, 'Hello again')).toMatch(/not linked to Atrium/);
  });
});

/** The first message the bot sent the chat with buttons under it. */
const withButtons = (chat: number) =>
  until('a question with buttons', async () =>
    telegram.messagesOf(bot.token).find((m) => m.chat_id === chat && m.reply_markup),
  );
const buttonsOf = (m: { reply_markup?: unknown }) =>
  (
    (m.reply_markup as { inline_keyboard?: { text: string; callback_data: string }[][] } | undefined)
      ?.inline_keyboard ?? []
  ).flat();
const press = (chat: number, messageId: number, data: string) =>
  telegram.deliver(
    bot.token,
    callbackQueryUpdate({ updateId: ++updates, queryId: `q${updates}`, chatId: chat, messageId, data }),
  );

describe('questions of paused runs, asked and answered in the chat', () => {
  /** The member's newest linked chat, made for this test. */
  async function linkedChat(): Promise<{ chat: number; threadId: string }> {
    const chat = 940_000 + ++chats;
    await exchange(chat, `/start ${(await linkCode(member)).code}`);
    const [link] = (await member.http.get('/v1/channels/telegram/links')).body.data.filter(
      (l: { chat_id: number }) => l.chat_id === chat,
    );
    return { chat, threadId: link.thread_id };
  }
  it('asks a clarification with a button per option; a press answers it and the run goes on', async () => {
    const { chat, threadId } = await linkedChat();
    await write(chat, '/tool ask_user {"prompt":"Which region?","options":["EU","US"]}');
    const question = await withButtons(chat);
    expect(question.text).toBe(
      'Question (in "Telegram"):\nWhich region?\n\nChoose below, or reply to this message with your answer.',
    );
    expect(buttonsOf(question).map((b) => b.text)).toEqual(['EU', 'US']);
    await press(chat, question.message_id, buttonsOf(question)[0]!.callback_data);
    const done = await until('the final answer', async () =>
      sentTo(chat).find((text) => text.includes('ask_user: {"answer":"EU"}')),
    );
    expect(done).toContain('The tools returned');
    // The buttons went once the question was answered.
    expect(telegram.messagesOf(bot.token).find((m) => m.message_id === question.message_id)?.reply_markup).toBeFalsy();
    const runs = await member.http.get(`/v1/threads/${threadId}/runs`);
    expect(runs.body.data[0].status).toBe('completed');
  });

  it('takes a reply to a question without options as its answer', async () => {
    const { chat } = await linkedChat();
    await write(chat, '/tool ask_user {"prompt":"What is the project called?"}');
    const question = await until('the question', async () =>
      telegram.messagesOf(bot.token).find((m) => m.chat_id === chat && m.text?.startsWith('Question')),
    );
    expect(question.reply_markup).toBeFalsy();
    await telegram.deliver(
      bot.token,
      messageUpdate({
        updateId: ++updates,
        messageId: 5000 + updates,
        chatId: chat,
        text: 'Kelp',
        replyToMessageId: question.message_id,
      }),
    );
    await until('the final answer', async () =>
      sentTo(chat).find((text) => text.includes('ask_user: {"answer":"Kelp"}')),
    );
  });

  it("asks a workflow's approval in the chat of the member who started it over HTTP; answered there, the run completes", async () => {
    const { chat } = await linkedChat();
    const workflow = await org.admin.http.post('/v1/workflows', {
      name: `Announce ${randomId()}`,
      definition: {
        steps: [
          { id: 'draft', name: 'Draft', depends_on: [], type: 'model', config: { prompt: 'Draft it' } },
          {
            id: 'send',
            name: 'Send',
            depends_on: ['draft'],
            type: 'model',
            config: { prompt: 'Send it' },
            requires_confirmation: true,
            confirmation_message: 'Send the announcement?',
          },
        ],
      },
    });
    expect(workflow.status, workflow.text).toBe(201);
    const started = await member.http.post(`/v1/workflows/${workflow.body.id}/run`, { input: {} });
    expect(started.status, started.text).toBe(201);
    const question = await withButtons(chat);
    expect(question.text).toContain('Send the announcement?');
    expect(buttonsOf(question).map((b) => b.text)).toEqual(['Approve', 'Reject']);
    const approve = buttonsOf(question)[0]!.callback_data;

    // Answered elsewhere first: a later press says so and takes the buttons away.
    const approved = await member.http.post(
      `/v1/threads/${started.body.thread.id}/runs/${started.body.run.id}/approve`,
      {},
    );
    expect(approved.status, approved.text).toBe(202);
    // The chat's question loses its buttons by itself.
    await until('the buttons to go', async () =>
      telegram.messagesOf(bot.token).some((m) => m.message_id === question.message_id && !m.reply_markup),
    );
    const before = sentTo(chat).length;
    await press(chat, question.message_id, approve);
    expect(await until('the answer', async () => sentTo(chat)[before])).toBe('This question was already answered.');
    const run = await until('the run to complete', async () => {
      const read = await member.http.get(`/v1/threads/${started.body.thread.id}/runs/${started.body.run.id}`);
      return read.body.run.status === 'completed' && read.body;
    });
    expect(run.run.status).toBe('completed');
  });

  it('approves from the chat through the same rules as the HTTP route', async () => {
    const { chat } = await linkedChat();
    const workflow = await org.admin.http.post('/v1/workflows', {
      name: `Publish ${randomId()}`,
      definition: {
        steps: [
          {
            id: 'publish',
            name: 'Publish',
            depends_on: [],
            type: 'model',
            config: { prompt: 'Publish it' },
            requires_confirmation: true,
            confirmation_message: 'Publish now?',
          },
        ],
      },
    });
    const started = await member.http.post(`/v1/workflows/${workflow.body.id}/run`, { input: {} });
    const question = await withButtons(chat);
    expect(question.text).toContain('Publish now?');
    // A button naming a question this chat was never asked does nothing but say so (Telegram's toast).
    await press(chat, question.message_id, `ap:${randomId()}`);
    const toast = await until('the refusal', async () =>
      telegram.calls.find((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === `q${updates}`),
    );
    expect(toast.params.text).toBe('That button no longer does anything here.');
    await press(chat, question.message_id, buttonsOf(question)[0]!.callback_data);
    await until('the run to complete', async () => {
      const read = await member.http.get(`/v1/threads/${started.body.thread.id}/runs/${started.body.run.id}`);
      return read.body.run.status === 'completed';
    });
    await until('the confirmation', async () => sentTo(chat).includes('Approved. Carrying on.'));
  });
});

describe('questions answered by reply, and who is asked', () => {
  /** A workflow the member starts over HTTP that pauses for approval at once. */
  async function approvalOf(who: OrgUser, message: string) {
    const workflow = await org.admin.http.post('/v1/workflows', {
      name: `Confirm ${randomId()}`,
      definition: {
        steps: [
          {
            id: 'go',
            name: 'Go',
            depends_on: [],
            type: 'model',
            config: { prompt: 'Do it' },
            requires_confirmation: true,
            confirmation_message: message,
          },
        ],
      },
    });
    expect(workflow.status, workflow.text).toBe(201);
    const started = await who.http.post(`/v1/workflows/${workflow.body.id}/run`, { input: {} });
    expect(started.status, started.text).toBe(201);
    return started.body as { thread: { id: string }; run: { id: string } };
  }
  const reply = (chat: number, to: number, text: string) =>
    telegram.deliver(
      bot.token,
      messageUpdate({ updateId: ++updates, messageId: 6000 + updates, chatId: chat, text, replyToMessageId: to }),
    );

  it('rejects an approval replied to, with the reply as its reason; a reply that only says yes points at Approve', async () => {
    const chat = 970_000 + ++chats;
    await exchange(chat, `/start ${(await linkCode(member)).code}`);
    const started = await approvalOf(member, 'Email the whole company?');
    const question = await withButtons(chat);
    expect(question.text).toBe(
      'Approval needed (in "' +
        (await member.http.get(`/v1/threads/${started.thread.id}`)).body.title +
        '"):\nEmail the whole company?\n\nApprove or reject below, or reply to this message to reject it and say why.',
    );
    let before = sentTo(chat).length;
    await reply(chat, question.message_id, 'OK!');
    expect(await until('the hint', async () => sentTo(chat)[before])).toBe(
      'To approve, press Approve under the question. A reply to it rejects it, with your reply as the reason.',
    );
    const read = () => member.http.get(`/v1/threads/${started.thread.id}/runs/${started.run.id}`);
    expect((await read()).body.run.status).toBe('awaiting');

    before = sentTo(chat).length;
    await reply(chat, question.message_id, 'Only the sales team, please.');
    expect(await until('the confirmation', async () => sentTo(chat)[before])).toBe(
      'Rejected, with your reason. I will go on without it.',
    );
    await until('the run to go on', async () => (await read()).body.run.status !== 'awaiting');
    const actId = buttonsOf(question)[0]!.callback_data.slice(3);
    const { rows } = (await app.server.database.db.execute(
      sql`select answer from acts where id = ${actId}`,
    )) as unknown as { rows: { answer: unknown }[] };
    expect(rows[0]!.answer).toEqual({ declined: true, reason: 'Only the sales team, please.' });
    await until('the buttons to go', async () =>
      telegram.messagesOf(bot.token).some((m) => m.message_id === question.message_id && !m.reply_markup),
    );
  });

  it("asks every active member who sees a project thread's run; answered by one, the other's buttons go", async () => {
    const [owner, teammate, suspended] = await Promise.all(
      [0, 1, 2].map(() => addUser(app, org.admin.http, { role: 'member' })),
    );
    const project = (await owner!.http.post('/v1/projects', { name: `Launch ${randomId()}` })).body;
    for (const who of [teammate!, suspended!]) {
      const added = await owner!.http.post(`/v1/projects/${project.id}/members`, { user_id: who.user.id });
      expect(added.status, added.text).toBe(201);
    }
    const chatOf = new Map<OrgUser, number>();
    for (const who of [owner!, teammate!, suspended!, org.admin]) {
      const chat = 975_000 + ++chats;
      await exchange(chat, `/start ${(await linkCode(who)).code}`);
      chatOf.set(who, chat);
    }
    const paused = await org.admin.http.post(`/v1/users/${suspended!.user.id}/suspend`);
    expect(paused.status, paused.text).toBe(200);

    const thread = (await owner!.http.post('/v1/threads', { project_id: project.id, title: 'Launch plan' })).body;
    const posted = await owner!.http.post(`/v1/threads/${thread.id}/messages`, {
      content: '/tool ask_user {"prompt":"Which day?","options":["Monday","Friday"]}',
    });
    expect(posted.status, posted.text).toBe(201);
    const asked = await withButtons(chatOf.get(owner!)!);
    const toTeammate = await withButtons(chatOf.get(teammate!)!);
    expect(toTeammate.text).toBe(asked.text);
    expect(asked.text).toContain('(in "Launch plan")');
    await press(chatOf.get(teammate!)!, toTeammate.message_id, buttonsOf(toTeammate)[1]!.callback_data);
    await until('the owner’s buttons to go', async () =>
      telegram.messagesOf(bot.token).some((m) => m.message_id === asked.message_id && !m.reply_markup),
    );
    await until('the run to complete', async () => {
      const read = await owner!.http.get(`/v1/threads/${thread.id}/runs/${posted.body.run.id}`);
      return read.body.run.status === 'completed';
    });
    // Neither the suspended member nor the admin outside the project was asked.
    for (const who of [suspended!, org.admin]) {
      expect(telegram.messagesOf(bot.token).some((m) => m.chat_id === chatOf.get(who) && m.reply_markup)).toBe(false);
    }
  });
});

describe('a spend-limit pause', () => {
  it("is asked in the org admins' chats without the member's thread title; an admin's press lets the run go on", async () => {
    const operator = app.http.as(app.consoleKey);
    const orgId = org.org.id;
    // The offline model priced, a wallet that enforces, and a one-cent limit on a member: their run's first round
    // uses it up, so the run pauses before its second.
    const priced = await operator.patch(`/v1/admin/ai-model-versions/${OFFLINE_VERSION_ID}`, {
      inputCostPer1m: 4_000_000,
      outputCostPer1m: 4_000_000,
    });
    expect(priced.status, priced.text).toBe(200);
    await org.admin.http.put('/v1/organization/model-selections', {
      selections: [{ key: 'text', model_version_id: OFFLINE_VERSION_ID }],
    });
    expect(
      (await operator.post(`/v1/admin/organizations/${orgId}/wallet`, { enforcement_enabled: true })).status,
    ).toBeLessThan(300);
    expect(
      (await operator.post(`/v1/admin/organizations/${orgId}/wallet/credits`, { amount_minor: 1_000_000 })).status,
    ).toBe(201);
    const spender = await addUser(app, org.admin.http, { role: 'member' });
    const limit = await operator.post(`/v1/admin/organizations/${orgId}/spend-limits`, {
      scope: 'user',
      scope_id: spender.user.id,
      amount_minor: 1,
    });
    expect(limit.status, limit.text).toBe(201);
    const adminChat = 960_000 + ++chats;
    await exchange(adminChat, `/start ${(await linkCode(org.admin)).code}`);

    const thread = (await spender.http.post('/v1/threads', { title: 'Secret plans' })).body;
    const started = await spender.http.post(`/v1/threads/${thread.id}/messages`, {
      content: '/tool create_file {"filename":"note.txt","content":"hello"}',
    });
    expect(started.status, started.text).toBe(201);
    const question = await withButtons(adminChat);
    expect(question.text).toContain('has reached');
    expect(question.text).not.toContain('Secret plans');
    await press(adminChat, question.message_id, buttonsOf(question)[0]!.callback_data);
    await until('the run to complete', async () => {
      const read = await spender.http.get(`/v1/threads/${thread.id}/runs/${started.body.run.id}`);
      return read.body.run.status === 'completed';
    });
    expect(await until('the confirmation', async () => sentTo(adminChat).find((t) => t.startsWith('Approved')))).toBe(
      'Approved. Carrying on.',
    );
  });
});

describe('splitting a long answer for Telegram', () => {
  it('cuts at paragraphs within 4096 characters, and inside a word only when it must', () => {
    const paragraph = `${'Otters float. '.repeat(100).trim()}`;
    const text = Array.from({ length: 6 }, () => paragraph).join('\n\n');
    const parts = splitForTelegram(text);
    expect(parts.every((p) => p.length <= 4096)).toBe(true);
    expect(parts.join('\n\n')).toBe(text);
    expect(splitForTelegram('short')).toEqual(['short']);
    const word = 'x'.repeat(5000);
    expect(splitForTelegram(word)).toEqual(['x'.repeat(4096), 'x'.repeat(904)]);
  });
});

describe('route security', () => {
  it('owes 401 and session-only refusals; links stay within the member and organization', async () => {
    const memberKey = (await org.admin.http.post('/v1/service-accounts', { name: `Bot ${randomId()}` })).body;
    const key = (await org.admin.http.post(`/v1/service-accounts/${memberKey.id}/api-keys`, { name: 'k' })).body.key;
    const apiKey = [{ credential: key, code: 'unauthorized', status: 401 as const }];
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/channels/telegram/link-codes',
      path: '/v1/channels/telegram/link-codes',
      forbidden: apiKey,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/channels/telegram/links',
      path: '/v1/channels/telegram/links',
      forbidden: apiKey,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'DELETE /v1/channels/telegram/links/:linkId',
      path: `/v1/channels/telegram/links/${randomId()}`,
      forbidden: apiKey,
      crossOrg: { credential: other.admin.token, missingPath: `/v1/channels/telegram/links/${randomId()}` },
    });
  });
});
