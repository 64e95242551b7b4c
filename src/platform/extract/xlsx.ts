import ExcelJS from 'exceljs';
import type { Extracted } from './index.ts';

/** Every sheet as a heading line and its rows as tab-separated cell text (formulas give their last result). */
export async function extractXlsx(data: Buffer): Promise<Extracted> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const lines: string[] = [];
  workbook.eachSheet((sheet) => {
    lines.push(`# ${sheet.name}`);
    sheet.eachRow((row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell) => {
        cells.push(cell.text ?? '');
      });
      lines.push(cells.join('\t'));
    });
    lines.push('');
  });
  return { text: lines.join('\n').trim(), extractor: 'exceljs', extractorVersion: '4' };
}
