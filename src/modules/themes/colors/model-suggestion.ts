import { z } from 'zod';

const Hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour');

/** What a text model is asked for: brand colours, most important first, and optional neutrals. */
export const ModelPalette = z.object({
  colors: z.array(Hex).min(1).max(6).describe('Brand colours as #rrggbb, most important first (primary first)'),
  neutrals: z.array(Hex).max(4).optional().describe('Optional neutral colours (greys, off-whites) as #rrggbb'),
});

export type ModelPaletteAnswer = z.output<typeof ModelPalette>;

/** The model's instructions; the brand name and brief travel in the user message, as data. */
export const PALETTE_INSTRUCTIONS = [
  'You choose brand colours for a web application theme from a short brief.',
  'Answer with 1 to 6 brand colours as #rrggbb hex codes, the primary colour first, and optionally up to 4',
  'neutrals. Readability is enforced afterwards, so pick the colours that express the brand.',
].join('\n');

export const paletteRequest = (brief: string, brandName: string | undefined): string =>
  `${brandName ? `Brand name: ${brandName}\n` : ''}Brief: ${brief}`;
