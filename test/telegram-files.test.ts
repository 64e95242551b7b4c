import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uploadIdOf } from '../src/modules/integrations/telegram/files.ts';
import { createTelegramClient, TelegramError } from '../src/modules/integrations/vendors/telegram.ts';
import { type FakeChatVendor, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import {
  type FakePhotoSize,
  type FakeTelegram,
  fileMessageUpdate,
  messageUpdate,
  startFakeTelegram,
} from './fixtures/fake-telegram.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { UUID } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg } from './helpers/fixtures.ts';
import { sampleFiles } from './helpers/sample-files.ts';
import { until } from './helpers/until.ts';
import { catalogModel } from './model-gateway.fixtures.ts';

/** Photos and documents sent to a linked chat reach the member's run as attached thread files. */
let app: TestApp;
let telegram: FakeTelegram;
let vendor: FakeChatVendor;
let org: TestOrg;
let member: OrgUser;
let bot: { token: string; integrationId: string };
let updates = 0;
let chats = 0;

const MB = 1024 * 1024;
const TOO_LARGE = 'That file is too large for me: send files of up to 20 MB, or share it in Atrium.';
const VENDOR_REPLY = 'Hello from the fake vendor.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Bytes that begin as a JPEG does; `label` tells them apart. */
const jpeg = (label: string) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from(`JFIF\0${label}`),
    Buffer.from([0xff, 0xd9]),
  ]);

const sentTo = (chatId: number) => telegram.messagesOf(bot.token).filter((m) => m.chat_id === chatId);

/** Delivers an update as Telegram does and waits for the bot's next message to that chat; returns its text. */
async function deliverAndAwait(chatId: number, update: Record<string, unknown>): Promise<string> {
  const before = sentTo(chatId).length;
  expect((await telegram.deliver(bot.token, update)).status).toBe(200);
  const next = await until('the bot to answer', async () => sentTo(chatId)[before]);
  return next.text ?? '';
}

const fileUpdate = (
  chatId: number,
  fields: Omit<Parameters<typeof fileMessageUpdate>[0], 'updateId' | 'messageId' | 'chatId'>,
) => {
  const updateId = ++updates;
  return fileMessageUpdate({ updateId, messageId: updateId, chatId, ...fields });
};

/** A new chat linked to the member, and its thread. */
async function linkedChat(): Promise<{ chat: number; threadId: string }> {
  const chat = 960_000 + ++chats;
  const code = await member.http.post('/v1/channels/telegram/link-codes', {});
  expect(code.status, code.text).toBe(201);
  const updateId = ++updates;
  await deliverAndAwait(
    chat,
    messageUpdate({ updateId, messageId: updateId, chatId: chat, text: `/start ${code.body.code}` }),
  );
  const links = await member.http.get('/v1/channels/telegram/links');
  const link = links.body.data.find((l: { chat_id: number }) => l.chat_id === chat);
  return { chat, threadId: link.thread_id };
}

const transcriptOf = async (threadId: string) => (await member.http.get(`/v1/threads/${threadId}/messages`)).body.data;
const runsOf = async (threadId: string) => (await member.http.get(`/v1/threads/${threadId}/runs`)).body.data;
/** Where the local storage keeps the blob of a thread's file. */
function blobPath(threadId: string, fileId: string) {
  const storage = app.config.storage;
  if (storage.backend !== 'local') throw new Error('these tests read the local storage');
  return join(storage.dir, 'data', 'organizations', org.org.id, 'threads', threadId, 'artifacts', fileId);
}
const filesOf = async (threadId: string) => (await member.http.get(`/v1/threads/${threadId}/artifacts`)).body.data;

/** The user message of the newest chat completion the vendor received after `from` requests. */
function userMessageSent(from: number) {
  const sent = vendor.requests.slice(from).filter((r) => r.path.endsWith('/chat/completions'));
  expect(sent.length).toBeGreaterThan(0);
  return sent.at(-1)!.body.messages.findLast((m: { role: string }) => m.role === 'user');
}

