import { z } from 'zod';
import { MAX_TOKENS_PER_VARIANT, tokenNameProblem, tokenValueProblem } from './token-rules.ts';

export const THEME_VARIANTS = ['light', 'dark'] as const;
export type ThemeVariant = (typeof THEME_VARIANTS)[number];
export const ThemeVariantSchema = z.enum(THEME_VARIANTS);
const Surface = z.enum(['glass', 'flat']);

/** A variant's CSS custom properties: `--kebab-case` name → a value that stays one declaration value. */
export const TokenMap = z
  .record(z.string(), z.string().trim())
  .superRefine((tokens, ctx) => {
    const names = Object.keys(tokens);
    if (names.length > MAX_TOKENS_PER_VARIANT) {
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_TOKENS_PER_VARIANT} tokens per variant` });
      return;
    }
    for (const name of names) {
      const problem = tokenNameProblem(name) ?? tokenValueProblem(tokens[name]!);
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: `token ${name.slice(0, 80)} ${problem}` });
    }
  })
  .describe(
    'CSS custom property name (`--kebab-case`, at most 64 characters) → value (at most 200 characters; without ' +
      '`{ } ; @ \\ < >`, comments, control characters, url() or other resource functions; quotes and brackets balanced)',
  );

const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb');
const BrandAttachment = z.strictObject({
  kind: z.enum(['site', 'book']),
  label: z.string().trim().min(1).max(200),
  url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
  detail: z.string().max(2000).optional(),
  brand_name: z.string().max(120).optional(),
  colors: z.array(HexColor).max(12),
  neutrals: z.array(HexColor).max(12),
  guidelines: z.string().max(8000).optional(),
});
export const BrandInputsSchema = z
  .strictObject({
    brief: z.string().max(2000).nullable(),
    attachments: z.array(BrandAttachment).max(10),
  })
  .describe('What the theme was composed from: the brief and the extracted brand sources (at most 10)');

export const ThemeSchema = z
  .object({
    id: z.uuid(),
    palette_id: z.string().describe('`custom-<id>`: how appearance and the public stylesheet name the theme'),
    name: z.string(),
    surface: Surface,
    light_enabled: z.boolean(),
    dark_enabled: z.boolean(),
    light_tokens: z.record(z.string(), z.string()),
    dark_tokens: z.record(z.string(), z.string()),
    background_light_asset_id: z.uuid().nullable(),
    background_dark_asset_id: z.uuid().nullable(),
    brand_inputs: BrandInputsSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Theme' });

export const ThemeResponse = z.object({ theme: ThemeSchema });
export const ThemeListResponse = z.object({ themes: z.array(ThemeSchema) });

const fields = {
  name: z.string().trim().min(1).max(80),
  surface: Surface,
  light_enabled: z.boolean(),
  dark_enabled: z.boolean(),
  light_tokens: TokenMap,
  dark_tokens: TokenMap,
  brand_inputs: BrandInputsSchema.nullable(),
};
const BOTH_DISABLED = 'at least one of light_enabled and dark_enabled must stay true';

export const CreateThemeBody = z
  .strictObject({
    name: fields.name,
    surface: fields.surface.default('glass'),
    light_enabled: fields.light_enabled.default(true),
    dark_enabled: fields.dark_enabled.default(true),
    light_tokens: fields.light_tokens.default({}),
    dark_tokens: fields.dark_tokens.default({}),
    brand_inputs: fields.brand_inputs.default(null),
  })
  .refine((b) => b.light_enabled || b.dark_enabled, { message: BOTH_DISABLED });

/** The enabling rule is checked against the merged theme by the service. */
export const PatchThemeBody = z
  .strictObject(fields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: `Give at least one of ${Object.keys(fields).join(', ')}` });

export type CreateThemeInput = z.output<typeof CreateThemeBody>;
export type PatchThemeInput = z.output<typeof PatchThemeBody>;
export { BOTH_DISABLED };
