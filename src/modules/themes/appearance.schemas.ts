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
    palettes: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          light_enabled: z.boolean(),
          dark_enabled: z.boolean(),
        }),
      )
      .describe('The allowed palettes in order, named, with the variants each has: what a member picks from'),
    logo: z
      .object({
        light_url: z.string().nullable(),
        dark_url: z.string().nullable(),
      })
      .describe("The organization's logos as signed URLs (one hour), null where none is uploaded"),
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

/** What is stored: the allowed palettes and the default (the view adds their names and the logos). */
export type Appearance = Pick<z.output<typeof AppearanceSchema>, 'allowed_themes' | 'default_theme'>;
export type PutAppearanceInput = z.output<typeof PutAppearanceBody>;