beforeAll(async () => {
  telegram = await startFakeTelegram();
  vendor = await startFakeOpenAIChat();
  app = await startTestApp({ ATRIUM_TELEGRAM_API_URL: telegram.url });
  org = await createOrgWithAdmin(app);
  member = await addUser(app, org.admin.http, { role: 'member' });
  // A model that reads images, so a photo reaches it as an image part.
  const model = await catalogModel(app, {
    baseUrl: vendor.baseUrl,
    apiKey: 'sk-fake',
    version: { inputModalities: ['text', 'image'] },
  });
  const selected = await org.admin.http.put('/v1/organization/model-selections', {
    selections: [{ key: 'text', model_version_id: model.version.id }],
  });
  expect(selected.status, selected.text).toBe(200);
  const id = 7_400_000_000 + Number.parseInt(randomBytes(2).toString('hex'), 16);
  const token = `${id}:AA${randomBytes(24).toString('base64url').slice(0, 33)}`;
  telegram.addBot(token, { id, username: 'atrium_files_bot', first_name: 'Atrium' });
  const created = await org.admin.http.post('/v1/organization/integrations', {
    type: 'telegram',
    display_name: 'Files',
    config: {},
    secrets: { botToken: token },
  });
  expect(created.status, created.text).toBe(201);
  bot = { token, integrationId: created.body.integration.id };
});
afterEach(() => vendor?.reset());
afterAll(async () => {
  await app?.close();
  await vendor?.close();
  await telegram?.close();
});

