import {
  AlignmentType,
  Document,
  Header,
  HeadingLevel,
  ImageRun,
  type INumberingOptions,
  type IStylesOptions,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { z } from 'zod';
import { text } from '../runs/service.ts';
import type { AppliedBrand } from './brand.ts';
import { hexDigits, LARGE_TEXT_CONTRAST, legibleOn, readableTextOn, WHITE } from './brand-colors.ts';
import { fitLogo } from './brand-logo.ts';
import { defineOfficeTool, description, filenameField, type GeneratorDeps, title, withinBudget } from './shared.ts';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const cell = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

const Block = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), text: text(10_000) }),
  z.object({
    type: z.literal('bullets'),
    items: z.array(text(2000)).min(1).max(100),
    ordered: z.boolean().default(false).describe('Numbered instead of bulleted'),
  }),
  z.object({
    type: z.literal('table'),
    columns: z.array(text(200)).min(1).max(20).describe('Header row'),
    rows: z.array(z.array(cell).max(20)).max(200).describe('Rows of cells, as many as the columns at most'),
  }),
]);

export const CreateDocumentInput = z
  .object({
    title,
    filename: filenameField,
    description,
    sections: z
      .array(
        z.object({
          heading: text(200).optional(),
          level: z
            .union([z.literal(1), z.literal(2), z.literal(3)])
            .default(1)
            .describe('Heading level'),
          blocks: z.array(Block).max(100),
        }),
      )
      .min(1)
      .max(50),
  })
  .superRefine(withinBudget(200_000));

export type CreateDocumentInput = z.output<typeof CreateDocumentInput>;

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3] as const;
const cellText = (v: string | number | boolean | null) => (v === null ? '' : String(v));

/** The colours a branded document uses, as office hex. */
interface DocxBrand {
  heading: string;
  headerFill: string;
  headerText: string;
  bullet: string;
  logo: AppliedBrand['logo'];
}

function docxBrand(brand: AppliedBrand | null): DocxBrand | null {
  if (!brand) return null;
  return {
    // Headings are large text on the white page; a pale brand colour is darkened until it reads.
    heading: hexDigits(legibleOn(brand.primary, WHITE, LARGE_TEXT_CONTRAST)),
    headerFill: hexDigits(brand.primary),
    headerText: hexDigits(readableTextOn(brand.primary)),
    bullet: hexDigits(legibleOn(brand.accent, WHITE, LARGE_TEXT_CONTRAST)),
    logo: brand.logo,
  };
}

/** Word's own heading sizes (half-points) kept, only the colour taken from the brand. */
function brandedStyles(brand: DocxBrand): IStylesOptions {
  const run = (size: number) => ({ run: { color: brand.heading, size } });
  return { default: { title: run(56), heading1: run(32), heading2: run(26), heading3: run(24) } };
}

const BRANDED_BULLETS = 'brand-bullets';

/** The logo at the top right of every page's header, at most 160 × 48 px; raster logos only (Word's SVG needs a PNG twin). */
function logoHeader(logo: AppliedBrand['logo']): Header | undefined {
  if (!logo || (logo.mimeType !== 'image/png' && logo.mimeType !== 'image/jpeg')) return undefined;
  const size = fitLogo(logo, 160, 48);
  const image = new ImageRun({
    type: logo.mimeType === 'image/png' ? 'png' : 'jpg',
    data: logo.data,
    transformation: { width: Math.max(1, Math.round(size.width)), height: Math.max(1, Math.round(size.height)) },
    altText: { name: 'Logo', description: 'Logo', title: 'Logo' },
  });
  return new Header({ children: [new Paragraph({ alignment: AlignmentType.RIGHT, children: [image] })] });
}

function tableOf(columns: string[], rows: (string | number | boolean | null)[][], brand: DocxBrand | null): Table {
  const row = (cells: string[], header: boolean) =>
    new TableRow({
      tableHeader: header,
      children: columns.map((_, i) => {
        const color = header && brand ? brand.headerText : undefined;
        const paragraph = new Paragraph({ children: [new TextRun({ text: cells[i] ?? '', bold: header, color })] });
        return header && brand
          ? new TableCell({
              shading: { type: ShadingType.CLEAR, color: 'auto', fill: brand.headerFill },
              children: [paragraph],
            })
          : new TableCell({ children: [paragraph] });
      }),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [row(columns, true), ...rows.map((r) => row(r.slice(0, columns.length).map(cellText), false))],
  });
}

/**
 * Builds the .docx: a title, then each section's heading and its paragraphs, lists and tables in order. With a
 * brand: coloured title and headings, table header rows filled with the primary colour, bullets in the accent
 * colour, and the logo in the page header.
 */
export async function buildDocx(input: CreateDocumentInput, appliedBrand: AppliedBrand | null = null): Promise<Buffer> {
  const brand = docxBrand(appliedBrand);
  let listInstance = 0;
  const children: (Paragraph | Table)[] = [new Paragraph({ text: input.title, heading: HeadingLevel.TITLE })];
  for (const section of input.sections) {
    if (section.heading) {
      children.push(new Paragraph({ text: section.heading, heading: HEADINGS[section.level - 1] }));
    }
    for (const block of section.blocks) {
      if (block.type === 'paragraph') {
        for (const paragraph of block.text.split(/\n\s*\n/)) {
          const lines = paragraph.split('\n');
          children.push(
            new Paragraph({ children: lines.map((l, i) => new TextRun({ text: l, break: i > 0 ? 1 : 0 })) }),
          );
        }
      } else if (block.type === 'bullets') {
        listInstance += 1;
        for (const item of block.items) {
          children.push(
            block.ordered
              ? new Paragraph({ text: item, numbering: { reference: 'ordered', level: 0, instance: listInstance } })
              : brand
                ? new Paragraph({ text: item, numbering: { reference: BRANDED_BULLETS, level: 0 } })
                : new Paragraph({ text: item, bullet: { level: 0 } }),
          );
        }
      } else {
        children.push(tableOf(block.columns, block.rows, brand), new Paragraph({ text: '' }));
      }
    }
  }
  const numbering: INumberingOptions['config'][number][] = [
    { reference: 'ordered', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', start: 1 }] },
  ];
  if (brand) {
    numbering.push({
      reference: BRANDED_BULLETS,
      levels: [
        {
          level: 0,
          format: LevelFormat.BULLET,
          text: '\u2022',
          start: 1,
          style: { run: { color: brand.bullet }, paragraph: { indent: { left: 720, hanging: 360 } } },
        },
      ],
    });
  }
  const header = logoHeader(brand?.logo ?? null);
  const doc = new Document({
    title: input.title,
    description: input.description ?? '',
    creator: 'Atrium',
    ...(brand ? { styles: brandedStyles(brand) } : {}),
    numbering: { config: numbering },
    sections: [{ ...(header ? { headers: { default: header } } : {}), children }],
  });
  return Packer.toBuffer(doc);
}

export function createDocumentTool(deps: GeneratorDeps) {
  return defineOfficeTool(deps, {
    name: 'create_document',
    what: 'document',
    description:
      'Create a Word document (.docx) with a title and sections; each section has an optional heading and blocks: ' +
      'paragraphs, bulleted or numbered lists, and simple tables.',
    inputSchema: CreateDocumentInput,
    build: buildDocx,
    extension: 'docx',
    mimeType: DOCX_MIME,
    generator: 'docx',
  });
}
