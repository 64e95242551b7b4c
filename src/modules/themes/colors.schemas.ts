import { z } from 'zod';
import { TokenMap } from './schemas.ts';

const Surface = z.enum(['glass', 'flat']);
const Variant = z.enum(['light', 'dark']);
const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colors are #rrggbb');

/** Below these a brief or guidelines give nothing to work from. */
export const MIN_BRIEF = 3;
export const MIN_GUIDELINES = 20;

export const SuggestColorsBody = z
  .strictObject({
    brief: z.string().max(2000).optional(),
    brand_name: z.string().max(120).optional(),
    colors: z.array(HexColor).max(12).optional().describe('Up to 12 #rrggbb colours (any case), most important first'),
    guidelines: z.string().max(8000).optional(),
    scope: z.enum(['colors', 'full']).default('colors'),
    surface: Surface.default('glass'),
  })
  .refine(
    (b) =>
      (b.brief?.trim().length ?? 0) >= MIN_BRIEF ||
      (b.colors?.length ?? 0) > 0 ||
      (b.guidelines?.trim().length ?? 0) >= MIN_GUIDELINES,
    {
      message: `Nothing to work from: give colors, guidelines of at least ${MIN_GUIDELINES} characters or a brief of at least ${MIN_BRIEF}`,
    },
  );

const Tokens = z.record(z.string(), z.string());

export const SuggestedColorsSchema = z
  .object({ light_tokens: Tokens, dark_tokens: Tokens })
  .meta({ id: 'SuggestedColors' });

export const DeriveBody = z.strictObject({
  surface: Surface,
  light_tokens: TokenMap,
  dark_tokens: TokenMap,
  changed: z.strictObject({
    variant: Variant,
    token: z.string().max(64),
    previous: z
      .string()
      .max(200)
      .optional()
      .describe('The value before the edit (accepted; derivation uses the current values)'),
  }),
});

const Issue = z.object({
  foreground: z.string(),
  background: z.string(),
  ratio: z.number(),
  minimum: z.number(),
  fix: Tokens,
});

export const DerivedTokensSchema = z
  .object({
    light_tokens: Tokens.describe('Re-derived dependents of the changed token (empty for the other variant)'),
    dark_tokens: Tokens,
    issues: z.object({ light: z.array(Issue), dark: z.array(Issue) }),
  })
  .meta({ id: 'DerivedThemeTokens' });

export type SuggestColorsInput = z.output<typeof SuggestColorsBody>;
export type DeriveInput = z.output<typeof DeriveBody>;
