import { createHash } from 'node:crypto';
import type { Executor } from '../../../platform/db/client.ts';
import { extractText, UnreadableFile, UnsupportedFileType } from '../../../platform/extract/index.ts';
import { imageTypeOf, type SniffedImageType } from '../../../platform/image-type.ts';
import { type ArtifactsService, MAX_ARTIFACT_BYTES } from '../../artifacts/service.ts';
import { type TelegramClient, TelegramError } from '../vendors/telegram.ts';
import { say } from './messages.ts';

/** What a bot may download through the Bot API (getFile refuses larger files). */
const BOT_DOWNLOAD_LIMIT_BYTES = 20 * 1024 * 1024;
/** The largest file taken from a chat: what a bot can download, and what one thread file (artifact) may hold. */
export const MAX_CHAT_FILE_BYTES = Math.min(BOT_DOWNLOAD_LIMIT_BYTES, MAX_ARTIFACT_BYTES);

/** One size of a photo, as Telegram sends it (several per photo, a thumbnail to the full picture). */
interface PhotoSize {
  file_id: string;
  width: number;
  height: number;
  file_size?: number;
}

/** A file sent as a document: its name and type are the sender's. */
interface DocumentFile {
  file_id: string;
  file_name?: string;
  mime_type?: string;
  file_size?: number;
}

/** The fields of a message that carry a file. */
export interface FileMessage {
  message_id: number;
  photo?: PhotoSize[];
  document?: DocumentFile;
}

/** A file downloaded from a chat and found readable, ready to store in the member's thread. */
export interface ChatFile {
  /** Derived from the update, so a retried update stores the one file (see `uploadIdOf`). */
  id: string;
  filename: string;
  mimeType: string;
  bytes: Buffer;
  /** The text a run's model reads; null for an image, which the model sees as an image. */
  content: string | null;
}

export const carriesFile = (message: FileMessage) => (message.photo?.length ?? 0) > 0 || !!message.document;

/** What the member's message says when its file came without a caption: enough for the model to act on. */
export const fileOnlyText = (message: FileMessage) =>
  message.photo?.length ? 'Please look at the attached photo.' : 'Please look at the attached file.';

/** The images a run's model reads, told by their first bytes (a sender's declared type is not trusted). */
const IMAGE_EXTENSIONS: Partial<Record<SniffedImageType, string>> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
};

/**
 * The artifact id of the file an update carries: a UUID (version 8, name-based) of the bot and the update, so a
 * retried job finds the row its first attempt committed, or rewrites the same blob key when it crashed before.
 */
export function uploadIdOf(integrationId: string, updateId: number): string {
  const hash = createHash('sha256').update(`telegram-file:${integrationId}:${updateId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A sender's file name as a plain name (no path, no control characters), or null when nothing is left. */
function plainName(name: string | undefined): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this takes out.
  const plain = (name ?? '').replace(/[\\/\u0000-\u001f\u007f]/g, '_').trim();
  return plain === '' ? null : plain.slice(-255);
}

/**
 * The file to fetch: a document, or of a photo's sizes the largest whose size fits (Telegram may leave a size
 * out; the download is bounded anyway). Null when every size is known to be too large.
 */
function chosenFile(message: FileMessage): { fileId: string; sizeBytes: number | null } | null {
  if (message.document) return { fileId: message.document.file_id, sizeBytes: message.document.file_size ?? null };
  const fitting = (message.photo ?? [])
    .filter((size) => (size.file_size ?? 0) <= MAX_CHAT_FILE_BYTES)
    .sort((a, b) => b.width * b.height - a.width * a.height);
  const best = fitting[0];
  return best ? { fileId: best.file_id, sizeBytes: best.file_size ?? null } : null;
}

type Received = { file: ChatFile } | { refusal: string };

/**
 * Photos and documents sent in a linked chat: fetched through the Bot API within the size limit, taken when they
 * are an image the model reads (PNG, JPEG, GIF, WebP) or a file whose text the extractors read (as project files'
 * are), and stored in the member's thread as a file no run made, attached to their message.
 */
export function createFileIntake(deps: {
  telegram: TelegramClient;
  artifacts: Pick<ArtifactsService, 'createArtifact'>;
}) {
  const tooLarge = { refusal: say.tooLargeToRead(MAX_CHAT_FILE_BYTES) };

  /** The file's bytes, or what to tell the member; Telegram failing (for now) throws, so the update is retried. */
  async function download(token: string, fileId: string): Promise<Buffer | { refusal: string }> {
    try {
      const found = await deps.telegram.getFile(token, fileId);
      if ((found.fileSize ?? 0) > MAX_CHAT_FILE_BYTES) return tooLarge;
      return await deps.telegram.downloadFile(token, found.filePath, MAX_CHAT_FILE_BYTES);
    } catch (error) {
      if (!(error instanceof TelegramError)) throw error;
      if (error.kind === 'too_large') return tooLarge;
      if (error.kind === 'refused') return { refusal: say.fileUnavailable };
      throw error;
    }
  }

  /** An image by its bytes, else the text the extractors read of it; any other file is refused. */
  async function readable(message: FileMessage, bytes: Buffer, id: string): Promise<Received> {
    const imageType = imageTypeOf(bytes);
    const extension = imageType && IMAGE_EXTENSIONS[imageType];
    const named = plainName(message.document?.file_name);
    if (imageType && extension) {
      const filename = named ?? `${message.photo?.length ? 'photo' : 'image'}-${message.message_id}${extension}`;
      return { file: { id, filename, mimeType: imageType, bytes, content: null } };
    }
    const filename = named ?? `file-${message.message_id}`;
    const mimeType = message.document?.mime_type?.trim() || 'application/octet-stream';
    try {
      const { text } = await extractText({ filename, mimeType, data: bytes });
      return { file: { id, filename, mimeType, bytes, content: text } };
    } catch (error) {
      if (error instanceof UnsupportedFileType) return { refusal: say.fileType(filename) };
      if (error instanceof UnreadableFile) return { refusal: say.fileUnreadable(filename, error.reason) };
      throw error;
    }
  }

  return {
    /** The message's file, fetched and read, or why it is not taken. */
    async receive(token: string, id: string, message: FileMessage): Promise<Received> {
      const chosen = chosenFile(message);
      if (!chosen || (chosen.sizeBytes ?? 0) > MAX_CHAT_FILE_BYTES) return tooLarge;
      const bytes = await download(token, chosen.fileId);
      return Buffer.isBuffer(bytes) ? readable(message, bytes, id) : bytes;
    },

    /** The attachment of the member's message, as the runs module stores one. */
    attachmentOf: (file: ChatFile) => ({
      type: 'artifact' as const,
      id: file.id,
      filename: file.filename,
      mime_type: file.mimeType,
    }),

    /** Stores the file in the thread, in the transaction that posts its message (once: its id is the update's). */
    store: (tx: Executor, place: { organizationId: string; threadId: string }, file: ChatFile) =>
      deps.artifacts.createArtifact(tx, {
        ...place,
        actId: file.id,
        runId: null,
        createdByTool: null,
        filename: file.filename,
        mimeType: file.mimeType,
        bytes: file.bytes,
        title: file.filename,
        content: file.content,
        generator: 'telegram',
        generatorVersion: null,
      }),
  };
}
