/**
 * What a theme token may be. Token values are written verbatim into a public stylesheet, so a value must stay one
 * declaration value: it cannot close the declaration or the rule (`;`, `{`, `}`), open an at-rule (`@`), load
 * anything (`url(`, `image-set(`, `src(`…), hide in a comment or an escape, or end the `<style>` element it may be
 * inlined into. Brackets and quotes must balance, or the value would swallow the declarations after it.
 */

export const TOKEN_NAME = /^--[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_TOKEN_NAME = 64;
export const MAX_TOKEN_VALUE = 200;
export const MAX_TOKENS_PER_VARIANT = 200;

/** Written by the stylesheet compiler itself, so a theme cannot define them. */
export const RESERVED_TOKENS: readonly string[] = ['--theme-background-image', '--theme-surface'];

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (newlines included) are refused.
const CONTROL = /[\u0000-\u001f\u007f]/;
/** `\` would let an escape spell any of the other refused sequences (`u\rl(`, `\7b`). */
const FORBIDDEN_CHARACTERS = /[{};@\\<>]/;
const COMMENT = /\/\*|\*\//;
/** Every CSS function that fetches a resource; `url (` is not a function in CSS, but refused all the same. */
const RESOURCE_FUNCTION = /(url|src|image|image-set|cross-fade|element|expression)\s*\(/i;

/** Quotes close, and ( ) [ ] nest correctly outside strings. */
function isBalanced(value: string): boolean {
  const open: string[] = [];
  let quote: string | null = null;
  for (const c of value) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '(' || c === '[') {
      open.push(c === '(' ? ')' : ']');
    } else if (c === ')' || c === ']') {
      if (open.pop() !== c) return false;
    }
  }
  return quote === null && open.length === 0;
}

/** Why the value cannot be a token value, or null when it can. `value` is already trimmed. */
export function tokenValueProblem(value: string): string | null {
  if (value.length === 0) return 'is empty';
  if (value.length > MAX_TOKEN_VALUE) return `is longer than ${MAX_TOKEN_VALUE} characters`;
  if (CONTROL.test(value)) return 'contains a control character or a line break';
  if (FORBIDDEN_CHARACTERS.test(value)) return 'contains one of { } ; @ \\ < >';
  if (COMMENT.test(value)) return 'contains a comment sequence';
  if (RESOURCE_FUNCTION.test(value)) return 'loads a resource (url(), image-set() and the like are refused)';
  if (!isBalanced(value)) return 'has an unclosed quote or unbalanced brackets';
  return null;
}

/** Why the name cannot be a token name, or null when it can. */
export function tokenNameProblem(name: string): string | null {
  if (name.length > MAX_TOKEN_NAME) return `is longer than ${MAX_TOKEN_NAME} characters`;
  if (!TOKEN_NAME.test(name)) return 'is not a --kebab-case custom property name';
  if (RESERVED_TOKENS.includes(name)) return 'is reserved for the stylesheet itself';
  return null;
}
