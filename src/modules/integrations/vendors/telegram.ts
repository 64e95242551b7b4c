import { scrub, statusLine } from '../../../platform/models/errors.ts';
import { createVendorFetch, VendorRedirectError } from '../../../platform/models/vendor-fetch.ts';
import { fetchFailureReason } from './fetch-failure.ts';
import { ANSWER_LIMIT_BYTES, readLimited } from './read-limited.ts';

/** The Telegram Bot API (https://core.telegram.org/bots/api): the calls a bot integration makes. */

export interface TelegramBot {
  id: number;
  username: string;
  first_name: string;
}

/** Rows of buttons under a message; `callback_data` (1-64 bytes) comes back in the `callback_query` update. */
export type InlineKeyboard = { text: string; callback_data: string }[][];

export type TelegramErrorKind =
  | 'unauthorized'
  | 'refused'
  | 'unreachable'
  | 'rate_limited'
  | 'invalid_response'
  /** A file past what a bot may download (getFile's refusal), or past the caller's own limit. */
  | 'too_large';

/** A failed call. Its message is built here from safe parts only: it never holds the bot token, nor has a cause. */
export class TelegramError extends Error {
  constructor(
    readonly kind: TelegramErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'TelegramError';
  }
}

/** Telegram's token shape: the bot id, a colon, the secret. It goes into a URL path, so nothing else is sent. */
export function isTelegramToken(token: string): boolean {
  return /^\d{1,20}:[A-Za-z0-9_-]{30,100}$/.test(token);
}

export interface TelegramClientOptions {
  /** The Bot API root (ATRIUM_TELEGRAM_API_URL); calls go to `${apiUrl}/bot<token>/<method>`. */
  apiUrl: string;
  /** Defaults to the vendor fetch: redirects only within the API's origin, so the token never reaches another host. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** For a file download, which may be many megabytes, instead of timeoutMs. */
  downloadTimeoutMs?: number;
}

export interface SendMessage {
  chatId: number | string;
  text: string;
  replyMarkup?: InlineKeyboard;
  replyToMessageId?: number;
}

export interface SendDocument {
  chatId: number | string;
  filename: string;
  contentType: string;
  bytes: Buffer;
  caption?: string;
}

/** A file as getFile answers it: `filePath` is where its bytes are downloaded, valid for at least an hour. */
export interface TelegramFile {
  fileId: string;
  fileUniqueId: string;
  fileSize: number | null;
  filePath: string;
}

