const TITLE_CHARS = 80;

/** How a thread is named on screen. */
export const threadTitle = (thread: { title: string | null }) => thread.title ?? 'Untitled thread';

/** A title for an untitled thread from its first message: the first line, cut at a word. */
export function titleFromMessage(content: string): string {
  const line = content.trim().split('\n')[0] ?? '';
  if (line.length <= TITLE_CHARS) return line;
  const lastSpace = line.lastIndexOf(' ', TITLE_CHARS);
  return `${line.slice(0, lastSpace > 0 ? lastSpace : TITLE_CHARS)}…`;
}
