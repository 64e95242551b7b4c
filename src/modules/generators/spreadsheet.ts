import ExcelJS from 'exceljs';
import { z } from 'zod';
import { text } from '../runs/service.ts';
import type { AppliedBrand } from './brand.ts';
import { hexDigits, readableTextOn } from './brand-colors.ts';
import { defineOfficeTool, description, filenameField, type GeneratorDeps, title, withinBudget } from './shared.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_CELLS = 100_000;

/**
 * Functions a generated workbook may not call: they reach the network or other files, run code, or read the
 * machine (a prompt-injected model must not plant them). External references (`[book]`) and DDE (`|`) too.
 */
const UNSAFE_FORMULA =
  /\b(WEBSERVICE|FILTERXML|HYPERLINK|IMPORT\w*|IMAGE|CALL|REGISTER(\.ID)?|EXEC|RTD|DDE\w*|INDIRECT|INFO|CELL)\s*\(|[[|]/i;

const Formula = z.object({
  formula: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .refine((f) => !UNSAFE_FORMULA.test(f), 'uses a function or reference that generated workbooks may not use')
    .describe('An Excel formula such as SUM(B2:B9), with or without the leading ='),
});

const Cell = z.union([z.string().max(5000), z.number(), z.boolean(), z.null(), Formula]);
export type SheetCell = z.output<typeof Cell>;

const Column = z.union([
  text(200),
  z.object({ header: text(200), width: z.number().min(4).max(100).optional().describe('In characters') }),
]);

// Excel's rules for sheet names.
const SheetName = z
  .string()
  .trim()
  .min(1)
  .max(31)
  .refine((n) => !/[[\]:*?/\\]/.test(n) && !n.startsWith("'") && !n.endsWith("'"), 'not a valid sheet name')
  .refine((n) => n.toLowerCase() !== 'history', '"History" is reserved');

const Sheet = z
  .object({
    name: SheetName,
    columns: z.array(Column).min(1).max(50).describe('The header row'),
    rows: z.array(z.array(Cell).max(50)).max(5000),
  })
  .superRefine((sheet, ctx) => {
    const wide = sheet.rows.findIndex((r) => r.length > sheet.columns.length);
    if (wide >= 0) ctx.addIssue({ code: 'custom', path: ['rows', wide], message: 'has more cells than columns' });
  });

export const CreateSpreadsheetInput = z
  .object({ title, filename: filenameField, description, sheets: z.array(Sheet).min(1).max(20) })
  .superRefine((input, ctx) => {
    const names = input.sheets.map((s) => s.name.toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['sheets'], message: 'sheet names must be unique' });
    const cells = input.sheets.reduce((n, s) => n + s.rows.length * s.columns.length, 0);
    if (cells > MAX_CELLS)
      ctx.addIssue({ code: 'custom', path: ['sheets'], message: `at most ${MAX_CELLS} cells in all` });
  })
  .superRefine(withinBudget(2_000_000));

export type CreateSpreadsheetInput = z.output<typeof CreateSpreadsheetInput>;

const cellValue = (v: SheetCell): ExcelJS.CellValue =>
  v !== null && typeof v === 'object' ? { formula: v.formula.replace(/^=/, '') } : v;

const cellWidth = (v: SheetCell) => (v === null ? 0 : typeof v === 'object' ? 10 : String(v).length);

/** The header row's look: bold; with a brand, filled with the primary colour under readable text. */
function styleHeader(row: ExcelJS.Row, columnCount: number, brand: AppliedBrand | null): void {
  if (!brand) {
    row.font = { bold: true };
    return;
  }
  const font = { bold: true, color: { argb: `FF${hexDigits(readableTextOn(brand.primary))}` } };
  const fill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${hexDigits(brand.primary)}` } };
  // Cell by cell, not the whole row: a row fill would paint all 16,384 columns.
  for (let column = 1; column <= columnCount; column++) {
    const cell = row.getCell(column);
    cell.font = font;
    cell.fill = fill;
  }
}

/**
 * Builds the .xlsx: one worksheet per sheet, bold frozen header row with a filter, sized columns; with a brand
 * the header row is filled with the primary colour.
 */
export async function buildXlsx(input: CreateSpreadsheetInput, brand: AppliedBrand | null = null): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Atrium';
  workbook.title = input.title;
  if (input.description) workbook.description = input.description;
  for (const sheet of input.sheets) {
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    const columns = sheet.columns.map((c) => (typeof c === 'string' ? { header: c } : c));
    ws.columns = columns.map((c, i) => {
      const widest = Math.max(c.header.length, ...sheet.rows.slice(0, 500).map((r) => cellWidth(r[i] ?? null)));
      return { header: c.header, width: c.width ?? Math.min(60, Math.max(8, widest + 2)) };
    });
    styleHeader(ws.getRow(1), columns.length, brand);
    for (const row of sheet.rows) ws.addRow(row.map(cellValue));
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function createSpreadsheetTool(deps: GeneratorDeps) {
  return defineOfficeTool(deps, {
    name: 'create_spreadsheet',
    what: 'spreadsheet',
    description:
      'Create an Excel workbook (.xlsx). Each sheet has a name, columns (the bold, frozen header row) and rows of ' +
      'cells: text, numbers, booleans, null for empty, or {"formula": "SUM(B2:B9)"}.',
    inputSchema: CreateSpreadsheetInput,
    build: buildXlsx,
    extension: 'xlsx',
    mimeType: XLSX_MIME,
    generator: 'exceljs',
  });
}
