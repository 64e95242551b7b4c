import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, over LF and CRLF', () => {
    expect(parseCsv('name,note\r\n"Smith, J","said ""hi""\nthen left"\nLee,\n', 10)).toEqual({
      rows: [
        ['name', 'note'],
        ['Smith, J', 'said "hi"\nthen left'],
        ['Lee', ''],
      ],
      truncated: false,
    });
  });

  it('keeps a last row without a line break', () => {
    expect(parseCsv('a,b\n1,2', 10).rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('stops after maxRows and says there is more', () => {
    expect(parseCsv('1\n2\n3\n', 2)).toEqual({ rows: [['1'], ['2']], truncated: true });
    expect(parseCsv('1\n2\n', 2)).toEqual({ rows: [['1'], ['2']], truncated: false });
  });
});
