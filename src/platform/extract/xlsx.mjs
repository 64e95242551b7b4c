// Spreadsheets for the extraction worker (worker.mjs): exceljs, once the zip is known to unpack within bounds.
import ExcelJS from 'exceljs';
import { createCollector } from './text.mjs';
import { assertSafeZip } from './zip.mjs';

/** Every sheet as a heading line and its rows as tab-separated cell text (formulas give their last result). */
export async function extractXlsx(data, maxChars) {
  assertSafeZip(data);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  const out = createCollector(maxChars);
  workbook.eachSheet((sheet) => {
    if (out.full) return;
    out.push(`# ${sheet.name}\n`);
    sheet.eachRow((row) => {
      if (out.full) return;
      const cells = [];
      row.eachCell({ includeEmpty: true }, (cell) => {
        cells.push(cell.text ?? '');
      });
      out.push(`${cells.join('\t')}\n`);
    });
    out.push('\n');
  });
  const { text, truncated } = out.result();
  return { text: text.trim(), truncated };
}
