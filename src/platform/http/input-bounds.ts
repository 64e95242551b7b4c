import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { invalidRequest } from './errors.ts';

/**
 * How deep objects and arrays may nest in a request body. Every resource of the spec fits in a handful of levels
 * (a workflow's step config is the deepest at about six); free-form objects (metadata, config, payloads) get the
 * rest. Without a bound, 5,000 levels fit in 1 MB and overflow the stack of whatever walks them next.
 */
export const MAX_JSON_DEPTH = 32;

const NUL_REFUSED =
  'Text must not contain the NUL character (\\u0000): PostgreSQL cannot store it in text, so it is refused everywhere';

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Checks raw JSON text before it is parsed: nesting deeper than MAX_JSON_DEPTH and a NUL character inside a
 * string (written as the escape `\u0000`; a raw NUL byte is not valid JSON anyway) are refused with 400. One
 * linear pass, skipped entirely for the common body that has neither enough brackets nor an escaped NUL.
 */
export function assertJsonTextWithinBounds(text: string): void {
  const mayHoldNul = text.includes('\\u0000');
  if (!mayHoldNul && !mayNestTooDeep(text)) return;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) {
        if (text.startsWith('u0000', i + 1)) throw invalidRequest(NUL_REFUSED);
        i++;
      } else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > MAX_JSON_DEPTH) {
        throw invalidRequest(`The request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`);
      }
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
}

/**
 * JSON text from a request, parsed within the bounds: 400 for nesting past MAX_JSON_DEPTH, a NUL in a string,
 * malformed JSON, or a `__proto__` / `constructor.prototype` key (refused rather than risk poisoning a
 * prototype wherever the object is later merged). Every route that reads a JSON body parses it here.
 */
export function parseRequestJson(text: string): unknown {
  assertJsonTextWithinBounds(text);
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw invalidRequest('The request body is not valid JSON (or names a forbidden key such as __proto__)');
  }
}

/** Fewer opening brackets than the limit cannot nest past it. */
function mayNestTooDeep(text: string): boolean {
  let opened = 0;
  for (let at = text.indexOf('{'); at !== -1; at = text.indexOf('{', at + 1)) opened++;
  if (opened > MAX_JSON_DEPTH) return true;
  for (let at = text.indexOf('['); at !== -1; at = text.indexOf('[', at + 1)) {
    if (++opened > MAX_JSON_DEPTH) return true;
  }
  return false;
}

/**
 * A NUL anywhere in the request target (path or query, raw or percent-encoded as %00) is refused: no id, filter
 * or search text of this API can hold one.
 */
export function assertUrlWithinBounds(url: string): void {
  if (url.includes('%00') || url.includes('\u0000')) throw invalidRequest(NUL_REFUSED);
}

/**
 * Query parameters are single values in this API: a repeated one (`limit=1&limit=2`) arrives as an array and is
 * refused by name, rather than failing later as a confusing "expected number, received NaN".
 */
export function assertSingleQueryValues(query: unknown): void {
  if (query === null || typeof query !== 'object') return;
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) throw invalidRequest(`Query parameter "${key}" is given more than once`);
  }
}

/** Refuses a NUL in the request target and repeated query parameters before the guard or any handler runs. */
export function registerInputBounds(app: FastifyInstance): void {
  // A callback hook with no promise: this runs on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      assertUrlWithinBounds(request.url);
      assertSingleQueryValues(request.query);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
