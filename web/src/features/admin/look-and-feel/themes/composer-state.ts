import { isHexColor } from '../color.ts';
import {
  COLOR_TOKENS,
  type Surface,
  type Theme,
  type ThemeChanges,
  type TokenMap,
  VARIANTS,
  type Variant,
} from './themes-api.ts';

/**
 * The composer's unsaved theme. Token maps hold the fields' texts, so a colour being typed can be half a code;
 * what is sent (`sendable`) leaves such a value and an emptied colour out.
 */
export interface Draft {
  name: string;
  surface: Surface;
  light_enabled: boolean;
  dark_enabled: boolean;
  tokens: Record<Variant, TokenMap>;
}

const COLOR_NAMES = new Set(COLOR_TOKENS.map((t) => t.token));

export const draftOf = (theme: Theme): Draft => ({
  name: theme.name,
  surface: theme.surface,
  light_enabled: theme.light_enabled,
  dark_enabled: theme.dark_enabled,
  tokens: { light: { ...theme.light_tokens }, dark: { ...theme.dark_tokens } },
});

/** A variant's map as the API takes it: other tokens as stored, colour tokens only when they are `#rrggbb`. */
export function sendable(tokens: TokenMap): TokenMap {
  return Object.fromEntries(
    Object.entries(tokens).filter(([name, value]) => !COLOR_NAMES.has(name) || isHexColor(value)),
  );
}

/** The colour fields that are neither a colour nor empty: saving waits until they are. */
export function unfinishedColors(draft: Draft): { variant: Variant; token: string }[] {
  return VARIANTS.flatMap((variant) =>
    COLOR_TOKENS.filter(({ token }) => {
      const value = draft.tokens[variant][token] ?? '';
      return value !== '' && !isHexColor(value);
    }).map(({ token }) => ({ variant, token })),
  );
}

export const withTokens = (draft: Draft, variant: Variant, tokens: TokenMap): Draft => ({
  ...draft,
  tokens: { ...draft.tokens, [variant]: { ...draft.tokens[variant], ...tokens } },
});

const sameMap = (a: TokenMap, b: TokenMap) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** What differs from the saved theme; a changed variant's map is sent whole, as the PATCH replaces it. */
export function themeChanges(theme: Theme, draft: Draft): ThemeChanges {
  const changes: ThemeChanges = {};
  if (draft.name.trim() !== theme.name) changes.name = draft.name.trim();
  if (draft.surface !== theme.surface) changes.surface = draft.surface;
  if (draft.light_enabled !== theme.light_enabled) changes.light_enabled = draft.light_enabled;
  if (draft.dark_enabled !== theme.dark_enabled) changes.dark_enabled = draft.dark_enabled;
  const light = sendable(draft.tokens.light);
  const dark = sendable(draft.tokens.dark);
  if (!sameMap(light, theme.light_tokens)) changes.light_tokens = light;
  if (!sameMap(dark, theme.dark_tokens)) changes.dark_tokens = dark;
  return changes;
}
