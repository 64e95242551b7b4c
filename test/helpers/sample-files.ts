import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Real files of every supported type, generated in the test, each containing `phrase`. */
export async function sampleFiles(phrase: string): Promise<{ filename: string; mimeType: string; data: Buffer }[]> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText(`Report: ${phrase}`, { x: 50, y: 700, size: 12, font });

  const docx = new Document({ sections: [{ children: [new Paragraph('Memo'), new Paragraph(`Body: ${phrase}`)] }] });

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Budget');
  sheet.addRow(['Item', 'Note']);
  sheet.addRow(['Travel', phrase]);

  return [
    { filename: 'notes.txt', mimeType: 'text/plain', data: Buffer.from(`Notes\n${phrase}\n`) },
    { filename: 'readme.md', mimeType: 'text/markdown', data: Buffer.from(`# Title\n\n${phrase}\n`) },
    { filename: 'table.csv', mimeType: 'text/csv', data: Buffer.from(`name,comment\nrow,"${phrase}"\n`) },
    { filename: 'data.json', mimeType: 'application/json', data: Buffer.from(JSON.stringify({ comment: phrase })) },
    {
      filename: 'page.html',
      mimeType: 'text/html',
      data: Buffer.from(
        `<html><head><style>p{}</style><script>var x=1</script></head><body><p>${phrase}</p></body></html>`,
      ),
    },
    { filename: 'report.pdf', mimeType: 'application/pdf', data: Buffer.from(await pdf.save()) },
    {
      filename: 'memo.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      data: await Packer.toBuffer(docx),
    },
    {
      filename: 'budget.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data: Buffer.from(await workbook.xlsx.writeBuffer()),
    },
  ];
}
