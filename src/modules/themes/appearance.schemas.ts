import { z } from 'zod';

/** Every built-in palette and every custom theme (at most MAX_THEMES) could be allowed at once. */
export const MAX_ALLOWED_THEMES = 200;

export const AppearanceSchema = z
  .object({
    allowed_themes: z.array(z.string()).describe('Palette ids (built-in ids or `custom-<theme id>`) members may use'),
    default_theme: z
      .string()
      .nullable()
      .describe('One of allowed_themes, or null when none is set (clients then start with the first allowed)'),
  })
  .meta({ id: 'Appearance' });

export const AppearanceResponse = z.object({ appearance: AppearanceSchema });

export const PutAppearanceBody = z.strictObject({
  allowed_themes: z
    .array(z.string().max(100))
    .min(1)
    .max(MAX_ALLOWED_THEMES)
    .refine((ids) => new Set(ids).size === ids.length, 'allowed_themes lists an id twice'),
  default_theme: z.string().max(100).nullable().default(null),
});

export type Appearance = z.output<typeof AppearanceSchema>;
export type PutAppearanceInput = z.output<typeof PutAppearanceBody>;
