export interface CsvTable {
  rows: string[][];
  /** True when the file has more rows than were read. */
  truncated: boolean;
}

/**
 * RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF), reading at most `maxRows` rows: a preview shows the
 * start of a large file without parsing all of it.
 */
export function parseCsv(text: string, maxRows: number): CsvTable {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      endRow();
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      if (rows.length === maxRows) return { rows, truncated: i + 1 < text.length };
    } else field += char;
    i += 1;
  }
  if (field !== '' || row.length > 0) endRow();
  return { rows, truncated: false };
}
