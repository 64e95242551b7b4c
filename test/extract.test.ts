import { describe, expect, it } from 'vitest';
import { chunkText } from '../src/platform/extract/chunks.ts';
import {
  DEFAULT_EXTRACT_LIMITS,
  extractText,
  MAX_EXTRACTED_CHARS,
  UnreadableFile,
  UnsupportedFileType,
} from '../src/platform/extract/index.ts';
import { sampleFiles } from './helpers/sample-files.ts';
import { docxArchive, paragraph, zipArchive } from './helpers/zip-files.ts';

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
    ).rejects.toThrow(UnreadableFile);
    await expect(
      extractText({ filename: 'bad.pdf', mimeType: 'application/pdf', data: Buffer.from('not a pdf') }),
    ).rejects.toThrow(UnreadableFile);
    await expect(
      extractText({ filename: 'bad.docx', mimeType: 'application/octet-stream', data: Buffer.from('zip?') }),
    ).rejects.toThrow(UnreadableFile);
  });

  it('reads HTML with a real parser: cells apart, unclosed comments and nested hidden elements dropped', async () => {
    const html =
      '<title>Plan</title><table><tr><td>Q1</td><td>12&nbsp;000</td></tr></table>' +
      '<template><p>draft<script>x()</script></p></template><b>bold</b>text<!-- never closed <p>gone</p>';
    const { text } = await extractText({ filename: 'a.html', mimeType: 'text/html', data: Buffer.from(html) });
    expect(text).toBe('Plan\nQ1 12 000\nboldtext');
  });

  it('reads hostile HTML in linear time: 156 KB of `<!--` or `<script` as fast as 156 KB of paragraphs', async () => {
    const size = 156 * 1024;
    const timed = async (markup: string) => {
      const data = Buffer.from(markup.repeat(Math.ceil(size / markup.length)).slice(0, size));
      const started = performance.now();
      const { text } = await extractText({ filename: 'a.html', mimeType: 'text/html', data });
      return { text, ms: performance.now() - started };
    };
    const baseline = await timed('<p>a line of ordinary prose</p>');
    expect(baseline.text.length).toBeGreaterThan(100_000);
    // Regular expressions took 13 s on the first of these; a tokenizer takes about what the baseline takes.
    for (const hostile of ['<!--', '<script', '<script>', '<style><!--']) {
      const { text, ms } = await timed(hostile);
      expect(text, hostile).toBe('');
      expect(ms, hostile).toBeLessThan(5 * baseline.ms + 1000);
    }
  });

  it('refuses a zip past its bounds before any library unpacks it', async () => {
    const docx = (data: Buffer) =>
      extractText({ filename: 'a.docx', mimeType: 'application/octet-stream', data }).then(
        () => 'read',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    const small = Buffer.from('x');
    // The directory declares more than 100 MB in all.
    expect(await docx(docxArchive(paragraph('hi'), [{ name: 'a.bin', data: small, declaredSize: 101 << 20 }]))).toBe(
      'UnreadableFile: it unpacks to more than 100 MB, the most read from one document',
    );
    // The directory lies: an entry declared as 1 KB inflates to 20 MB.
    const liar = { name: 'a.bin', data: Buffer.alloc(20 << 20), declaredSize: 1024 };
    expect(await docx(docxArchive(paragraph('hi'), [liar]))).toBe(
      'UnreadableFile: it unpacks to more than its zip directory declares',
    );
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `m/${i}.xml`, data: small }));
    expect(await docx(docxArchive(paragraph('hi'), many))).toBe(
      'UnreadableFile: it holds 10003 zip entries, more than the 10000 read from one document',
    );
    const damaged = 'UnreadableFile: it is not a readable zip archive (damaged, or not really a docx or xlsx file)';
    const honest = docxArchive(paragraph('hi'));
    expect(await docx(honest.subarray(0, honest.length - 30))).toBe(damaged);
    expect(await docx(zipArchive([]).subarray(0, 10))).toBe(damaged);
    expect(await docx(honest)).toBe('read');
    // Spreadsheets are zips too, checked the same way.
    const sheet = await extractText({
      filename: 'b.xlsx',
      mimeType: 'application/octet-stream',
      data: zipArchive([{ name: 'xl/workbook.xml', data: small, declaredSize: 101 << 20 }]),
    }).catch((error: Error) => error.message);
    expect(sheet).toBe('it unpacks to more than 100 MB, the most read from one document');
  });

  it('stops a reader past its memory limit, and says so', async () => {
    // A tiny heap, so the reader runs out quickly (near its limit V8 spends its time collecting garbage).
    const rows = Array.from({ length: 300_000 }, (_, i) => ({ id: i, name: `row ${i}` }));
    const data = Buffer.from(JSON.stringify(rows));
    const limits = { ...DEFAULT_EXTRACT_LIMITS, memoryMb: 16 };
    await expect(extractText({ filename: 'rows.json', mimeType: 'application/json', data }, limits)).rejects.toThrow(
      new UnreadableFile('reading it needed more than 16 MB of memory, so it was stopped'),
    );
  });

  it('keeps at most MAX_EXTRACTED_CHARS characters, never half a surrogate pair, and says when it cut', async () => {
    const read = (text: string) => extractText({ filename: 'a.txt', mimeType: 'text/plain', data: Buffer.from(text) });
    const exact = await read('a'.repeat(MAX_EXTRACTED_CHARS));
    expect(exact).toMatchObject({ truncated: false });
    expect(exact.text.length).toBe(MAX_EXTRACTED_CHARS);
    const cut = await read(`${'a'.repeat(MAX_EXTRACTED_CHARS - 1)}\u{1F600}tail`);
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe('a'.repeat(MAX_EXTRACTED_CHARS - 1));
    const html = await extractText({
      filename: 'a.html',
      mimeType: 'text/html',
      data: Buffer.from(`<p>${'b'.repeat(MAX_EXTRACTED_CHARS)}</p><p>after</p>`),
    });
    expect(html.truncated).toBe(true);
    expect(html.text).not.toContain('after');
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
