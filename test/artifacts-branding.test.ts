import { wcagContrast } from 'culori';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import type { ArtifactRow } from '../src/modules/artifacts/service.ts';
import { type ArtifactBrand, artifactBrandFrom, brandLookup } from '../src/modules/generators/brand.ts';
import {
  completeBrandColors,
  legibleOn,
  NEAR_BLACK,
  readableTextOn,
  seriesColors,
  WHITE,
} from '../src/modules/generators/brand-colors.ts';
import { checkLogo } from '../src/modules/generators/brand-logo.ts';
import { type BrandSource, createGeneratorsService } from '../src/modules/generators/service.ts';
import type { ToolContext } from '../src/modules/runs/tools/types.ts';
import type { Executor } from '../src/platform/db/client.ts';
import { newId } from '../src/platform/ids.ts';

// A 6 × 2 PNG (a wide logo) and an SVG; their exact bytes must reach the files.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAYAAAACCAIAAAD0PzoJAAAAEElEQVR4nGOosXqLhhgwhQBwFROlV1KewwAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40" fill="#7c3aed"/></svg>',
);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(16)]);

const VIOLET: ArtifactBrand = {
  primary: '#7C3AED',
  secondary: '#0F766E',
  accent: '#B45309',
  logo: { data: PNG, mimeType: 'image/png' },
};

const ORG = newId();

/** The generator tools over an artifact writer that keeps the bytes, with `brand` as the brand source. */
function generators(brand?: BrandSource) {
  const files: { filename: string; bytes: Buffer }[] = [];
  const artifacts = {
    createArtifact: async (
      _tx: Executor,
      input: { filename: string; bytes: Buffer; mimeType: string; title: string },
    ) => {
      files.push({ filename: input.filename, bytes: input.bytes });
      return { ...input, id: newId(), type: 'file', sizeBytes: input.bytes.length } as unknown as ArtifactRow;
    },
  };
  const { tools } = createGeneratorsService({ artifacts, ...(brand ? { brand } : {}) });
  /** Runs a tool and returns the bytes it stored. */
  return async (name: string, input: unknown): Promise<Buffer> => {
    const ctx: ToolContext = {
      organizationId: ORG,
      threadId: newId(),
      runId: newId(),
      actId: newId(),
      projectId: null,
      principalId: newId(),
      usageContext: { organizationId: ORG },
      model: 'test-model',
      prompt: null,
      tx: {} as Executor,
    };
    const outcome = await tools.find((t) => t.name === name)!.execute(input, ctx);
    if (outcome.kind !== 'result' || !outcome.artifact) throw new Error(JSON.stringify(outcome));
    return files.at(-1)!.bytes;
  };
}

const branded = (brand: ArtifactBrand | null = VIOLET) => generators(() => Promise.resolve(brand));

const DOCUMENT = {
  title: 'Quarterly review',
  sections: [
    {
      heading: 'Summary',
      blocks: [
        { type: 'paragraph', text: 'Revenue grew.' },
        { type: 'bullets', items: ['First point', 'Second point'] },
        { type: 'bullets', ordered: true, items: ['Step one'] },
      ],
    },
    { heading: 'Detail', level: 2, blocks: [{ type: 'table', columns: ['Region', 'Sales'], rows: [['North', 12]] }] },
    { heading: 'Notes', level: 3, blocks: [{ type: 'paragraph', text: 'Fine print.' }] },
  ],
};

const CHART = {
  title: 'Sales',
  kind: 'bar',
  labels: ['Q1', 'Q2'],
  series: [
    { name: 'North', values: [1, 2] },
    { name: 'South', values: [3, 4] },
    { name: 'East', values: [5, 6] },
  ],
};

const DECK = {
  title: 'Roadmap',
  subtitle: 'Next two quarters',
  slides: [{ title: 'Numbers', bullets: ['Up and to the right'], chart: CHART }],
};

const SPREADSHEET = {
  title: 'Budget',
  sheets: [{ name: 'Plan', columns: ['Item', 'Cost'], rows: [['Rent', 100]] }],
};

