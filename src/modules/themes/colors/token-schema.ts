import { z } from 'zod';

/** Bounds of a theme token map (both the theme CRUD bodies and the colour routes use them). */
export const TOKEN_NAME_MAX = 64;
export const TOKEN_VALUE_MAX = 200;
export const MAX_TOKENS_PER_VARIANT = 200;

/** `--kebab-case`: lower-case letters and digits in dash-separated words. */
export const TOKEN_NAME = /^--[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * What a value may not hold, so a token can never leave its declaration in the compiled stylesheet: braces,
 * semicolons, at-rules, `url(` (no fetches from a theme), comments, tag brackets, control characters.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const FORBIDDEN_IN_VALUE = /[{};@<>\u0000-\u001f\u007f]|url\s*\(|\/\*|\*\//i;

export const TokenValue = z
  .string()
  .trim()
  .min(1)
  .max(TOKEN_VALUE_MAX)
  .refine((v) => !FORBIDDEN_IN_VALUE.test(v), {
    message: 'must not contain { } ; @ < >, url(, comments or control characters',
  });

/** A variant's tokens: `--kebab-case` names (at most 64 characters) to CSS values, at most 200 of them. */
export const TokenMap = z
  .record(z.string().max(TOKEN_NAME_MAX).regex(TOKEN_NAME, 'token names are --kebab-case'), TokenValue)
  .refine((m) => Object.keys(m).length <= MAX_TOKENS_PER_VARIANT, {
    message: `at most ${MAX_TOKENS_PER_VARIANT} tokens per variant`,
  });

export type TokenMapInput = z.output<typeof TokenMap>;
