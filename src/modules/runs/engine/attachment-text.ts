import type { Executor } from '../../../platform/db/client.ts';
import type { AttachmentRef } from '../attachments.ts';
import type { MessageRow } from '../store.ts';

/** What attached files a model round reads, at most: tokens estimated as characters / 4, as the gateway does. */
export const ATTACHMENT_TOKEN_BUDGET = 16_000;
const CHARS_PER_TOKEN = 4;

/** The text of attached project files (extracted by ingestion) and artifacts, by id; null when there is none. */
export interface AttachmentTexts {
  projectFiles(db: Executor, organizationId: string, ids: string[]): Promise<Map<string, string | null>>;
  artifacts(db: Executor, organizationId: string, ids: string[]): Promise<Map<string, string | null>>;
}

interface StoredAttachment extends AttachmentRef {
  filename?: string;
  mime_type?: string;
}

const attachmentsOf = (message: MessageRow) =>
  message.role === 'user' ? (message.attachments as StoredAttachment[]) : [];

/** The texts of every attachment of the transcript's user messages, read in two queries. */
export async function loadAttachmentTexts(
  texts: AttachmentTexts,
  db: Executor,
  organizationId: string,
  transcript: MessageRow[],
): Promise<Map<string, string | null>> {
  const all = transcript.flatMap(attachmentsOf);
  if (all.length === 0) return new Map();
  const ids = (type: AttachmentRef['type']) => [...new Set(all.filter((a) => a.type === type).map((a) => a.id))];
  const [files, artifacts] = await Promise.all([
    texts.projectFiles(db, organizationId, ids('project_file')),
    texts.artifacts(db, organizationId, ids('artifact')),
  ]);
  return new Map([...files, ...artifacts]);
}

/**
 * What each user message's attachments add to it for the model, by message id: each file's text between markers,
 * the newest message's first, until the budget is spent; a file cut short, or left out, says so, so the model
 * never takes part of a file for the whole of it.
 */
export function attachmentSections(
  transcript: MessageRow[],
  texts: Map<string, string | null>,
  budgetTokens = ATTACHMENT_TOKEN_BUDGET,
): Map<string, string> {
  let left = budgetTokens * CHARS_PER_TOKEN;
  const sections = new Map<string, string>();
  for (const message of [...transcript].reverse()) {
    const parts: string[] = [];
    for (const attachment of attachmentsOf(message)) {
      const name = `${attachment.filename ?? attachment.id} (${attachment.mime_type ?? 'unknown type'})`;
      const text = texts.get(attachment.id);
      if (!text) {
        parts.push(`[Attached: ${name}; it has no text the model can read]`);
      } else if (left <= 0) {
        parts.push(`[Attached: ${name}; not included: the attachments of this run used up their budget]`);
      } else {
        const shown = text.length > left ? text.slice(0, left) : text;
        left -= shown.length;
        const cut =
          shown.length < text.length
            ? `\n[${name} is cut here: ${shown.length} of its ${text.length} characters fit the attachment budget]`
            : '';
        parts.push(`[Attached file ${name}, ${text.length} characters]\n${shown}${cut}\n[End of ${name}]`);
      }
    }
    if (parts.length > 0) sections.set(message.id, `\n\n${parts.join('\n\n')}`);
  }
  return sections;
}
