import { describe, expect, it } from 'vitest';
import { inferArtifactType } from '../src/modules/artifacts/types.ts';

describe('inferArtifactType', () => {
  it.each([
    ['text/html', 'board.html', 'dashboard'],
    ['application/octet-stream', 'page.HTM', 'dashboard'],
    ['text/html; charset=utf-8', 'page', 'dashboard'],
    ['image/png', 'chart.png', 'image'],
    ['image/x-anything', 'blob', 'image'],
    ['application/octet-stream', 'logo.svg', 'image'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'deck', 'presentation'],
    ['application/octet-stream', 'old.ppt', 'presentation'],
    ['application/octet-stream', 'talk.key', 'presentation'],
    ['application/octet-stream', 'open.odp', 'presentation'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'book', 'spreadsheet'],
    ['text/plain', 'table.csv', 'spreadsheet'],
    ['application/octet-stream', 'legacy.xls', 'spreadsheet'],
    ['application/octet-stream', 'calc.ods', 'spreadsheet'],
    ['text/csv', 'export', 'spreadsheet'],
    ['application/octet-stream', 'memo.docx', 'document'],
    ['application/msword', 'memo', 'document'],
    ['application/pdf', 'report', 'document'],
    ['application/octet-stream', 'writer.odt', 'document'],
    ['text/markdown', 'README.md', 'document'],
    ['text/plain', 'notes.txt', 'document'],
    ['application/json', 'data.json', 'file'],
    ['text/x-python', 'script.py', 'file'],
    ['application/zip', 'bundle.zip', 'file'],
    ['application/octet-stream', 'unknown', 'file'],
    ['', '', 'file'],
  ])('%s + %s → %s', (mime, filename, type) => {
    expect(inferArtifactType(mime, filename)).toBe(type);
  });

  it('prefers the extension over a conflicting MIME type', () => {
    expect(inferArtifactType('text/html', 'sheet.xlsx')).toBe('spreadsheet');
    expect(inferArtifactType('image/png', 'deck.pptx')).toBe('presentation');
  });
});
