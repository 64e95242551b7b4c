import { DEFAULT_SERIES } from './brand-colors.ts';

/** Charts for generated dashboards as inline SVG, drawn on the server from the data: no script, no network. */

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const exact = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
export const formatNumber = (n: number) => exact.format(n);

type ColorOf = (series: number) => string;

export interface ChartData {
  kind: 'bar' | 'line' | 'pie';
  labels: string[];
  series: { name: string; values: number[] }[];
}

const W = 640;
const H = 300;
const PAD = { left: 56, right: 16, top: 16, bottom: 48 };
const n1 = (v: number) => (Math.round(v * 10) / 10).toString();
const clip = (s: string, max: number) => ([...s].length > max ? `${[...s].slice(0, max - 1).join('')}…` : s);
const tip = (label: string, name: string, value: number) =>
  `<title>${escapeHtml(`${label} · ${name}: ${formatNumber(value)}`)}</title>`;

/** Round tick values spanning [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (min === max) max = min + 1;
  const rough = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const norm = rough / magnitude;
  const step = (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * magnitude;
  const ticks: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= Math.ceil(max / step) * step + step / 2; v += step) {
    ticks.push(Math.abs(v) < step / 1e6 ? 0 : v);
  }
  return ticks;
}

function axes(data: ChartData) {
  const values = data.series.flatMap((s) => s.values);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  const y = (v: number) => PAD.top + ((hi - v) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  const plotW = W - PAD.left - PAD.right;
  const band = plotW / data.labels.length;
  const every = Math.ceil(data.labels.length / 12);
  const grid = ticks
    .map(
      (t) =>
        `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${n1(y(t))}" y2="${n1(y(t))}" class="grid"/>` +
        `<text x="${PAD.left - 6}" y="${n1(y(t) + 4)}" text-anchor="end">${escapeHtml(compact.format(t))}</text>`,
    )
    .join('');
  const labels = data.labels
    .map((label, i) =>
      i % every === 0
        ? `<text x="${n1(PAD.left + band * (i + 0.5))}" y="${H - PAD.bottom + 18}" text-anchor="middle">${escapeHtml(clip(label, 14))}</text>`
        : '',
    )
    .join('');
  return { y, band, grid: grid + labels };
}

function bars(data: ChartData, colorOf: ColorOf): string {
  const { y, band, grid } = axes(data);
  const width = (band * 0.8) / data.series.length;
  const rects = data.series.flatMap((s, si) =>
    s.values.map((v, i) => {
      const x = PAD.left + band * i + band * 0.1 + width * si;
      const top = Math.min(y(v), y(0));
      return `<rect x="${n1(x)}" y="${n1(top)}" width="${n1(Math.max(width - 1, 1))}" height="${n1(Math.abs(y(v) - y(0)))}" fill="${colorOf(si)}">${tip(data.labels[i]!, s.name, v)}</rect>`;
    }),
  );
  return grid + rects.join('');
}

function lines(data: ChartData, colorOf: ColorOf): string {
  const { y, band, grid } = axes(data);
  const x = (i: number) => PAD.left + band * (i + 0.5);
  const paths = data.series.map((s, si) => {
    const points = s.values.map((v, i) => `${n1(x(i))},${n1(y(v))}`).join(' ');
    const dots = s.values
      .map(
        (v, i) =>
          `<circle cx="${n1(x(i))}" cy="${n1(y(v))}" r="3" fill="${colorOf(si)}">${tip(data.labels[i]!, s.name, v)}</circle>`,
      )
      .join('');
    return `<polyline points="${points}" fill="none" stroke="${colorOf(si)}" stroke-width="2"/>${dots}`;
  });
  return grid + paths.join('');
}

function pie(data: ChartData, colorOf: ColorOf): string {
  const series = data.series[0]!;
  const total = series.values.reduce((a, b) => a + b, 0);
  const [cx, cy, r] = [W / 2, H / 2, H / 2 - 16];
  let angle = -Math.PI / 2;
  return series.values
    .map((v, i) => {
      const share = v / total;
      if (share <= 0) return '';
      const t = tip(data.labels[i]!, series.name, v);
      if (share >= 0.9999) return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colorOf(i)}">${t}</circle>`;
      const end = angle + share * 2 * Math.PI;
      const [x1, y1, x2, y2] = [
        cx + r * Math.cos(angle),
        cy + r * Math.sin(angle),
        cx + r * Math.cos(end),
        cy + r * Math.sin(end),
      ];
      const path = `M${cx},${cy} L${n1(x1)},${n1(y1)} A${r},${r} 0 ${share > 0.5 ? 1 : 0} 1 ${n1(x2)},${n1(y2)} Z`;
      angle = end;
      return `<path d="${path}" fill="${colorOf(i)}" stroke="#fff" stroke-width="1">${t}</path>`;
    })
    .join('');
}

/**
 * The chart as an `<svg>` element plus its legend (HTML); every text is escaped. `palette` colours the series
 * in turn (they must be trusted CSS colours: the brand's checked `#rrggbb` or the default palette).
 */
export function renderChart(data: ChartData, label: string, palette: readonly string[] = DEFAULT_SERIES): string {
  const colorOf: ColorOf = (i) => palette[i % palette.length]!;
  const body =
    data.kind === 'bar' ? bars(data, colorOf) : data.kind === 'line' ? lines(data, colorOf) : pie(data, colorOf);
  const keys =
    data.kind === 'pie'
      ? data.labels.map((l, i) => {
          const total = data.series[0]!.values.reduce((a, b) => a + b, 0);
          const v = data.series[0]!.values[i]!;
          return { name: `${l} (${formatNumber(Math.round((v / total) * 1000) / 10)}%)`, color: colorOf(i) };
        })
      : data.series.map((s, i) => ({ name: s.name, color: colorOf(i) }));
  const legend = keys
    .map((k) => `<li><span class="swatch" style="background:${k.color}"></span>${escapeHtml(k.name)}</li>`)
    .join('');
  return (
    `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(label)}">${body}</svg>` +
    `<ul class="legend">${legend}</ul>`
  );
}
