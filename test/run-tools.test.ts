import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtifactsService } from '../src/modules/artifacts/service.ts';
import { createGeneratorsService } from '../src/modules/generators/service.ts';
import { createRunTools, type ToolContext } from '../src/modules/runs/tools/registry.ts';
import { createSkillsService } from '../src/modules/skills/service.ts';
import { triggerEventListener } from '../src/modules/triggers/index.ts';
import type { Executor } from '../src/platform/db/client.ts';
import { threads } from '../src/platform/db/schema/index.ts';
import { composeInternalEvents } from '../src/platform/events/internal.ts';
import { extractText } from '../src/platform/extract/index.ts';
import { newId } from '../src/platform/ids.ts';
import { type BlobStorage, createBlobStorage } from '../src/platform/storage/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { testGateway } from './model-gateway.fixtures.ts';

let app: TestApp;
let db: Executor;
let storage: BlobStorage;
let org: TestOrg;
let threadId: string;
let tools: ReturnType<typeof createRunTools>;

const noThreads = { getVisible: () => Promise.reject(new Error('not used by run tools')) };
const noSearch = { searchProject: () => Promise.reject(new Error('not used here')) };

beforeAll(async () => {
  app = await startTestApp();
  db = app.server.database.db;
  storage = createBlobStorage(app.config, { baseUrl: () => app.url });
  await storage.start();
  org = await createOrgWithAdmin(app);
  threadId = newId();
  await db.insert(threads).values({
    id: threadId,
    organizationId: org.org.id,
    ownerId: org.admin.user.id,
    createdByType: 'user',
    createdById: org.admin.user.id,
  });
  const artifacts = createArtifactsService({
    db,
    storage,
    threads: noThreads,
    internalEvents: composeInternalEvents(triggerEventListener),
  });
  tools = createRunTools({
    generators: createGeneratorsService({ artifacts }).tools,
    images: { gateway: testGateway(app).gateway, artifacts },
    projects: noSearch,
    skills: createSkillsService({ db }),
  });
});
afterAll(() => app?.close());

/** Runs a tool as the engine does: inside a transaction, for a new act of a run on the thread. */
function run(name: string, input: unknown, ctx: Partial<ToolContext> = {}) {
  const tool = tools.byName(name)!;
  return db.transaction((tx) =>
    tool.execute(input, {
      organizationId: org.org.id,
      threadId,
      runId: newId(),
      actId: newId(),
      projectId: null,
      principalId: org.admin.user.id,
      usageContext: { organizationId: org.org.id },
      model: 'test-model',
      prompt: null,
      ...ctx,
      tx,
    }),
  );
}

/** The artifact a tool made and the bytes it stored. */
async function made(name: string, input: unknown) {
  const outcome = await run(name, input);
  if (outcome.kind !== 'result' || !outcome.artifact) throw new Error(JSON.stringify(outcome));
  return {
    row: outcome.artifact,
    output: outcome.output as any,
    bytes: await storage.read(outcome.artifact.storageKey),
  };
}

const ATTACK = '<script>alert(1)</script>"\'&';

describe('run tool definitions', () => {
  it('describes every tool with a JSON Schema object and filters by an allowlist', () => {
    const all = tools.definitions();
    expect(all.map((d) => d.name)).toEqual([
      'create_document',
      'create_spreadsheet',
      'create_presentation',
      'create_dashboard',
      'create_file',
      'create_image',
      'search_project_files',
      'ask_user',
      'use_skill',
    ]);
    for (const d of all) {
      expect(d.inputSchema.type).toBe('object');
      expect(d.inputSchema.$schema).toBeUndefined();
      expect(d.description.length).toBeGreaterThan(20);
    }
    expect(tools.definitions(['ask_user', 'nope']).map((d) => d.name)).toEqual(['ask_user']);
    expect(tools.definitions([])).toEqual([]);
    expect(tools.byName('nope')).toBeUndefined();
  });
});

