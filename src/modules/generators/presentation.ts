import pptxgen from 'pptxgenjs';
import { z } from 'zod';
import { text } from '../runs/service.ts';
import type { AppliedBrand } from './brand.ts';
import {
  DEFAULT_SERIES,
  hexDigits,
  LARGE_TEXT_CONTRAST,
  legibleOn,
  readableTextOn,
  seriesColors,
  WHITE,
} from './brand-colors.ts';
import { fitLogo, logoDataUri } from './brand-logo.ts';
import { Chart, type ChartInput } from './chart-input.ts';
import { defineOfficeTool, description, filenameField, type GeneratorDeps, title, withinBudget } from './shared.ts';

// The typings declare an ES default export in a package typed as CommonJS: TypeScript sees the class one level down.
const PptxGenJS = ((pptxgen as unknown as { default?: unknown }).default ?? pptxgen) as typeof pptxgen.default;

export const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const Slide = z
  .object({
    title: text(200),
    bullets: z.array(text(500)).max(12).default([]),
    body: text(3000).optional().describe('A paragraph shown instead of, or above, the bullets'),
    notes: text(5000).optional().describe('Speaker notes'),
    chart: Chart.optional().describe('A bar, line or pie chart drawn from the data, beside the text or alone'),
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
const SLIDE_WIDTH = 13.333;

type Pptx = InstanceType<typeof PptxGenJS>;
type PptxSlide = ReturnType<Pptx['addSlide']>;

/** The colours a branded deck uses, as office hex. */
interface DeckBrand {
  band: string;
  onBand: string;
  heading: string;
  accent: string;
  series: string[];
  logo: AppliedBrand['logo'];
}

function deckBrand(brand: AppliedBrand | null): DeckBrand | null {
  if (!brand) return null;
  return {
    band: hexDigits(brand.primary),
    onBand: hexDigits(readableTextOn(brand.primary)),
    heading: hexDigits(legibleOn(brand.primary, WHITE, LARGE_TEXT_CONTRAST)),
    accent: hexDigits(brand.accent),
    series: seriesColors(brand).map(hexDigits),
    logo: brand.logo,
  };
}

/**
 * The title slide. Unbranded: dark title, blue subtitle on a pale background. Branded: title and subtitle on a
 * band of the primary colour with an accent rule under it, and the logo above on the pale background it is
 * drawn for (PowerPoint cannot show WebP, so a WebP logo is left out).
 */
function addCover(pptx: Pptx, input: CreatePresentationInput, brand: DeckBrand | null): void {
  const cover = pptx.addSlide();
  cover.background = { color: 'F8FAFC' };
  if (brand) {
    cover.addShape(pptx.ShapeType.rect, { x: 0, y: 2.2, w: SLIDE_WIDTH, h: 2.9, fill: { color: brand.band } });
    cover.addShape(pptx.ShapeType.rect, { x: 0, y: 5.1, w: SLIDE_WIDTH, h: 0.08, fill: { color: brand.accent } });
    const logo = brand.logo;
    if (logo && logo.mimeType !== 'image/webp') {
      const size = fitLogo(logo, 3.5, 1.2);
      cover.addImage({
        data: logoDataUri(logo).slice('data:'.length),
        x: 0.8,
        y: 0.6,
        w: size.width,
        h: size.height,
        altText: 'Logo',
      });
    }
  }
  cover.addText(input.title, {
    x: 0.8,
    y: 2.4,
    w: 11.7,
    h: 1.5,
    fontFace: FONT,
    fontSize: 40,
    bold: true,
    color: brand ? brand.onBand : DARK,
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
      color: brand ? brand.onBand : ACCENT,
      align: 'center',
      fit: 'shrink',
    });
  }
}

/** A native chart (editable in PowerPoint), its series in the brand's colours or the default palette. */
function addChart(slide: PptxSlide, chart: ChartInput, box: Box, brand: DeckBrand | null): void {
  const series = chart.kind === 'pie' ? chart.series.slice(0, 1) : chart.series;
  slide.addChart(
    chart.kind,
    series.map((s) => ({ name: s.name, labels: chart.labels, values: s.values })),
    {
      ...box,
      chartColors: brand ? brand.series : DEFAULT_SERIES.map(hexDigits),
      showTitle: true,
      title: chart.title,
      titleFontFace: FONT,
      titleFontSize: 16,
      titleColor: brand ? brand.heading : DARK,
      showLegend: chart.kind === 'pie' || series.length > 1,
      legendPos: 'b',
      legendFontFace: FONT,
      barDir: 'col',
      showPercent: chart.kind === 'pie',
      showValue: false,
    },
  );
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const BODY: Box = { x: 0.8, y: 1.5, w: 11.7, h: 5.5 };
const TEXT_BESIDE_CHART: Box = { x: 0.6, y: 1.5, w: 5.6, h: 5.5 };
const CHART_BESIDE_TEXT: Box = { x: 6.5, y: 1.5, w: 6.3, h: 5.5 };

function addContentSlide(pptx: Pptx, entry: CreatePresentationInput['slides'][number], brand: DeckBrand | null) {
  const slide = pptx.addSlide();
  slide.addText(entry.title, {
    x: 0.6,
    y: 0.3,
    w: 12.1,
    h: 1,
    fontFace: FONT,
    fontSize: 30,
    bold: true,
    color: brand ? brand.heading : DARK,
    fit: 'shrink',
  });
  if (brand) slide.addShape(pptx.ShapeType.rect, { x: 0.6, y: 1.3, w: 1.2, h: 0.06, fill: { color: brand.accent } });
  const paragraphs: pptxgen.default.TextProps[] = [];
  if (entry.body) paragraphs.push({ text: entry.body, options: { breakLine: true, paraSpaceAfter: 12 } });
  for (const bullet of entry.bullets) paragraphs.push({ text: bullet, options: { bullet: true, breakLine: true } });
  if (paragraphs.length > 0) {
    slide.addText(paragraphs, {
      ...(entry.chart ? TEXT_BESIDE_CHART : BODY),
      fontFace: FONT,
      fontSize: 20,
      color: DARK,
      valign: 'top',
      fit: 'shrink',
    });
  }
  if (entry.chart) addChart(slide, entry.chart, paragraphs.length > 0 ? CHART_BESIDE_TEXT : BODY, brand);
  if (entry.notes) slide.addNotes(entry.notes);
}

/**
 * Builds the .pptx (16:9): a title slide, then one slide per entry with its title, text, bullets, chart and
 * notes; with a brand, the title slide's band, the slide titles and the chart series take its colours.
 */
export async function buildPptx(input: CreatePresentationInput, brand: AppliedBrand | null = null): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = input.title;
  pptx.author = 'Atrium';
  if (input.description) pptx.subject = input.description;
  const deck = deckBrand(brand);
  addCover(pptx, input, deck);
  for (const entry of input.slides) addContentSlide(pptx, entry, deck);
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

export function createPresentationTool(deps: GeneratorDeps) {
  return defineOfficeTool(deps, {
    name: 'create_presentation',
    what: 'presentation',
    description:
      'Create a PowerPoint deck (.pptx): a title slide (title, subtitle) and content slides, each with a title, ' +
      'an optional paragraph, up to 12 bullets, an optional bar, line or pie chart and optional speaker notes.',
    inputSchema: CreatePresentationInput,
    build: buildPptx,
    extension: 'pptx',
    mimeType: PPTX_MIME,
    generator: 'pptxgenjs',
  });
}