const DASHBOARD = { title: 'Ops', metrics: [{ label: 'Uptime', value: '99.9%' }], charts: [CHART] };

const unzip = async (bytes: Buffer) => {
  const zip = await JSZip.loadAsync(bytes);
  return { zip, xml: (path: string) => zip.file(path)!.async('string') };
};

/** The `<w:style>` of a style id in styles.xml. */
const styleXml = (styles: string, id: string) =>
  styles.match(new RegExp(`<w:style [^>]*w:styleId="${id}".*?</w:style>`))?.[0] ?? '';

/** The colour of the text run holding `text` in a slide. */
const runColor = (slideXml: string, text: string) => {
  const before = slideXml.slice(0, slideXml.indexOf(`<a:t>${text}</a:t>`));
  return before.slice(before.lastIndexOf('<a:rPr')).match(/<a:srgbClr val="([0-9A-F]{6})"/)?.[1];
};
const shapeCount = (slideXml: string) => slideXml.match(/<p:sp>/g)?.length ?? 0;

/** The first srgbClr of each `<c:ser>` of a chart part, in order. */
const seriesColorsOf = (chartXml: string) =>
  chartXml
    .split('<c:ser>')
    .slice(1)
    .map((ser) => ser.match(/<a:srgbClr val="([0-9A-F]{6})"/)?.[1]);

