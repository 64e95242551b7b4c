import {
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { z } from 'zod';
import { text } from '../runs/service.ts';
import { type ArtifactWriter, defineOfficeTool, description, filenameField, title, withinBudget } from './shared.ts';

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

function tableOf(columns: string[], rows: (string | number | boolean | null)[][]): Table {
  const row = (cells: string[], bold: boolean) =>
    new TableRow({
      tableHeader: bold,
      children: columns.map(
        (_, i) =>
          new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: cells[i] ?? '', bold })] })] }),
      ),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [row(columns, true), ...rows.map((r) => row(r.slice(0, columns.length).map(cellText), false))],
  });
}

/** Builds the .docx: a title, then each section's heading and its paragraphs, lists and tables in order. */
export async function buildDocx(input: CreateDocumentInput): Promise<Buffer> {
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
              : new Paragraph({ text: item, bullet: { level: 0 } }),
          );
        }
      } else {
        children.push(tableOf(block.columns, block.rows), new Paragraph({ text: '' }));
      }
    }
  }
  const doc = new Document({
    title: input.title,
    description: input.description ?? '',
    creator: 'Atrium',
    numbering: {
      config: [
        {
          reference: 'ordered',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', start: 1 }],
        },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}

export function createDocumentTool(artifacts: ArtifactWriter) {
  return defineOfficeTool(artifacts, {
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
