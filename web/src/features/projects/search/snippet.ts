export interface SnippetPart {
  text: string;
  matched: boolean;
}

/**
 * The server's snippet markup (matched words wrapped in `<<` and `>>`) as plain-text parts, each matched or not:
 * the page renders them as text and <mark> elements, so nothing in a file's text is ever read as HTML. A marker
 * without its partner is kept as text.
 */
export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, matched: boolean) => {
    if (text) parts.push({ text, matched });
  };
  let rest = snippet;
  for (;;) {
    const open = rest.indexOf('<<');
    const close = open === -1 ? -1 : rest.indexOf('>>', open + 2);
    if (close === -1) break;
    push(rest.slice(0, open), false);
    push(rest.slice(open + 2, close), true);
    rest = rest.slice(close + 2);
  }
  push(rest, false);
  return parts;
}