describe('document, spreadsheet and presentation generators', () => {
  it('create_document writes a real .docx that mammoth and the extractor read back', async () => {
    const { row, output, bytes } = await made('create_document', {
      title: 'Quarterly Review',
      filename: '../../etc/review.pdf',
      description: 'The numbers',
      sections: [
        {
          heading: 'Summary',
          blocks: [
            { type: 'paragraph', text: `Revenue grew.\nMargins held.\n\nSecond paragraph ${ATTACK}` },
            { type: 'bullets', items: ['First point', 'Second point'] },
            { type: 'bullets', ordered: true, items: ['Step one', 'Step two'] },
          ],
        },
        {
          heading: 'Detail',
          level: 2,
          blocks: [
            {
              type: 'table',
              columns: ['Region', 'Sales'],
              rows: [
                ['North', 1200],
                ['South', null, 'extra?'],
              ],
            },
          ],
        },
      ],
    });
    expect(row).toMatchObject({
      type: 'document',
      filename: 'etc review.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      createdByTool: 'create_document',
      generator: 'docx',
      model: 'test-model',
      prompt: null,
      sizeBytes: bytes.length,
      status: 'ready',
    });
    expect(row.generatorVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(JSON.parse(row.content!).title).toBe('Quarterly Review');
    expect(output).toMatchObject({ artifact_id: row.id, filename: row.filename, type: 'document' });
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    for (const piece of ['Quarterly Review', 'Summary', 'Margins held.', ATTACK, 'Second point', 'Step two']) {
      expect(value).toContain(piece);
    }
    for (const cell of ['Region', 'Sales', 'North', '1200', 'South']) expect(value).toContain(cell);
    expect(value).not.toContain('extra?');
    const extracted = await extractText({ filename: row.filename, mimeType: row.mimeType, data: bytes });
    expect(extracted.text).toContain('Detail');
  });

  it('create_spreadsheet writes a real .xlsx with sheets, typed cells, formulas and a frozen bold header', async () => {
    const { row, bytes } = await made('create_spreadsheet', {
      title: 'Budget 2025',
      sheets: [
        {
          name: 'Costs',
          columns: ['Item', { header: 'Amount', width: 14 }, 'Approved'],
          rows: [
            ['Travel', 1200.5, true],
            ['=cmd|calc', 300, false],
            ['Total', { formula: '=SUM(B2:B3)' }, null],
          ],
        },
        { name: 'Notes', columns: ['Note'], rows: [[ATTACK]] },
      ],
    });
    expect(row).toMatchObject({ type: 'spreadsheet', filename: 'Budget 2025.xlsx', generator: 'exceljs' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Costs', 'Notes']);
    const costs = workbook.getWorksheet('Costs')!;
    expect(costs.getRow(1).values).toEqual([undefined, 'Item', 'Amount', 'Approved']);
    expect(costs.getCell('A1').font?.bold).toBe(true);
    expect(costs.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(costs.getColumn(2).width).toBe(14);
    expect(costs.getCell('B2').value).toBe(1200.5);
    expect(costs.getCell('C2').value).toBe(true);
    expect(costs.getCell('A3').value).toBe('=cmd|calc');
    expect(costs.getCell('B4').value).toMatchObject({ formula: 'SUM(B2:B3)' });
    expect(workbook.getWorksheet('Notes')!.getCell('A2').value).toBe(ATTACK);
    const extracted = await extractText({ filename: row.filename, mimeType: row.mimeType, data: bytes });
    expect(extracted.text).toContain('# Costs');
    expect(extracted.text).toContain('Travel');
  });

  it('create_presentation writes a real .pptx: a title slide plus one slide per entry, with notes', async () => {
    const { row, bytes } = await made('create_presentation', {
      title: 'Roadmap',
      subtitle: 'Next two quarters',
      slides: [
        { title: 'Goals', bullets: ['Ship search', `Keep ${ATTACK} safe`], notes: 'Mention the beta' },
        { title: 'Timeline', body: 'Q3 then Q4' },
      ],
    });
    expect(row).toMatchObject({ type: 'presentation', filename: 'Roadmap.pptx', generator: 'pptxgenjs' });
    const zip = await JSZip.loadAsync(bytes);
    const slides = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f));
    expect(slides).toHaveLength(3);
    const xml = async (path: string) => zip.file(path)!.async('string');
    expect(await xml('ppt/slides/slide1.xml')).toContain('Next two quarters');
    const goals = await xml('ppt/slides/slide2.xml');
    expect(goals).toContain('Ship search');
    expect(goals).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(goals).not.toContain('<script>');
    expect(await xml('ppt/slides/slide3.xml')).toContain('Q3 then Q4');
    const notes = await Promise.all(
      Object.keys(zip.files)
        .filter((f) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(f))
        .map(xml),
    );
    expect(notes.some((n) => n.includes('Mention the beta'))).toBe(true);
  });

  it('strips characters that XML cannot hold instead of writing a corrupt file', async () => {
    const { bytes } = await made('create_document', {
      title: 'Control\u0001 chars',
      sections: [{ blocks: [{ type: 'paragraph', text: 'bell\u0007 here and a lone \ud800 surrogate' }] }],
    });
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    expect(value).toContain('Control chars');
    expect(value).toContain('bell here');
  });
});

describe('create_dashboard', () => {
  const dashboard = {
    title: `Sales ${ATTACK}`,
    subtitle: 'Live numbers',
    metrics: [
      { label: 'Revenue', value: 1234567.891, change: '+4%' },
      { label: `<img src=x onerror=alert(1)>`, value: 'n/a' },
    ],
    charts: [
      {
        title: 'By month',
        kind: 'bar',
        labels: ['Jan', 'Feb', `Mar ${ATTACK}`],
        series: [
          { name: 'North', values: [10, -5, 30] },
          { name: '"South"', values: [12, 8, 4] },
        ],
      },
      { title: 'Trend', kind: 'line', labels: ['a', 'b'], series: [{ name: 'x', values: [1, 2] }] },
      { title: 'Share', kind: 'pie', labels: ['p', 'q'], series: [{ name: 's', values: [3, 1] }] },
    ],
    tables: [{ title: 'Rows', columns: ['Name', 'Amount'], rows: [[`</td><script>x()</script>`, 5], ['b']] }],
    notes: [`Line one\nline two <a href="https://evil.test">link</a>`],
  };

  it('renders one self-contained HTML page with server-drawn SVG charts and escaped text', async () => {
    const { row, bytes } = await made('create_dashboard', dashboard);
    expect(row).toMatchObject({ type: 'dashboard', mimeType: 'text/html', generator: 'atrium' });
    expect(row.filename).toBe("Sales script alert(1) script '&.html");
    const html = bytes.toString('utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    // Nothing external and nothing executable: no tag carries a URL, a handler or a script.
    const tags = [...html.matchAll(/<[a-zA-Z][^>]*>/g)].map((m) => m[0]);
    for (const tag of tags)
      expect(tag).not.toMatch(/\s(on[a-z]+|src|href|xlink:href|action)\s*=|https?:|\/\/|javascript:/i);
    expect(html.match(/<style>([\s\S]*?)<\/style>/)![1]).not.toMatch(/url\(|@import|https?:/i);
    // Every tag is one the generator writes: model text never became markup.
    const names = new Set([...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()));
    const allowed =
      'html head meta title style body h1 h2 p br section div figure svg line text rect polyline circle path ul li span table thead tbody tr th td';
    expect([...names].filter((t) => !allowed.split(' ').includes(t))).toEqual([]);
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html.match(/<rect /g)).toHaveLength(6);
    expect(html.match(/<polyline /g)).toHaveLength(1);
    expect(html.match(/<path /g)).toHaveLength(2);
    // The model's text survives as text.
    const text = (await extractText({ filename: row.filename, mimeType: row.mimeType, data: bytes })).text;
    for (const piece of [ATTACK, '<img src=x onerror=alert(1)>', '</td><script>x()</script>', '1,234,567.89', '75%']) {
      expect(text).toContain(piece);
    }
  });

  it('refuses charts whose series do not match their labels, and empty dashboards', async () => {
    for (const input of [
      { title: 'x' },
      { title: 'x', charts: [{ title: 'c', kind: 'bar', labels: ['a', 'b'], series: [{ name: 's', values: [1] }] }] },
      { title: 'x', charts: [{ title: 'c', kind: 'pie', labels: ['a'], series: [{ name: 's', values: [-1] }] }] },
      { title: 'x', charts: [{ title: 'c', kind: 'area', labels: ['a'], series: [{ name: 's', values: [1] }] }] },
      { title: 'x', notes: Array.from({ length: 21 }, () => 'n') },
    ]) {
      const outcome = await run('create_dashboard', input);
      expect(outcome.kind === 'result' && (outcome.output as any).error, JSON.stringify(input)).toBeTruthy();
    }
  });
});
