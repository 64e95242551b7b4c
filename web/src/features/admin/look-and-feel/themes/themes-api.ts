import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../../lib/client-context.tsx';

export type Theme = components['schemas']['Theme'];
export type DerivedTokens = components['schemas']['DerivedThemeTokens'];
export type ReadabilityIssue = DerivedTokens['issues']['light'][number];
export type Variant = 'light' | 'dark';
export type Surface = 'glass' | 'flat';
export type TokenMap = Record<string, string>;
export const VARIANTS: readonly Variant[] = ['light', 'dark'];

export interface NewTheme {
  name: string;
  surface: Surface;
  light_enabled: boolean;
  dark_enabled: boolean;
}
export interface ThemeChanges extends Partial<NewTheme> {
  light_tokens?: TokenMap;
  dark_tokens?: TokenMap;
}
export interface SuggestInput {
  brief?: string;
  brand_name?: string;
  colors?: string[];
  guidelines?: string;
  surface: Surface;
}

export const themeKeys = {
  list: ['admin', 'themes'] as const,
  one: (themeId: string) => ['admin', 'themes', themeId] as const,
};

/** The API's bounds (src/modules/themes/schemas.ts, colors.schemas.ts). */
export const THEME_LIMITS = {
  name: 80,
  brief: 2000,
  brandName: 120,
  colors: 12,
  guidelines: 8000,
  minBrief: 3,
  minGuidelines: 20,
};

/**
 * The colour tokens every palette defines and the readability rules judge (src/modules/themes/colors/tokens.ts),
 * in the order the composer lists them, each with the words an admin knows it by.
 */
export const COLOR_TOKENS: readonly { token: string; label: string }[] = [
  { token: '--color-background', label: 'Page' },
  { token: '--color-surface', label: 'Panels' },
  { token: '--color-surface-muted', label: 'Muted panels' },
  { token: '--color-text', label: 'Text' },
  { token: '--color-text-muted', label: 'Muted text' },
  { token: '--color-border', label: 'Borders' },
  { token: '--color-primary', label: 'Primary' },
  { token: '--color-on-primary', label: 'Text on primary' },
  { token: '--color-secondary', label: 'Secondary' },
  { token: '--color-on-secondary', label: 'Text on secondary' },
  { token: '--color-accent', label: 'Accent' },
  { token: '--color-on-accent', label: 'Text on accent' },
  { token: '--color-link', label: 'Links' },
  { token: '--color-focus-ring', label: 'Focus ring' },
  { token: '--color-danger', label: 'Danger' },
  { token: '--color-on-danger', label: 'Text on danger' },
  { token: '--color-success', label: 'Success' },
];

export const tokenLabel = (token: string) => COLOR_TOKENS.find((t) => t.token === token)?.label ?? token;

export async function listThemes(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/organization/themes')).themes;
}

export async function getTheme(client: AtriumClient, themeId: string) {
  return unwrap(await client.api.GET('/v1/organization/themes/{themeId}', { params: { path: { themeId } } })).theme;
}

export async function createTheme(client: AtriumClient, body: NewTheme) {
  return unwrap(await client.api.POST('/v1/organization/themes', { body })).theme;
}

export async function updateTheme(client: AtriumClient, themeId: string, body: ThemeChanges) {
  return unwrap(await client.api.PATCH('/v1/organization/themes/{themeId}', { params: { path: { themeId } }, body }))
    .theme;
}

export async function deleteTheme(client: AtriumClient, themeId: string) {
  unwrap(await client.api.DELETE('/v1/organization/themes/{themeId}', { params: { path: { themeId } } }));
}

export async function deriveTokens(
  client: AtriumClient,
  body: {
    surface: Surface;
    light_tokens: TokenMap;
    dark_tokens: TokenMap;
    changed: { variant: Variant; token: string };
  },
) {
  return unwrap(await client.api.POST('/v1/organization/themes/derive', { body }));
}

/** Every colour token of both variants (scope full), derived from the brand inputs. */
export async function suggestColors(client: AtriumClient, input: SuggestInput) {
  return unwrap(await client.api.POST('/v1/organization/themes/suggest-colors', { body: { ...input, scope: 'full' } }));
}
