// HTML for the extraction worker (worker.mjs): a streaming tokenizer (htmlparser2), linear in the input whatever
// its markup, unlike regular expressions that rescan from every unclosed `<!--` or `<script`.
import { Parser } from 'htmlparser2';
import { createCollector, decodeUtf8 } from './text.mjs';

/** Elements whose content is never shown as text. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template']);
/** Elements that start a new line of text; table cells are separated by a space. */
const BLOCK = new Set([
  'p',
  'div',
  'br',
  'li',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'article',
  'header',
  'footer',
  'table',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'hr',
  'dt',
  'dd',
  'main',
  'nav',
  'aside',
  'figcaption',
  'title',
]);
const CELL = new Set(['td', 'th']);

/**
 * Visible text of an HTML document: scripts, styles and comments dropped, block elements turned into line
 * breaks, entities decoded, runs of spaces collapsed. `truncated` when the text passed `maxChars` (counted before
 * spaces are collapsed).
 */
export function extractHtml(data, maxChars) {
  const out = createCollector(maxChars);
  let hidden = 0;
  const boundary = (name) => {
    if (BLOCK.has(name)) out.push('\n');
    else if (CELL.has(name)) out.push(' ');
  };
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hidden++;
        else if (hidden === 0) boundary(name);
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (hidden === 0) boundary(name);
      },
      ontext(text) {
        if (hidden === 0) out.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(decodeUtf8(data));
  const { text, truncated } = out.result();
  const tidy = text
    .replace(/[ \t\f\v\r\u00a0]+/g, ' ')
    .replace(/ ?\n\s*/g, '\n')
    .trim();
  return { text: tidy, truncated };
}
