import pptxgen from 'pptxgenjs';
import { z } from 'zod';
import { text } from '../runs/service.ts';
import { type ArtifactWriter, defineOfficeTool, description, filenameField, title, withinBudget } from './shared.ts';

// The typings declare an ES default export in a package typed as CommonJS: TypeScript sees the class one level down.
const PptxGenJS = ((pptxgen as unknown as { default?: unknown }).default ?? pptxgen) as typeof pptxgen.default;

export const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const Slide = z
  .object({
    title: text(200),
    bullets: z.array(text(500)).max(12).default([]),
    body: text(3000).optional().describe('A paragraph shown instead of, or above, the bullets'),
    notes: text(5000).optional().describe('Speaker notes'),
  })
  .describe('A content slide');

export const CreatePresentationInput = z
  .object({
    title: title.describe('Title of the deck, shown on its title slide'),
    subtitle: text(300).optional().describe('Subtitle of the title slide'),
    filename: filenameField,
    description,
    slides: z.array(Slide).min(1).max(50),
  })
  .superRefine(withinBudget(200_000));

export type CreatePresentationInput = z.output<typeof CreatePresentationInput>;

const FONT = 'Calibri';
const DARK = '1F2937';
const ACCENT = '2563EB';

/** Builds the .pptx (16:9): a title slide, then one slide per entry with its title, text, bullets and notes. */
export async function buildPptx(input: CreatePresentationInput): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = input.title;
  pptx.author = 'Atrium';
  if (input.description) pptx.subject = input.description;

  const cover = pptx.addSlide();
  cover.background = { color: 'F8FAFC' };
  cover.addText(input.title, {
    x: 0.8,
    y: 2.4,
    w: 11.7,
    h: 1.5,
    fontFace: FONT,
    fontSize: 40,
    bold: true,
    color: DARK,
    align: 'center',
    fit: 'shrink',
  });
  if (input.subtitle) {
    cover.addText(input.subtitle, {
      x: 0.8,
      y: 4.0,
      w: 11.7,
      h: 1,
      fontFace: FONT,
      fontSize: 22,
      color: ACCENT,
      align: 'center',
      fit: 'shrink',
    });
  }

  for (const entry of input.slides) {
    const slide = pptx.addSlide();
    slide.addText(entry.title, {
      x: 0.6,
      y: 0.3,
      w: 12.1,
      h: 1,
      fontFace: FONT,
      fontSize: 30,
      bold: true,
      color: DARK,
      fit: 'shrink',
    });
    const paragraphs: pptxgen.default.TextProps[] = [];
    if (entry.body) paragraphs.push({ text: entry.body, options: { breakLine: true, paraSpaceAfter: 12 } });
    for (const bullet of entry.bullets) paragraphs.push({ text: bullet, options: { bullet: true, breakLine: true } });
    if (paragraphs.length > 0) {
      slide.addText(paragraphs, {
        x: 0.8,
        y: 1.5,
        w: 11.7,
        h: 5.5,
        fontFace: FONT,
        fontSize: 20,
        color: DARK,
        valign: 'top',
        fit: 'shrink',
      });
    }
    if (entry.notes) slide.addNotes(entry.notes);
  }
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

export function createPresentationTool(artifacts: ArtifactWriter) {
  return defineOfficeTool(artifacts, {
    name: 'create_presentation',
    what: 'presentation',
    description:
      'Create a PowerPoint deck (.pptx): a title slide (title, subtitle) and content slides, each with a title, ' +
      'an optional paragraph, up to 12 bullets and optional speaker notes.',
    inputSchema: CreatePresentationInput,
    build: buildPptx,
    extension: 'pptx',
    mimeType: PPTX_MIME,
    generator: 'pptxgenjs',
  });
}