describe('brand colours', () => {
  it('picks white or near-black text by WCAG contrast (4.5 for body text)', () => {
    expect(readableTextOn('#7c3aed')).toBe(WHITE);
    expect(readableTextOn('#facc15')).toBe(NEAR_BLACK);
    expect(readableTextOn('#000000')).toBe(WHITE);
    expect(readableTextOn('#ffffff')).toBe(NEAR_BLACK);
    for (const bg of ['#7c3aed', '#facc15', '#0f766e', '#22d3ee', '#ef4444']) {
      expect(wcagContrast(readableTextOn(bg), bg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a legible colour and darkens (or lightens) one that is not, in the same hue', () => {
    expect(legibleOn('#7c3aed', WHITE, 3)).toBe('#7c3aed');
    const darker = legibleOn('#facc15', WHITE, 3);
    expect(darker).not.toBe('#facc15');
    expect(wcagContrast(darker, WHITE)).toBeGreaterThanOrEqual(3);
    const lighter = legibleOn('#1e1b4b', '#1e293b', 3);
    expect(wcagContrast(lighter, '#1e293b')).toBeGreaterThanOrEqual(3);
  });

  it('fills a missing secondary and accent from the first set colour; none set is no brand', () => {
    expect(completeBrandColors({ primary: null, secondary: null, accent: '' })).toBeNull();
    expect(completeBrandColors({ primary: '#7C3AED', secondary: '#0f766e', accent: '#b45309' })).toEqual({
      primary: '#7c3aed',
      secondary: '#0f766e',
      accent: '#b45309',
    });
    const derived = completeBrandColors({ primary: '#7c3aed' })!;
    expect(derived.primary).toBe('#7c3aed');
    expect(derived.secondary).toMatch(/^#[0-9a-f]{6}$/);
    expect(derived.accent).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(Object.values(derived)).size).toBe(3);
    expect(completeBrandColors({ secondary: '#0f766e', accent: 'red' })!.primary).toBe('#0f766e');
    // A grey brand still gets a coloured accent.
    const grey = completeBrandColors({ primary: '#555555' })!;
    expect(grey.accent).not.toMatch(/^#([0-9a-f]{2})\1\1$/);
  });

  it('builds the brand from what was set: colours completed, a lone logo seeded with the default blue, else none', () => {
    const logo = { data: PNG, mimeType: 'image/png' as const };
    expect(artifactBrandFrom({ primary: null, secondary: null, accent: null }, null)).toBeNull();
    expect(artifactBrandFrom({ primary: '#7c3aed', secondary: '#0f766e', accent: '#b45309' }, logo)).toEqual({
      primary: '#7c3aed',
      secondary: '#0f766e',
      accent: '#b45309',
      logo,
    });
    expect(artifactBrandFrom({}, logo)).toMatchObject({ primary: '#2563eb', logo });
    expect(artifactBrandFrom({ accent: '#b45309' }, null)).toMatchObject({ primary: '#b45309', accent: '#b45309' });
  });

  it('cycles primary, secondary, accent, then tints and shades, for chart series', () => {
    const colors = seriesColors({ primary: '#7c3aed', secondary: '#0f766e', accent: '#b45309' });
    expect(colors).toHaveLength(8);
    expect(colors.slice(0, 3)).toEqual(['#7c3aed', '#0f766e', '#b45309']);
    expect(new Set(colors).size).toBe(8);
    expect(seriesColors({ primary: '#7c3aed', secondary: '#0f766e', accent: '#b45309' }, 12)).toHaveLength(12);
  });
});

describe('logos', () => {
  it('measures PNG, JPEG and SVG logos and refuses bytes that are not what the type says', () => {
    expect(checkLogo({ data: PNG, mimeType: 'image/png' })).toMatchObject({ width: 6, height: 2 });
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0000b080028007801011100', 'hex');
    expect(checkLogo({ data: jpeg, mimeType: 'image/jpeg' })).toMatchObject({ width: 120, height: 40 });
    expect(checkLogo({ data: SVG, mimeType: 'image/svg+xml' })).toMatchObject({ width: 120, height: 40 });
    expect(checkLogo({ data: WEBP, mimeType: 'image/webp' })).not.toBeNull();
    expect(checkLogo({ data: Buffer.from('not a png'), mimeType: 'image/png' })).toBeNull();
    expect(checkLogo({ data: PNG, mimeType: 'image/jpeg' })).toBeNull();
    expect(checkLogo({ data: Buffer.from('<html></html>'), mimeType: 'image/svg+xml' })).toBeNull();
    expect(checkLogo({ data: PNG, mimeType: 'image/gif' })).toBeNull();
    expect(checkLogo({ data: Buffer.alloc(0), mimeType: 'image/png' })).toBeNull();
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(checkLogo({ data: huge, mimeType: 'image/png' })).toBeNull();
  });
});

describe('brand lookup', () => {
  it('asks the source once per tool call, for the calling organization; create_file does not ask', async () => {
    const asked: string[] = [];
    const run = generators(async (id) => {
      asked.push(id);
      return VIOLET;
    });
    await run('create_document', DOCUMENT);
    await run('create_spreadsheet', SPREADSHEET);
    await run('create_presentation', DECK);
    await run('create_dashboard', DASHBOARD);
    await run('create_file', { filename: 'a.txt', content: 'hi' });
    expect(asked).toEqual([ORG, ORG, ORG, ORG]);
  });

  it('makes the file unbranded when the source throws, rejects, is slow or returns malformed colours', async () => {
    const plain = await generators()('create_dashboard', DASHBOARD);
    const failing: BrandSource[] = [
      () => {
        throw new Error('storage down');
      },
      () => Promise.reject(new Error('db down')),
      () => Promise.resolve({ ...VIOLET, primary: 'red' }),
      () => Promise.resolve({ ...VIOLET, accent: '#12345' }),
      () => Promise.resolve({ ...VIOLET, secondary: '#7c3aed;}body{x:url(//evil)' }),
    ];
    for (const source of failing)
      expect((await generators(source)('create_dashboard', DASHBOARD)).equals(plain)).toBe(true);
    const slow = brandLookup(() => new Promise(() => {}), 20);
    expect(await slow(ORG, {} as Executor)).toBeNull();
  });

  it('leaves out a logo that cannot be embedded but keeps the colours', async () => {
    const html = (
      await branded({ ...VIOLET, logo: { data: Buffer.from('<script>x</script>'), mimeType: 'image/png' } })(
        'create_dashboard',
        DASHBOARD,
      )
    ).toString();
    expect(html).toContain('--brand:#7c3aed');
    expect(html).not.toContain('<img');
  });
});

describe('Word documents', () => {
  it('colours the title and headings, fills table headers with readable text, colours bullets, shows the logo', async () => {
    const bytes = await branded()('create_document', DOCUMENT);
    const { zip, xml } = await unzip(bytes);
    const styles = await xml('word/styles.xml');
    for (const [id, size] of [
      ['Title', 56],
      ['Heading1', 32],
      ['Heading2', 26],
      ['Heading3', 24],
    ] as const) {
      expect(styleXml(styles, id)).toContain(`<w:color w:val="7C3AED"/><w:sz w:val="${size}"/>`);
    }
    const document = await xml('word/document.xml');
    const headerCells = document.match(/<w:tc>.*?<\/w:tc>/g)!.slice(0, 2);
    for (const cell of headerCells) {
      expect(cell).toContain('<w:shd w:fill="7C3AED" w:color="auto" w:val="clear"/>');
      expect(cell).toContain('<w:color w:val="FFFFFF"/>');
    }
    expect(document.match(/<w:shd /g)).toHaveLength(2);
    expect(await xml('word/numbering.xml')).toContain('<w:color w:val="B45309"/>');
    const headers = Object.keys(zip.files).filter((f) => /^word\/header\d*\.xml$/.test(f));
    expect(headers).toHaveLength(1);
    expect(await xml(headers[0]!)).toContain('<a:blip r:embed=');
    const media = Object.keys(zip.files).filter((f) => f.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    expect((await zip.file(media[0]!)!.async('nodebuffer')).equals(PNG)).toBe(true);
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    expect(value).toContain('Quarterly review');
    expect(value).toContain('Second point');
    expect(value).toContain('North');
  });

  it('darkens a pale primary for headings and puts near-black text on its header fill', async () => {
    const { xml } = await unzip(
      await branded({ ...VIOLET, primary: '#FACC15', logo: null })('create_document', DOCUMENT),
    );
    const heading = styleXml(await xml('word/styles.xml'), 'Heading1').match(/<w:color w:val="([0-9A-F]{6})"/)![1]!;
    expect(heading).not.toBe('FACC15');
    expect(wcagContrast(`#${heading}`, WHITE)).toBeGreaterThanOrEqual(3);
    const document = await xml('word/document.xml');
    expect(document).toContain('<w:shd w:fill="FACC15" w:color="auto" w:val="clear"/>');
    expect(document).toContain('<w:color w:val="111827"/>');
  });

  it('without a brand looks as it always did: Word default heading colours, no fills, no header', async () => {
    for (const run of [generators(), branded(null)]) {
      const bytes = await run('create_document', DOCUMENT);
      const { zip, xml } = await unzip(bytes);
      const styles = await xml('word/styles.xml');
      expect(styleXml(styles, 'Heading1')).toContain('<w:color w:val="2E74B5"/><w:sz w:val="32"/>');
      expect(styleXml(styles, 'Title')).not.toContain('<w:color');
      expect(await xml('word/document.xml')).not.toContain('<w:shd');
      expect(Object.keys(zip.files).some((f) => f.startsWith('word/header') || f.startsWith('word/media/'))).toBe(
        false,
      );
      expect((await mammoth.extractRawText({ buffer: bytes })).value).toContain('Fine print.');
    }
  });

  it('puts a JPEG logo in the header with its exact bytes', async () => {
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0000b080028007801011100ffd9', 'hex');
    const { zip } = await unzip(
      await branded({ ...VIOLET, logo: { data: jpeg, mimeType: 'image/jpeg' } })('create_document', DOCUMENT),
    );
    const media = Object.keys(zip.files).filter((f) => f.startsWith('word/media/') && !zip.files[f]!.dir);
    expect(media).toHaveLength(1);
    expect((await zip.file(media[0]!)!.async('nodebuffer')).equals(jpeg)).toBe(true);
  });

  it('leaves an SVG logo out of a Word document (Word needs a raster twin) and keeps the colours', async () => {
    const { zip, xml } = await unzip(
      await branded({ ...VIOLET, logo: { data: SVG, mimeType: 'image/svg+xml' } })('create_document', DOCUMENT),
    );
    expect(Object.keys(zip.files).some((f) => f.startsWith('word/media/'))).toBe(false);
    expect(await xml('word/document.xml')).toContain('w:fill="7C3AED"');
  });
});

describe('Excel workbooks', () => {
  const headerOf = async (bytes: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Plan')!;
    return { row: sheet.getRow(1), body: sheet.getRow(2) };
  };

  it('fills the header row with the primary colour under readable bold text, only over the columns', async () => {
    const { row, body } = await headerOf(await branded()('create_spreadsheet', SPREADSHEET));
    for (const column of [1, 2]) {
      const cell = row.getCell(column);
      expect(cell.fill).toEqual({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF7C3AED' } });
      expect(cell.font).toMatchObject({ bold: true, color: { argb: 'FFFFFFFF' } });
    }
    expect(row.getCell(3).fill).toBeUndefined();
    expect(body.getCell(1).fill).toBeUndefined();
    expect(body.getCell(1).value).toBe('Rent');
    const pale = await headerOf(await branded({ ...VIOLET, primary: '#facc15' })('create_spreadsheet', SPREADSHEET));
    expect(pale.row.getCell(1).font.color).toEqual({ argb: 'FF111827' });
  });

  it('without a brand keeps the plain bold header', async () => {
    const { row } = await headerOf(await generators()('create_spreadsheet', SPREADSHEET));
    expect(row.getCell(1).fill).toEqual({ type: 'pattern', pattern: 'none' });
    expect(row.getCell(1).font).toEqual({ bold: true });
    expect(row.getCell(1).value).toBe('Item');
  });
});

describe('PowerPoint decks', () => {
  const chartXml = async (zip: JSZip) => {
    const charts = Object.keys(zip.files).filter((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f));
    expect(charts).toHaveLength(1);
    return zip.file(charts[0]!)!.async('string');
  };
  const mediaOf = (zip: JSZip) =>
    Object.keys(zip.files).filter((f) => f.startsWith('ppt/media/') && !zip.files[f]!.dir);

  it('puts the title on a primary band in readable text, the logo above it, brand colours on chart series', async () => {
    const { zip, xml } = await unzip(await branded()('create_presentation', DECK));
    const cover = await xml('ppt/slides/slide1.xml');
    expect(cover).toContain('<a:solidFill><a:srgbClr val="7C3AED"/></a:solidFill>');
    expect(cover).toContain('<a:solidFill><a:srgbClr val="B45309"/></a:solidFill>');
    expect(runColor(cover, 'Roadmap')).toBe('FFFFFF');
    expect(runColor(cover, 'Next two quarters')).toBe('FFFFFF');
    expect(shapeCount(cover)).toBe(4);
    expect(cover).toContain('<p:pic>');
    const media = mediaOf(zip);
    expect(media).toHaveLength(1);
    expect((await zip.file(media[0]!)!.async('nodebuffer')).equals(PNG)).toBe(true);
    expect(seriesColorsOf(await chartXml(zip))).toEqual(['7C3AED', '0F766E', 'B45309']);
    const content = await xml('ppt/slides/slide2.xml');
    expect(runColor(content, 'Numbers')).toBe('7C3AED');
    expect(runColor(content, 'Up and to the right')).toBe('1F2937');
  });

  it('colours pie slices in the brand colours, one series only, and a chart alone on its slide', async () => {
    const pie = {
      title: 'Share',
      kind: 'pie',
      labels: ['a', 'b', 'c', 'd'],
      series: [
        { name: 'Share', values: [1, 2, 3, 4] },
        { name: 'Ignored', values: [1, 1, 1, 1] },
      ],
    };
    const { zip } = await unzip(
      await branded()('create_presentation', { title: 'T', slides: [{ title: 'Pie', chart: pie }] }),
    );
    const xml = await chartXml(zip);
    expect(xml.match(/<c:ser>/g)).toHaveLength(1);
    const slices = xml.match(/<c:dPt>.*?<\/c:dPt>/g)!.map((d) => d.match(/<a:srgbClr val="([0-9A-F]{6})"/)?.[1]);
    expect(slices.slice(0, 3)).toEqual(['7C3AED', '0F766E', 'B45309']);
    expect(slices).toHaveLength(4);
    expect(new Set(slices).size).toBe(4);
  });

  it('embeds an SVG logo as SVG and leaves a WebP logo out (PowerPoint cannot show it)', async () => {
    const svg = await unzip(
      await branded({ ...VIOLET, logo: { data: SVG, mimeType: 'image/svg+xml' } })('create_presentation', DECK),
    );
    const svgMedia = mediaOf(svg.zip).filter((f) => f.endsWith('.svg'));
    expect(svgMedia).toHaveLength(1);
    expect((await svg.zip.file(svgMedia[0]!)!.async('nodebuffer')).equals(SVG)).toBe(true);
    expect(await svg.xml('ppt/slides/slide1.xml')).toContain('svgBlip');
    const webp = await unzip(
      await branded({ ...VIOLET, logo: { data: WEBP, mimeType: 'image/webp' } })('create_presentation', DECK),
    );
    expect(mediaOf(webp.zip)).toEqual([]);
    expect(await webp.xml('ppt/slides/slide1.xml')).toContain('<a:srgbClr val="7C3AED"/>');
  });

  it('without a brand keeps the pale title slide, dark title, blue subtitle and the default chart palette', async () => {
    const { zip, xml } = await unzip(await generators()('create_presentation', DECK));
    const cover = await xml('ppt/slides/slide1.xml');
    expect(cover).toContain('<p:bg><p:bgPr><a:solidFill><a:srgbClr val="F8FAFC"/>');
    expect(runColor(cover, 'Roadmap')).toBe('1F2937');
    expect(runColor(cover, 'Next two quarters')).toBe('2563EB');
    expect(shapeCount(cover)).toBe(2);
    expect(runColor(await xml('ppt/slides/slide2.xml'), 'Numbers')).toBe('1F2937');
    expect(cover).not.toContain('<p:pic>');
    expect(mediaOf(zip)).toEqual([]);
    expect(seriesColorsOf(await chartXml(zip))).toEqual(['2563EB', 'F97316', '16A34A']);
  });
});

describe('dashboards', () => {
  it('uses the brand colours for headings, table headers and chart series, and shows the logo as a data URI', async () => {
    const html = (await branded()('create_dashboard', DASHBOARD)).toString();
    expect(html).toContain(':root{--brand:#7c3aed;--on-brand:#ffffff;--accent:#b45309;--heading:#7c3aed}');
    expect(html).toContain('h1,h2{color:var(--heading)}');
    const fills = [...html.matchAll(/<rect [^>]*fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    expect(new Set(fills)).toEqual(new Set(['#7c3aed', '#0f766e', '#b45309']));
    expect(html).toContain(
      `<img class="logo" src="data:image/png;base64,${PNG.toString('base64')}" alt="Logo"><h1>Ops</h1>`,
    );
    const svg = (
      await branded({ ...VIOLET, logo: { data: SVG, mimeType: 'image/svg+xml' } })('create_dashboard', DASHBOARD)
    ).toString();
    expect(svg).toContain(`src="data:image/svg+xml;base64,${SVG.toString('base64')}"`);
    expect(svg).not.toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40">');
  });

  it('without a brand is the page it always was', async () => {
    const html = (await generators()('create_dashboard', DASHBOARD)).toString();
    expect(html).not.toContain('--brand');
    expect(html).not.toContain('<img');
    expect(html).toContain('<body><h1>Ops</h1>');
    const fills = [...html.matchAll(/<rect [^>]*fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    expect(new Set(fills)).toEqual(new Set(['#2563eb', '#f97316', '#16a34a']));
    expect((await branded(null)('create_dashboard', DASHBOARD)).toString()).toBe(html);
  });
});
