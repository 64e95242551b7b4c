import { describe, expect, it, vi } from 'vitest';
import { downloadCsv, toCsv } from './csv.ts';
import { breakdownTable, chargebackTable, tableCsv } from './tables.ts';

/** A blob's text with its byte-order mark kept (jsdom's Blob has no text(), and decoders drop the mark). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

describe('CSV', () => {
  it('quotes fields holding a quote, comma or line break, doubling quotes, with CRLF lines', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['Web, "UI"', 'two\nlines'],
          ['plain', 3],
        ],
      ),
    ).toBe('a,b\r\n"Web, ""UI""","two\nlines"\r\nplain,3\r\n');
  });

  it('turns a cell a spreadsheet would run as a formula into text', () => {
    const row = ['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tTab', '\rReturn', 'fine=ok'];
    expect(toCsv(['cells'], [row])).toBe(
      `cells\r\n"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1),'\tTab,"'\rReturn",fine=ok\r\n`,
    );
  });

  it('writes numbers as they are, negative ones too (they are figures, not text)', () => {
    expect(toCsv(['n'], [[-4.5], [0]])).toBe('n\r\n-4.5\r\n0\r\n');
  });

  it('holds the same figures as the table, money as dollars with two decimals', () => {
    const table = breakdownTable(
      {
        dimension: 'department',
        items: [
          { id: 'd1', label: '=Platform', cost_cents: 123_456, call_count: 1234, percent_of_total: 99.9 },
          { id: 'none', label: 'Unassigned', cost_cents: 5, call_count: 1, percent_of_total: 0.1 },
        ],
      },
      { from: '2024-03-01', to: '2024-03-31' },
    );
    expect(table.rows.map((row) => row.cells.map((cell) => cell.text))).toEqual([
      ['=Platform', '$1,234.56', '1,234', '99.9%'],
      ['Unassigned', '$0.05', '1', '0.1%'],
    ]);
    expect(table.filename).toBe('usage-by-department-2024-03-01_2024-03-31.csv');
    expect(tableCsv(table)).toBe(
      "department,cost_usd,call_count,percent_of_total\r\n'=Platform,1234.56,1234,99.9\r\nUnassigned,0.05,1,0.1\r\n",
    );
  });

  it('ends the chargeback with its total and names each department’s parent', () => {
    const table = chargebackTable({
      month: '2024-03',
      currency: 'USD',
      total_minor: 1500,
      items: [
        {
          department: { id: 'r', name: 'Engineering', parent_department_id: null },
          depth: 0,
          cost_minor: 1000,
          own_minor: 400,
          runs: 3,
        },
        {
          department: { id: 'c', name: 'Web, "UI"', parent_department_id: 'r' },
          depth: 1,
          cost_minor: 600,
          own_minor: 600,
          runs: 2,
        },
        { department: null, depth: 0, cost_minor: 500, own_minor: 500, runs: 0 },
      ],
    });
    expect(tableCsv(table)).toBe(
      'department,parent_department,cost_usd,own_cost_usd,runs\r\n' +
        'Engineering,,10.00,4.00,3\r\n' +
        '"Web, ""UI""",Engineering,6.00,6.00,2\r\n' +
        'Unassigned,,5.00,5.00,0\r\n' +
        'Total,,15.00,,\r\n',
    );
  });

  it('downloads as a UTF-8 file of the given name', async () => {
    const blobs: Blob[] = [];
    const clicked: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:usage';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    downloadCsv('usage.csv', 'a,b\r\n');
    expect(click).toHaveBeenCalledOnce();
    expect(clicked).toEqual(['usage.csv']);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(await textOf(blobs[0]!)).toBe('\uFEFFa,b\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
