/**
 * The colour tokens every built-in palette and every derived theme defines, per variant (light, dark). A custom
 * theme may define any `--kebab-case` token; these are the ones the web app and the readability rules know.
 */
export const COLOR_TOKENS = [
  '--color-background',
  '--color-surface',
  '--color-surface-muted',
  '--color-text',
  '--color-text-muted',
  '--color-border',
  '--color-primary',
  '--color-on-primary',
  '--color-secondary',
  '--color-on-secondary',
  '--color-accent',
  '--color-on-accent',
  '--color-link',
  '--color-focus-ring',
  '--color-danger',
  '--color-on-danger',
  '--color-success',
] as const;

export type ColorToken = (typeof COLOR_TOKENS)[number];

/** Body text (WCAG 1.4.3 AA). */
export const TEXT_CONTRAST = 4.5;
/** Large text and the parts of UI controls (WCAG 1.4.3 large text, 1.4.11). */
export const UI_CONTRAST = 3;

export interface ContrastRule {
  foreground: ColorToken;
  background: ColorToken;
  minimum: number;
}

/**
 * The pairs held to WCAG AA in every variant. Borders are decorative (controls carry the focus ring and their
 * text), so they are not in the list.
 */
export const CONTRAST_RULES: readonly ContrastRule[] = [
  { foreground: '--color-text', background: '--color-background', minimum: TEXT_CONTRAST },
  { foreground: '--color-text', background: '--color-surface', minimum: TEXT_CONTRAST },
  { foreground: '--color-text', background: '--color-surface-muted', minimum: TEXT_CONTRAST },
  { foreground: '--color-text-muted', background: '--color-background', minimum: TEXT_CONTRAST },
  { foreground: '--color-text-muted', background: '--color-surface', minimum: TEXT_CONTRAST },
  { foreground: '--color-on-primary', background: '--color-primary', minimum: TEXT_CONTRAST },
  { foreground: '--color-on-secondary', background: '--color-secondary', minimum: TEXT_CONTRAST },
  { foreground: '--color-on-accent', background: '--color-accent', minimum: TEXT_CONTRAST },
  { foreground: '--color-on-danger', background: '--color-danger', minimum: TEXT_CONTRAST },
  { foreground: '--color-link', background: '--color-background', minimum: TEXT_CONTRAST },
  { foreground: '--color-link', background: '--color-surface', minimum: TEXT_CONTRAST },
  { foreground: '--color-danger', background: '--color-surface', minimum: TEXT_CONTRAST },
  { foreground: '--color-success', background: '--color-surface', minimum: UI_CONTRAST },
  { foreground: '--color-primary', background: '--color-background', minimum: UI_CONTRAST },
  { foreground: '--color-focus-ring', background: '--color-background', minimum: UI_CONTRAST },
  { foreground: '--color-focus-ring', background: '--color-surface', minimum: UI_CONTRAST },
];
