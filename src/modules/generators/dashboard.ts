import { z } from 'zod';
import { defineTool, text } from '../runs/service.ts';
import type { AppliedBrand } from './brand.ts';
import { LARGE_TEXT_CONTRAST, legibleOn, readableTextOn, seriesColors } from './brand-colors.ts';
import { logoDataUri } from './brand-logo.ts';
import { Chart, ChartValue } from './chart-input.ts';
import { escapeHtml, formatNumber, renderChart } from './dashboard-svg.ts';
import {
  description,
  filenameField,
  type GeneratorDeps,
  generatedFilename,
  saveArtifact,
  title,
  withinBudget,
} from './shared.ts';

const cell = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

export const CreateDashboardInput = z
  .object({
    title,
    subtitle: text(300).optional(),
    filename: filenameField,
    description,
    metrics: z
      .array(
        z.object({
          label: text(100),
          value: z.union([text(50), ChartValue]),
          change: text(50).optional().describe('e.g. "+4% vs last month"'),
        }),
      )
      .max(12)
      .default([]),
    charts: z.array(Chart).max(12).default([]),
    tables: z
      .array(
        z.object({
          title: text(200).optional(),
          columns: z.array(text(200)).min(1).max(20),
          rows: z.array(z.array(cell).max(20)).max(200),
        }),
      )
      .max(6)
      .default([]),
    notes: z.array(text(2000)).max(20).default([]).describe('Paragraphs of commentary'),
  })
  .superRefine((d, ctx) => {
    if (d.metrics.length + d.charts.length + d.tables.length + d.notes.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'a dashboard needs at least one metric, chart, table or note' });
    }
  })
  .superRefine(withinBudget(300_000));

export type CreateDashboardInput = z.output<typeof CreateDashboardInput>;

const STYLE = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--fg:#0f172a;--muted:#64748b;--line:#e2e8f0}
@media (prefers-color-scheme:dark){:root{--bg:#0f172a;--card:#1e293b;--fg:#e2e8f0;--muted:#94a3b8;--line:#334155}}
*{box-sizing:border-box}body{margin:0;padding:24px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
h1{margin:0 0 4px;font-size:24px}h2{margin:0 0 12px;font-size:16px}.sub{color:var(--muted);margin:0 0 20px}
.grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));margin-bottom:16px}
.metrics{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));margin-bottom:16px}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px;overflow:auto}
.metric .label{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.04em}
.metric .value{font-size:26px;font-weight:600}.metric .change{color:var(--muted);font-size:12px}
svg{width:100%;height:auto;display:block}svg text{fill:var(--muted);font-size:11px}svg .grid{stroke:var(--line)}
.legend{list-style:none;padding:0;margin:8px 0 0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:12px}
.swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left}
th{font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums}`;

/**
 * The brand's layer over STYLE: headings in the primary colour (made legible on each scheme's background),
 * table headers filled with it, metric cards topped with the accent, and the logo on a white plate in dark mode
 * (logo_light is drawn for light backgrounds). The colours are checked `#rrggbb`, so nothing here is markup.
 */
function brandStyle(brand: AppliedBrand): string {
  const headingLight = legibleOn(brand.primary, '#f8fafc', LARGE_TEXT_CONTRAST);
  const headingDark = legibleOn(brand.primary, '#1e293b', LARGE_TEXT_CONTRAST);
  return (
    `:root{--brand:${brand.primary};--on-brand:${readableTextOn(brand.primary)};--accent:${brand.accent};--heading:${headingLight}}` +
    `@media (prefers-color-scheme:dark){:root{--heading:${headingDark}}.logo{background:#fff;padding:6px;border-radius:6px}}` +
    'h1,h2{color:var(--heading)}th{background:var(--brand);color:var(--on-brand)}' +
    '.metric{border-top:3px solid var(--accent)}.logo{display:block;max-height:48px;max-width:200px;margin:0 0 12px}'
  );
}

// The page may load nothing: no script, no network; styles and images only inline.
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const td = (v: string | number | boolean | null) =>
  typeof v === 'number'
    ? `<td class="num">${formatNumber(v)}</td>`
    : `<td>${escapeHtml(v === null ? '' : String(v))}</td>`;

/**
 * The dashboard as one self-contained HTML page; every piece of model text is escaped. With a brand: its
 * colours (brandStyle, chart series) and its logo, as a data: URI (an SVG in an `<img>` runs no script).
 */
export function renderDashboard(d: CreateDashboardInput, brand: AppliedBrand | null = null): string {
  const logo = brand?.logo ? `<img class="logo" src="${logoDataUri(brand.logo)}" alt="Logo">` : '';
  const parts: string[] = [`${logo}<h1>${escapeHtml(d.title)}</h1>`];
  if (d.subtitle || d.description) parts.push(`<p class="sub">${escapeHtml(d.subtitle ?? d.description ?? '')}</p>`);
  if (d.metrics.length > 0) {
    const cards = d.metrics.map(
      (m) =>
        `<div class="card metric"><div class="label">${escapeHtml(m.label)}</div>` +
        `<div class="value">${escapeHtml(typeof m.value === 'number' ? formatNumber(m.value) : m.value)}</div>` +
        (m.change ? `<div class="change">${escapeHtml(m.change)}</div>` : '') +
        '</div>',
    );
    parts.push(`<section class="metrics">${cards.join('')}</section>`);
  }
  if (d.charts.length > 0) {
    const palette = brand ? seriesColors(brand) : undefined;
    const charts = d.charts.map(
      (c) =>
        `<figure class="card" style="margin:0"><h2>${escapeHtml(c.title)}</h2>${renderChart(c, c.title, palette)}</figure>`,
    );
    parts.push(`<section class="grid">${charts.join('')}</section>`);
  }
  for (const t of d.tables) {
    const head = t.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
    const rows = t.rows.map((r) => `<tr>${t.columns.map((_, i) => td(r[i] ?? null)).join('')}</tr>`).join('');
    parts.push(
      `<section class="card" style="margin-bottom:16px">${t.title ? `<h2>${escapeHtml(t.title)}</h2>` : ''}` +
        `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></section>`,
    );
  }
  if (d.notes.length > 0) {
    const notes = d.notes.map((n) => `<p>${escapeHtml(n).replace(/\n/g, '<br>')}</p>`).join('');
    parts.push(`<section class="card">${notes}</section>`);
  }
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(d.title)}</title><style>${STYLE}${brand ? brandStyle(brand) : ''}</style></head><body>${parts.join('\n')}</body></html>\n`
  );
}

export function createDashboardTool(deps: GeneratorDeps) {
  return defineTool({
    name: 'create_dashboard',
    description:
      'Create a dashboard: one self-contained HTML page with metric cards, bar, line or pie charts drawn from the ' +
      'given data series, tables and notes. Give the data; the tool draws it.',
    inputSchema: CreateDashboardInput,
    async run(input, ctx) {
      const brand = await deps.brandOf(ctx.organizationId, ctx.tx);
      return saveArtifact(deps.artifacts, ctx, {
        tool: 'create_dashboard',
        filename: generatedFilename(input.filename, input.title, 'html'),
        mimeType: 'text/html',
        bytes: Buffer.from(renderDashboard(input, brand), 'utf8'),
        title: input.title,
        description: input.description,
        content: JSON.stringify(input),
        generator: 'atrium',
      });
    },
  });
}