describe('a photo', () => {
  it('with a caption starts a run whose model sees the largest size that fits, kept as a file of the thread', async () => {
    const { chat, threadId } = await linkedChat();
    const thumb = jpeg('thumbnail');
    const full = jpeg('the full picture');
    const small = telegram.addFile(bot.token, thumb, 'photos/file_1.jpg');
    const large = telegram.addFile(bot.token, full, 'photos/file_2.jpg');
    const photo: FakePhotoSize[] = [
      { ...small, width: 90, height: 68 },
      { ...large, width: 1280, height: 960 },
      // Past the 20 MB a bot may download: passed over.
      { file_id: 'AgACAgIAAxkBAAIhuge', file_unique_id: 'AQADhuge', width: 5120, height: 3840, file_size: 30 * MB },
    ];
    const before = vendor.requests.length;
    const update = fileUpdate(chat, { photo, caption: 'What bird is this?' });
    expect(await deliverAndAwait(chat, update)).toBe(VENDOR_REPLY);

    const filename = `photo-${update.update_id}.jpg`;
    expect(userMessageSent(before).content).toEqual([
      { type: 'text', text: `What bird is this?\n\n[Attached image ${filename} (image/jpeg): it follows as an image]` },
      { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${full.toString('base64')}` } },
    ]);
    expect(telegram.calls.filter((c) => c.method === 'getFile').map((c) => c.params.file_id)).toContain(large.file_id);
    expect(telegram.calls.filter((c) => c.method === 'getFile').map((c) => c.params.file_id)).not.toContain(
      'AgACAgIAAxkBAAIhuge',
    );

    const [file] = await filesOf(threadId);
    expect(file).toMatchObject({
      id: uploadIdOf(bot.integrationId, update.update_id as number),
      thread_id: threadId,
      run_id: null,
      created_by_tool: null,
      type: 'image',
      filename,
      mime_type: 'image/jpeg',
      size_bytes: full.length,
      status: 'ready',
      content: null,
      generator: 'telegram',
    });
    const [message] = await transcriptOf(threadId);
    expect(message).toMatchObject({
      role: 'user',
      content: 'What bird is this?',
      created_by_id: member.user.id,
      metadata: { telegram_message_id: update.update_id },
      attachments: [{ type: 'artifact', id: file.id, filename, mime_type: 'image/jpeg' }],
    });
    expect(existsSync(blobPath(threadId, file.id))).toBe(true);
    // The member can fetch it like any thread file.
    const download = await member.http.get(`/v1/artifacts/${file.id}/download`);
    expect(download.status, download.text).toBe(200);
    expect(Buffer.from(await (await fetch(download.body.download_url)).arrayBuffer()).equals(full)).toBe(true);
    // What the member sent is not sent back to them as the run's output.
    expect(sentTo(chat).filter((m) => m.document)).toEqual([]);
    const [run] = await runsOf(threadId);
    expect((await member.http.get(`/v1/threads/${threadId}/runs/${run.id}`)).body.artifacts).toEqual([]);
  });

  it('without a caption is posted with a short request the model can act on', async () => {
    const { chat, threadId } = await linkedChat();
    const picture = jpeg('no caption');
    const only = telegram.addFile(bot.token, picture, 'photos/file_3.jpg');
    const before = vendor.requests.length;
    const update = fileUpdate(chat, { photo: [{ ...only, width: 800, height: 600 }] });
    expect(await deliverAndAwait(chat, update)).toBe(VENDOR_REPLY);
    const [message] = await transcriptOf(threadId);
    expect(message.content).toBe('Please look at the attached photo.');
    expect(userMessageSent(before).content[0].text).toBe(
      `Please look at the attached photo.\n\n[Attached image photo-${update.update_id}.jpg (image/jpeg): it follows as an image]`,
    );
  });
});

describe('a document', () => {
  it("a PDF's and a Word file's text reach the model; the file is kept with its name and type", async () => {
    const phrase = 'sea otters keep a favourite stone';
    const samples = await sampleFiles(phrase);
    for (const name of ['report.pdf', 'memo.docx', 'notes.txt']) {
      const sample = samples.find((s) => s.filename === name)!;
      const { chat, threadId } = await linkedChat();
      const stored = telegram.addFile(bot.token, sample.data, `documents/file_${name}`);
      const before = vendor.requests.length;
      const caption = name === 'notes.txt' ? 'Summarise this' : undefined;
      const update = fileUpdate(chat, {
        document: { file: stored, name, type: sample.mimeType },
        ...(caption ? { caption } : {}),
      });
      expect(await deliverAndAwait(chat, update)).toBe(VENDOR_REPLY);

      const said = userMessageSent(before).content as string | { type: string; text: string }[];
      const text = typeof said === 'string' ? said : said.map((p) => p.text).join('\n');
      expect(
        text.startsWith(
          `${caption ?? 'Please look at the attached file.'}\n\n[Attached file ${name} (${sample.mimeType}), `,
        ),
      ).toBe(true);
      expect(text).toContain(phrase);
      const [file] = await filesOf(threadId);
      expect(file).toMatchObject({
        filename: name,
        mime_type: sample.mimeType,
        size_bytes: sample.data.length,
        run_id: null,
      });
      expect(file.content).toContain(phrase);
      expect((await transcriptOf(threadId))[0].attachments).toEqual([
        { type: 'artifact', id: file.id, filename: name, mime_type: sample.mimeType },
      ]);
    }
  });
});

describe('files that are refused, with a short reply and no run', () => {
  async function expectNothingStarted(threadId: string) {
    expect(await transcriptOf(threadId)).toEqual([]);
    expect(await runsOf(threadId)).toEqual([]);
    expect(await filesOf(threadId)).toEqual([]);
  }

  it('a file over 20 MB: said so by its size, or by getFile; a photo with no size that fits', async () => {
    const { chat, threadId } = await linkedChat();
    const calls = telegram.calls.length;
    // Its declared size is enough: nothing is fetched.
    const declared = fileUpdate(chat, {
      document: {
        file: { file_id: 'BQACAgIAAxkBAAIbig', file_unique_id: 'AgADbig', file_size: 21 * MB },
        name: 'big.pdf',
      },
    });
    expect(await deliverAndAwait(chat, declared)).toBe(TOO_LARGE);
    expect(telegram.calls.slice(calls).filter((c) => c.method === 'getFile')).toEqual([]);

    // No size in the update: getFile refuses it as Telegram does, and nothing is downloaded.
    const big = telegram.addFile(bot.token, Buffer.alloc(20 * MB + 1, 0x20), 'documents/file_big.txt');
    const unsized = fileUpdate(chat, {
      document: {
        file: { file_id: big.file_id, file_unique_id: big.file_unique_id },
        name: 'big.txt',
        type: 'text/plain',
      },
    });
    expect(await deliverAndAwait(chat, unsized)).toBe(TOO_LARGE);
    expect(telegram.calls.slice(calls).filter((c) => c.method === 'getFile')).toHaveLength(1);
    expect(telegram.calls.slice(calls).filter((c) => c.method === 'file')).toEqual([]);

    const photo = fileUpdate(chat, {
      photo: [
        { file_id: 'AgACAgIAAxkBAAIhuge2', file_unique_id: 'AQADhuge2', width: 9000, height: 9000, file_size: 25 * MB },
      ],
      caption: 'Huge',
    });
    expect(await deliverAndAwait(chat, photo)).toBe(TOO_LARGE);
    await expectNothingStarted(threadId);
  });

  it('a type that is neither an image the model reads nor a file the extractors read', async () => {
    const { chat, threadId } = await linkedChat();
    const zip = telegram.addFile(bot.token, Buffer.from('PK\x03\x04 an archive'), 'documents/file_archive.zip');
    const refusal = (name: string) =>
      `I cannot read ${name}. Send a photo, or a text, Markdown, CSV, JSON, HTML, PDF, Word (.docx) or Excel (.xlsx) file.`;
    expect(
      await deliverAndAwait(
        chat,
        fileUpdate(chat, {
          document: { file: zip, name: 'archive.zip', type: 'application/zip' },
          caption: 'Unpack it',
        }),
      ),
    ).toBe(refusal('archive.zip'));
    // An "image" whose bytes are not one: its declared type is not taken on trust.
    const fake = telegram.addFile(bot.token, Buffer.from('not a picture at all'), 'documents/file_fake.png');
    expect(
      await deliverAndAwait(chat, fileUpdate(chat, { document: { file: fake, name: 'fake.png', type: 'image/png' } })),
    ).toBe(refusal('fake.png'));
    await expectNothingStarted(threadId);
  });

  it('a caption the organization’s DLP rules block, before anything is fetched', async () => {
    const { chat, threadId } = await linkedChat();
    const rule = await org.admin.http.post('/v1/organization/dlp-rules', {
      name: 'No project codes',
      pattern: 'PROJECT-\\d{4}',
      action: 'deny',
    });
    expect(rule.status, rule.text).toBe(201);
    try {
      const stored = telegram.addFile(bot.token, Buffer.from('plain notes'), 'documents/file_dlp.txt');
      const calls = telegram.calls.length;
      expect(
        await deliverAndAwait(
          chat,
          fileUpdate(chat, {
            document: { file: stored, name: 'dlp.txt', type: 'text/plain' },
            caption: 'See PROJECT-1234',
          }),
        ),
      ).toBe("Your organization's data protection rules blocked that message, so it was not sent.");
      expect(telegram.calls.slice(calls).filter((c) => c.method === 'getFile')).toEqual([]);
      await expectNothingStarted(threadId);
    } finally {
      await org.admin.http.delete(`/v1/organization/dlp-rules/${rule.body.id}`);
    }
  });
});

describe('once per update', () => {
  it('an update delivered twice stores one file and starts one run', async () => {
    const { chat, threadId } = await linkedChat();
    const stored = telegram.addFile(bot.token, Buffer.from('Twice delivered, once read.'), 'documents/file_twice.txt');
    const update = fileUpdate(chat, { document: { file: stored, name: 'twice.txt', type: 'text/plain' } });
    expect((await telegram.deliver(bot.token, update)).status).toBe(200);
    expect((await telegram.deliver(bot.token, update)).status).toBe(200);
    await until('the answer', async () => sentTo(chat).length === 2);
    await sleep(500);
    expect(sentTo(chat).map((m) => m.text)).toEqual([expect.stringMatching(/now linked/), VENDOR_REPLY]);
    expect(await filesOf(threadId)).toHaveLength(1);
    expect(await runsOf(threadId)).toHaveLength(1);
    expect((await transcriptOf(threadId)).filter((m: { role: string }) => m.role === 'user')).toHaveLength(1);
  });

  it('a file sent while the thread is busy is refused and not stored; the update is not acted on again', async () => {
    const { chat, threadId } = await linkedChat();
    vendor.script({ text: ['Slow answer.'], delayMs: 1500 });
    const slowId = ++updates;
    expect(
      (
        await telegram.deliver(
          bot.token,
          messageUpdate({ updateId: slowId, messageId: slowId, chatId: chat, text: 'Take your time' }),
        )
      ).status,
    ).toBe(200);
    await until('the run to start', async () => (await runsOf(threadId)).length === 1);
    const stored = telegram.addFile(bot.token, Buffer.from('While busy.'), 'documents/file_busy.txt');
    const update = fileUpdate(chat, { document: { file: stored, name: 'busy.txt', type: 'text/plain' } });
    const busy = await deliverAndAwait(chat, update);
    expect(busy).toMatch(/^I am still on your previous message/);
    await until('the slow answer', async () => sentTo(chat).some((m) => m.text === 'Slow answer.'));
    expect(await filesOf(threadId)).toEqual([]);
    // The launch is refused before the file is written: no blob is left behind either.
    expect(existsSync(blobPath(threadId, uploadIdOf(bot.integrationId, update.update_id as number)))).toBe(false);
    expect(await runsOf(threadId)).toHaveLength(1);
  });
});

describe('the bot token', () => {
  it('appears in no response, chat message or job error, even when Telegram quotes it back', async () => {
    const { chat, threadId } = await linkedChat();
    const stored = telegram.addFile(bot.token, Buffer.from('Retry me.'), 'documents/file_retry.txt');
    // Telegram failing once, its description quoting the token: the update is retried and then goes through.
    telegram.failNext('getFile', { status: 500, description: `Internal Server Error: bot${bot.token} is overloaded` });
    const update = fileUpdate(chat, { document: { file: stored, name: 'retry.txt', type: 'text/plain' } });
    expect(await deliverAndAwait(chat, update)).toBe(VENDOR_REPLY);

    const { rows } = (await app.server.database.db.execute(
      sql`select last_error from jobs where kind = 'telegram.update' and last_error is not null`,
    )) as unknown as { rows: { last_error: string }[] };
    expect(rows.map((r) => r.last_error)).toContainEqual(expect.stringContaining('Telegram getFile failed'));
    const [file] = await filesOf(threadId);
    const seen = [
      ...rows.map((r) => r.last_error),
      ...telegram.messagesOf(bot.token).map((m) => m.text ?? ''),
      JSON.stringify(await transcriptOf(threadId)),
      JSON.stringify(await filesOf(threadId)),
      JSON.stringify((await member.http.get(`/v1/artifacts/${file.id}/download`)).body),
      JSON.stringify((await org.admin.http.get(`/v1/organization/integrations/${bot.integrationId}`)).body),
    ];
    const secret = bot.token.split(':')[1]!;
    for (const text of seen) expect(text).not.toContain(secret);
  });

  it('is in no error of the client: a failed download, one past the limit, a bad path', async () => {
    const token = `123456:${'A'.repeat(35)}`;
    const failing = createTelegramClient({
      apiUrl: telegram.url,
      fetch: async (url) => {
        throw new TypeError(`fetch failed for ${String(url)}`);
      },
    });
    const unreachable = await failing.downloadFile(token, 'documents/file_1.pdf', MB).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(TelegramError);
    expect(unreachable).toMatchObject({
      kind: 'unreachable',
      message: 'Telegram could not be reached for the file download (connection failed)',
    });

    // A body past the limit with no declared length is cut at the limit, not read to its end.
    let pulled = 0;
    const endless = createTelegramClient({
      apiUrl: telegram.url,
      fetch: async () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              pulled += 1;
              controller.enqueue(new Uint8Array(64 * 1024));
            },
          }),
        ),
    });
    const tooLarge = await endless.downloadFile(token, 'documents/file_2.pdf', MB).catch((e: unknown) => e);
    expect(tooLarge).toMatchObject({ kind: 'too_large', message: `The file is larger than ${MB} bytes` });
    expect(pulled).toBeLessThan(40);

    const real = createTelegramClient({ apiUrl: telegram.url });
    for (const path of ['../bot1/getMe', 'documents/../../x', 'a//b', '']) {
      expect(await real.downloadFile(token, path, MB).catch((e: unknown) => e)).toMatchObject({
        kind: 'invalid_response',
        message: 'The file path to download is not one getFile answers',
      });
    }
    // A path no longer valid is Telegram's 404, told as a file gone, not as the token refused.
    const gone = await real.downloadFile(bot.token, 'documents/file_expired.pdf', MB).catch((e: unknown) => e);
    expect(gone).toMatchObject({
      kind: 'refused',
      message: 'Telegram file download was refused: the file is no longer available',
    });
    for (const error of [unreachable, tooLarge, gone] as Error[]) {
      expect(error.message).not.toContain(token.split(':')[1]);
      expect(error.message).not.toContain(bot.token.split(':')[1]);
    }
  });
});

it('file ids are UUIDs, one per update of one bot', () => {
  expect(uploadIdOf(bot.integrationId, 1)).toMatch(UUID);
  expect(uploadIdOf(bot.integrationId, 1)).toBe(uploadIdOf(bot.integrationId, 1));
  expect(uploadIdOf(bot.integrationId, 2)).not.toBe(uploadIdOf(bot.integrationId, 1));
});
