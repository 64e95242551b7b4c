import { describe, expect, it } from 'vitest';
import { chunkText } from '../src/platform/extract/chunks.ts';
import { extractText, UnsupportedFileType } from '../src/platform/extract/index.ts';
import { sampleFiles } from './helpers/sample-files.ts';

const PHRASE = 'photosynthesis budget overrun';

describe('extractText', () => {
  it('reads every supported type generated as a real file', async () => {
    const extractors: Record<string, string> = {};
    for (const file of await sampleFiles(PHRASE)) {
      const result = await extractText(file);
      expect(result.text, file.filename).toContain(PHRASE);
      expect(result.extractorVersion).toMatch(/^\d+$/);
      extractors[file.filename] = result.extractor;
    }
    expect(extractors).toEqual({
      'notes.txt': 'text',
      'readme.md': 'markdown',
      'table.csv': 'csv',
      'data.json': 'json',
      'page.html': 'html',
      'report.pdf': 'pdf-parse',
      'memo.docx': 'mammoth',
      'budget.xlsx': 'exceljs',
    });
  });

  it('drops scripts, styles and tags from HTML and decodes entities', async () => {
    const html = '<p>Fish &amp; chips&#33;</p><script>alert(1)</script><style>.a{}</style><!-- hidden -->';
    const { text } = await extractText({ filename: 'a.html', mimeType: 'text/html', data: Buffer.from(html) });
    expect(text).toBe('Fish & chips!');
  });

  it('falls back to the MIME type when the extension says nothing', async () => {
    const { extractor } = await extractText({
      filename: 'upload',
      mimeType: 'text/csv; charset=utf-8',
      data: Buffer.from('a,b'),
    });
    expect(extractor).toBe('csv');
  });

  it('refuses unsupported types and fails on corrupt files, without crashing', async () => {
    await expect(
      extractText({ filename: 'photo.png', mimeType: 'image/png', data: Buffer.from([1, 2]) }),
    ).rejects.toThrow(UnsupportedFileType);
    await expect(
      extractText({ filename: 'bad.json', mimeType: 'application/json', data: Buffer.from('{') }),
    ).rejects.toThrow();
    await expect(
      extractText({ filename: 'bad.pdf', mimeType: 'application/pdf', data: Buffer.from('not a pdf') }),
    ).rejects.toThrow();
    await expect(
      extractText({ filename: 'bad.docx', mimeType: 'application/octet-stream', data: Buffer.from('zip?') }),
    ).rejects.toThrow();
  });
});

describe('chunkText', () => {
  it('keeps every word, in order, in chunks of bounded size that end at natural breaks', () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} says something useful about topic ${i}.`);
    const text = paragraphs.join('\n\n');
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(1200);
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
    expect(chunks[0]!.endsWith('.')).toBe(true);
  });

  it('splits text without any break and returns nothing for blank text', () => {
    expect(chunkText('x'.repeat(3000)).map((c) => c.length)).toEqual([1200, 1200, 600]);
    expect(chunkText('  \n ')).toEqual([]);
  });
});
