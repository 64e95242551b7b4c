import type { AttachedContent } from '../../../platform/attached-content.ts';
import type { Executor } from '../../../platform/db/client.ts';
import type { AttachmentRef } from '../attachments.ts';
import type { MessageRow } from '../store.ts';

/** What attached files a model round reads, at most: tokens estimated as characters / 4, as the gateway does. */
export const ATTACHMENT_TOKEN_BUDGET = 16_000;
const CHARS_PER_TOKEN = 4;
/** Images a model round sees, at most, and the largest one sent (vendors refuse bigger ones). */
export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Attached project files and artifacts as the model reads them, by id, and the stored bytes of an image. */
export interface AttachmentSources {
  projectFiles(db: Executor, organizationId: string, ids: string[]): Promise<Map<string, AttachedContent>>;
  artifacts(db: Executor, organizationId: string, ids: string[]): Promise<Map<string, AttachedContent>>;
  read(storageKey: string): Promise<Buffer>;
}

interface StoredAttachment extends AttachmentRef {
  filename?: string;
  mime_type?: string;
}

export interface AttachedImage {
  id: string;
  mediaType: string;
  bytes: Buffer;
}

/** What the attachments of the transcript's user messages add for the model, by message id. */
export interface AttachedForModel {
  /** Text to append to the message (the files' text between markers, and notes). */
  text: Map<string, string>;
  /** Images to send with the message, as image parts. */
  images: Map<string, AttachedImage[]>;
}

const attachmentsOf = (message: MessageRow) =>
  message.role === 'user' ? (message.attachments as StoredAttachment[]) : [];
const nameOf = (a: StoredAttachment) => `${a.filename ?? a.id} (${a.mime_type ?? 'unknown type'})`;

/** Every attachment of the transcript's user messages, read in two queries. */
async function loadContents(
  sources: AttachmentSources,
  db: Executor,
  organizationId: string,
  transcript: MessageRow[],
) {
  const all = transcript.flatMap(attachmentsOf);
  if (all.length === 0) return new Map<string, AttachedContent>();
  const ids = (type: AttachmentRef['type']) => [...new Set(all.filter((a) => a.type === type).map((a) => a.id))];
  const [files, artifacts] = await Promise.all([
    sources.projectFiles(db, organizationId, ids('project_file')),
    sources.artifacts(db, organizationId, ids('artifact')),
  ]);
  return new Map([...files, ...artifacts]);
}

/**
 * The images the model sees: for a model that reads images, the newest messages' attached PNG, JPEG, GIF or WebP
 * files of at most 5 MB, four at most; their bytes are read from storage.
 */
async function loadImages(
  sources: AttachmentSources,
  transcript: MessageRow[],
  contents: Map<string, AttachedContent>,
  readsImages: boolean,
): Promise<Map<string, AttachedImage[]>> {
  const images = new Map<string, AttachedImage[]>();
  if (!readsImages) return images;
  let left = MAX_IMAGES;
  for (const message of [...transcript].reverse()) {
    for (const attachment of attachmentsOf(message)) {
      const content = contents.get(attachment.id);
      if (!content || left === 0 || !IMAGE_TYPES.has(content.mimeType) || content.sizeBytes > MAX_IMAGE_BYTES) continue;
      left -= 1;
      const image = { id: attachment.id, mediaType: content.mimeType, bytes: await sources.read(content.storageKey) };
      images.set(message.id, [...(images.get(message.id) ?? []), image]);
    }
  }
  return images;
}

/** What the model reads of the transcript's attachments: their text within the budget, and their images. */
export async function attachedForModel(
  sources: AttachmentSources,
  db: Executor,
  organizationId: string,
  transcript: MessageRow[],
  readsImages: boolean,
): Promise<AttachedForModel> {
  const contents = await loadContents(sources, db, organizationId, transcript);
  const images = await loadImages(sources, transcript, contents, readsImages);
  const shown = new Set([...images.values()].flat().map((image) => image.id));
  return { text: attachmentSections(transcript, contents, shown), images };
}

/**
 * What each user message's attachments add to it for the model, by message id: each file's text between markers,
 * the newest message's first, until the budget is spent; a file cut short, or left out, says so, so the model
 * never takes part of a file for the whole of it. An image sent as an image part (`shown`) is named as such.
 */
export function attachmentSections(
  transcript: MessageRow[],
  contents: Map<string, Pick<AttachedContent, 'text'>>,
  shown: ReadonlySet<string> = new Set(),
  budgetTokens = ATTACHMENT_TOKEN_BUDGET,
): Map<string, string> {
  let left = budgetTokens * CHARS_PER_TOKEN;
  const sections = new Map<string, string>();
  for (const message of [...transcript].reverse()) {
    const parts: string[] = [];
    for (const attachment of attachmentsOf(message)) {
      const name = nameOf(attachment);
      const text = contents.get(attachment.id)?.text;
      if (shown.has(attachment.id)) {
        parts.push(`[Attached image ${name}: it follows as an image]`);
      } else if (!text) {
        parts.push(`[Attached: ${name}; it has no text the model can read]`);
      } else if (left <= 0) {
        parts.push(`[Attached: ${name}; not included: the attachments of this run used up their budget]`);
      } else {
        const part = text.length > left ? text.slice(0, left) : text;
        left -= part.length;
        const cut =
          part.length < text.length
            ? `\n[${name} is cut here: ${part.length} of its ${text.length} characters fit the attachment budget]`
            : '';
        parts.push(`[Attached file ${name}, ${text.length} characters]\n${part}${cut}\n[End of ${name}]`);
      }
    }
    if (parts.length > 0) sections.set(message.id, `\n\n${parts.join('\n\n')}`);
  }
  return sections;
}
