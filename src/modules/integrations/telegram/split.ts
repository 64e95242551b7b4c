/** Telegram's limit on one message's text. */
export const TELEGRAM_TEXT_LIMIT = 4096;

/**
 * Cuts a reply into messages Telegram takes: at paragraph boundaries where it can, else at a line break or a
 * space, and only mid-word when a single word is longer than a message.
 */
export function splitForTelegram(text: string, limit = TELEGRAM_TEXT_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const cuts = [window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' ')];
    // The most natural cut that keeps the part at least half full; a short part is better than a cut word.
    const at = cuts.find((cut) => cut > limit / 2) ?? cuts.find((cut) => cut > 0) ?? limit;
    parts.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}
