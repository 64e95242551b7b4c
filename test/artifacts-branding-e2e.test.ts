import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { attached, BRANDING, samples } from './helpers/branding.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';

/**
 * Brand-aware artifacts end to end: an organization's branding (set over HTTP) or its default custom theme reaches
 * the files its runs generate, through the real composition of the app; other organizations are not affected.
 */
let app: TestApp;
let branded: TestOrg;
let themed: TestOrg;
let plain: TestOrg;

const SPREADSHEET = { title: 'Budget', sheets: [{ name: 'Plan', columns: ['Item', 'Cost'], rows: [['Rent', 100]] }] };
const DECK = { title: 'Roadmap', slides: [{ title: 'Now', bullets: ['Ship'] }] };

beforeAll(async () => {
  app = await startTestApp();
  [branded, themed, plain] = await Promise.all([
    createOrgWithAdmin(app),
    createOrgWithAdmin(app),
    createOrgWithAdmin(app),
  ]);
});
afterAll(() => app?.close());

/** Runs the offline model's `/tool` directive through an agent of the org and returns the file it made. */
async function generate(org: TestOrg, tool: string, input: unknown): Promise<Buffer> {
  const agent = await createAgent(org.admin, { config: { tools: [tool] } });
  const thread = (await org.admin.http.post('/v1/threads', { createdByType: 'agent', createdById: agent.id })).body;
  const { run } = await postAndRun(org.admin.http, thread.id, `/tool ${tool} ${JSON.stringify(input)}`);
  const snapshot = await waitForRun(org.admin.http, thread.id, run.id);
  expect(snapshot.run.status).toBe('completed');
  expect(snapshot.artifacts).toHaveLength(1);
  const download = await org.admin.http.get(`/v1/artifacts/${snapshot.artifacts[0].id}/download`);
  expect(download.status, download.text).toBe(200);
  return Buffer.from(await (await fetch(download.body.download_url)).arrayBuffer());
}

async function headerCell(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.getWorksheet('Plan')!.getRow(1).getCell(1);
}

describe('brand-aware artifacts through runs', () => {
  it("uses the organization's branding colours and light logo; another organization's files stay plain", async () => {
    const patch = await branded.admin.http.patch(BRANDING, { colorPrimary: '#7C3AED', colorAccent: '#B45309' });
    expect(patch.status, patch.text).toBe(200);
    await attached(branded.admin.http, 'logo_light', 'image/png', samples.png, 'logo.png');

    const cell = await headerCell(await generate(branded, 'create_spreadsheet', SPREADSHEET));
    expect(cell.fill).toEqual({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF7C3AED' } });
    expect(cell.font).toMatchObject({ bold: true, color: { argb: 'FFFFFFFF' } });

    const deck = await JSZip.loadAsync(await generate(branded, 'create_presentation', DECK));
    const cover = await deck.file('ppt/slides/slide1.xml')!.async('string');
    expect(cover).toContain('<a:srgbClr val="7C3AED"/>');
    expect(cover).toContain('<a:srgbClr val="B45309"/>');
    const media = Object.keys(deck.files).filter((f) => f.startsWith('ppt/media/') && !f.endsWith('/'));
    expect(media).toHaveLength(1);
    expect((await deck.file(media[0]!)!.async('nodebuffer')).equals(samples.png)).toBe(true);

    const other = await headerCell(await generate(plain, 'create_spreadsheet', SPREADSHEET));
    expect(other.fill).toEqual({ type: 'pattern', pattern: 'none' });
    expect(other.font).toEqual({ bold: true });
  });

  it("uses the default custom theme's colours when the branding has none, and stops when the default changes", async () => {
    const created = await themed.admin.http.post('/v1/organization/themes', {
      name: 'Teal',
      light_tokens: { '--color-primary': '#0f766e', '--color-secondary': '#1d4ed8', '--color-accent': '#b45309' },
    });
    expect(created.status, created.text).toBe(201);
    const palette = created.body.theme.palette_id;
    const set = await themed.admin.http.put('/v1/organization/appearance', {
      allowed_themes: [palette, 'cortex'],
      default_theme: palette,
    });
    expect(set.status, set.text).toBe(200);

    const cell = await headerCell(await generate(themed, 'create_spreadsheet', SPREADSHEET));
    expect(cell.fill).toEqual({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF0F766E' } });

    // Branding colours, once set, win over the theme's.
    await themed.admin.http.patch(BRANDING, { colorPrimary: '#be123c' });
    const rose = await headerCell(await generate(themed, 'create_spreadsheet', SPREADSHEET));
    expect(rose.fill).toEqual({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFBE123C' } });

    // Neither branding colours nor a custom default: plain again.
    await themed.admin.http.patch(BRANDING, { colorPrimary: '' });
    await themed.admin.http.put('/v1/organization/appearance', { allowed_themes: ['cortex'], default_theme: 'cortex' });
    const again = await headerCell(await generate(themed, 'create_spreadsheet', SPREADSHEET));
    expect(again.fill).toEqual({ type: 'pattern', pattern: 'none' });
  });
});