export interface TelegramClient {
  getMe(token: string): Promise<TelegramBot>;
  setWebhook(token: string, webhook: { url: string; secretToken: string; allowedUpdates: string[] }): Promise<void>;
  deleteWebhook(token: string): Promise<void>;
  sendMessage(token: string, message: SendMessage): Promise<{ messageId: number }>;
  sendDocument(token: string, document: SendDocument): Promise<{ messageId: number }>;
  getFile(token: string, fileId: string): Promise<TelegramFile>;
  /** The bytes of a file getFile answered; a file of more than `maxBytes` is a `too_large` error, read no further. */
  downloadFile(token: string, filePath: string, maxBytes: number): Promise<Buffer>;
  answerCallbackQuery(token: string, answer: { callbackQueryId: string; text?: string }): Promise<void>;
  editMessageReplyMarkup(
    token: string,
    edit: { chatId: number | string; messageId: number; replyMarkup: InlineKeyboard | null },
  ): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_DOWNLOAD_TIMEOUT_MS = 60_000;

/**
 * A getFile `file_path` (`photos/file_12.jpg`): it goes into the download URL's path, so only a few plain segments
 * of safe characters are taken, never `.` or `..`.
 */
const isFilePath = (path: string) =>
  path.length <= 500 && path.split('/').every((segment) => /^[\w.-]+$/.test(segment) && !/^\.\.?$/.test(segment));
/** Telegram's refusal of a file past the 20 MB a bot may download. */
const FILE_TOO_BIG = /file is too big/i;

/**
 * Telegram refuses to "edit" a keyboard into the one the message already has. Buttons already gone (an approval
 * answered in the chat, then again elsewhere) are the outcome asked for, so that refusal counts as done.
 */
const NOT_MODIFIED = /^Bad Request: message is not modified/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `result` of a call that answers `true`. */
const acknowledged = (result: unknown) => (result === true ? undefined : null);

/** `result` of a call that answers the Message it sent. */
const sentMessage = (result: unknown) =>
  isRecord(result) && typeof result.message_id === 'number' ? { messageId: result.message_id } : null;

const fileOf = (result: unknown): TelegramFile | null =>
  isRecord(result) &&
  typeof result.file_id === 'string' &&
  typeof result.file_unique_id === 'string' &&
  typeof result.file_path === 'string' &&
  isFilePath(result.file_path)
    ? {
        fileId: result.file_id,
        fileUniqueId: result.file_unique_id,
        fileSize: typeof result.file_size === 'number' ? result.file_size : null,
        filePath: result.file_path,
      }
    : null;

/** A body as a Bot API envelope, or undefined when it is not one. */
function envelopeOf(raw: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    return isRecord(parsed) && typeof parsed.ok === 'boolean' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const botOf = (result: unknown): TelegramBot | null =>
  isRecord(result) &&
  typeof result.id === 'number' &&
  typeof result.username === 'string' &&
  typeof result.first_name === 'string'
    ? { id: result.id, username: result.username, first_name: result.first_name }
    : null;

export function createTelegramClient(options: TelegramClientOptions): TelegramClient {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const vendorFetch = options.fetch ?? createVendorFetch({ allowPrivateAddresses: true });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const downloadTimeoutMs = options.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;

  /**
   * One request and its body, at most `limit` bytes (null past it). A failure to get an answer becomes a
   * TelegramError naming `what` and the reason, never the URL, which holds the token.
   */
  async function exchange(what: string, url: string, init: RequestInit, wait: number, limit: number) {
    try {
      const response = await vendorFetch(url, { ...init, signal: AbortSignal.timeout(wait) });
      return { response, raw: await readLimited(response, limit) };
    } catch (error) {
      if (error instanceof VendorRedirectError)
        throw new TelegramError('unreachable', `Telegram ${what}: ${error.message.replace('API key', 'bot token')}`);
      throw new TelegramError(
        'unreachable',
        `Telegram could not be reached for ${what} (${fetchFailureReason(error, wait)})`,
      );
    }
  }

  /**
   * POSTs one method and returns its `result` as `parse` reads it. Every failure becomes a TelegramError whose
   * text names the method and Telegram's own description (scrubbed of the token), never the URL.
   */
  async function call<T>(
    token: string,
    method: string,
    body: Record<string, unknown> | FormData,
    parse: (result: unknown) => T | null,
    alreadyDone?: RegExp,
  ): Promise<T> {
    assertToken(token);
    const { response, raw } = await exchange(
      method,
      `${apiUrl}/bot${token}/${method}`,
      {
        method: 'POST',
        // FormData sets its own multipart content type with the boundary.
        ...(body instanceof FormData
          ? { body }
          : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      },
      timeoutMs,
      ANSWER_LIMIT_BYTES,
    );
    if (raw === null) throw new TelegramError('invalid_response', `Telegram ${method} answered more than 1 MiB`);
    const envelope = envelopeOf(raw);
    if (!envelope) {
      // A proxy's error page while Telegram is down says nothing about the request.
      if (response.status >= 500)
        throw new TelegramError('unreachable', `Telegram ${method} failed: ${statusLine(response.status, null)}`);
      throw new TelegramError(
        'invalid_response',
        `Telegram ${method} answered ${statusLine(response.status, null)} without a Bot API envelope`,
      );
    }
    const done = !envelope.ok && typeof envelope.description === 'string' && alreadyDone?.test(envelope.description);
    if (!envelope.ok && !done) throw failure(method, token, response.status, envelope);
    const result = parse(done ? true : envelope.result);
    if (result === null)
      throw new TelegramError('invalid_response', `Telegram ${method} answered a result of an unexpected shape`);
    return result;
  }

  return {
    getMe: (token) => call(token, 'getMe', {}, botOf),

    setWebhook: (token, webhook) =>
      call(
        token,
        'setWebhook',
        {
          url: webhook.url,
          secret_token: webhook.secretToken,
          allowed_updates: webhook.allowedUpdates,
          // Updates that waited while the webhook was being (re)set are still wanted.
          drop_pending_updates: false,
        },
        acknowledged,
      ),

    deleteWebhook: (token) => call(token, 'deleteWebhook', { drop_pending_updates: false }, acknowledged),

    sendMessage: (token, message) =>
      call(
        token,
        'sendMessage',
        {
          chat_id: message.chatId,
          text: message.text,
          ...(message.replyMarkup ? { reply_markup: { inline_keyboard: message.replyMarkup } } : {}),
          // A reply whose original was deleted in the meantime is still sent, just not as a reply.
          ...(message.replyToMessageId !== undefined
            ? { reply_parameters: { message_id: message.replyToMessageId, allow_sending_without_reply: true } }
            : {}),
        },
        sentMessage,
      ),

    sendDocument: (token, document) => {
      const form = new FormData();
      form.append('chat_id', String(document.chatId));
      if (document.caption !== undefined) form.append('caption', document.caption);
      form.append(
        'document',
        new Blob([new Uint8Array(document.bytes)], { type: document.contentType }),
        document.filename,
      );
      return call(token, 'sendDocument', form, sentMessage);
    },

    getFile: (token, fileId) => call(token, 'getFile', { file_id: fileId }, fileOf),

    async downloadFile(token, filePath, maxBytes) {
      assertToken(token);
      if (!isFilePath(filePath))
        throw new TelegramError('invalid_response', 'The file path to download is not one getFile answers');
      const { response, raw } = await exchange(
        'the file download',
        `${apiUrl}/file/bot${token}/${filePath}`,
        { method: 'GET' },
        downloadTimeoutMs,
        maxBytes,
      );
      if (response.ok) {
        if (raw === null) throw new TelegramError('too_large', `The file is larger than ${maxBytes} bytes`);
        return raw;
      }
      // A path is valid for an hour: its 404 is a file gone, not the token refused as a method's 404 is.
      if (response.status === 404)
        throw new TelegramError('refused', 'Telegram file download was refused: the file is no longer available');
      // Otherwise a Bot API envelope (a revoked token, Telegram failing), or a proxy's page.
      const envelope = raw === null ? undefined : envelopeOf(raw);
      if (envelope) throw failure('file download', token, response.status, envelope);
      throw new TelegramError('unreachable', `Telegram file download failed: ${statusLine(response.status, null)}`);
    },

    answerCallbackQuery: (token, answer) =>
      call(
        token,
        'answerCallbackQuery',
        { callback_query_id: answer.callbackQueryId, ...(answer.text !== undefined ? { text: answer.text } : {}) },
        acknowledged,
      ),

    editMessageReplyMarkup: (token, edit) =>
      call(
        token,
        'editMessageReplyMarkup',
        {
          chat_id: edit.chatId,
          message_id: edit.messageId,
          // Without reply_markup Telegram removes the keyboard.
          ...(edit.replyMarkup ? { reply_markup: { inline_keyboard: edit.replyMarkup } } : {}),
        },
        // A message the bot sent answers the edited Message; `true` is for messages sent via inline mode.
        (result) => (result === true || isRecord(result) ? undefined : null),
        NOT_MODIFIED,
      ),
  };
}

function assertToken(token: string): void {
  if (!isTelegramToken(token)) throw new TelegramError('unauthorized', "The bot token is not in Telegram's format");
}

/** The error of an `ok: false` envelope, sorted by Telegram's error_code (the HTTP status when it has none). */
function failure(method: string, token: string, status: number, envelope: Record<string, unknown>): TelegramError {
  const code = typeof envelope.error_code === 'number' ? envelope.error_code : status;
  const description = typeof envelope.description === 'string' ? scrub(envelope.description, [token]) : '';
  const said = description || statusLine(code, null);
  // A revoked or mistyped token: Telegram answers 401 Unauthorized, or 404 Not Found for one it cannot parse.
  if (code === 401 || code === 404)
    return new TelegramError('unauthorized', `Telegram refused the bot token (${said})`);
  if (FILE_TOO_BIG.test(description)) return new TelegramError('too_large', `Telegram ${method}: ${said}`);
  if (code === 429) {
    const parameters = isRecord(envelope.parameters) ? envelope.parameters : {};
    const retryAfter = typeof parameters.retry_after === 'number' ? parameters.retry_after : undefined;
    return new TelegramError('rate_limited', `Telegram ${method}: ${said}`, retryAfter);
  }
  // Telegram failing (500, 502 from its front end) is an outage, not a refusal of this request.
  if (code >= 500) return new TelegramError('unreachable', `Telegram ${method} failed: ${said}`);
  return new TelegramError('refused', `Telegram ${method} was refused: ${said}`);
}
