import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCompactCount, formatCompactMoney } from './format.ts';

/**
 * uPlot behind a small surface, in a module of its own that the chart component imports on demand: the library
 * stays out of every chunk but the one the Usage page loads when it first draws a chart.
 */
export type Unit = 'money' | 'count';

export interface PlotSeries {
  label: string;
  unit: Unit;
  values: number[];
  color: string;
  dash: number[];
}

export interface PlotInput {
  buckets: string[];
  series: PlotSeries[];
  width: number;
  height: number;
  /** Resolved theme colours and font for the axes. */
  axis: { text: string; grid: string; font: string };
  onHover: (bucketIndex: number | null) => void;
}

export interface Plot {
  resize(width: number, height: number): void;
  destroy(): void;
}

/** Whole buckets between ticks: a day, a week, a month of days; hours up to a week. */
const BUCKET_STEPS = [1, 2, 3, 4, 6, 7, 12, 14, 24, 28, 48, 56, 72, 96, 168];

/** A tick's label: the day (`03-05`), or for hours the hour, with the day at midnight. */
function tickLabel(bucket: string | undefined): string {
  if (!bucket) return '';
  const [date = '', hour] = bucket.split('T');
  if (hour === undefined || hour === '00:00') return date.slice(5);
  return hour;
}

const FORMAT: Record<Unit, (value: number) => string> = { money: formatCompactMoney, count: formatCompactCount };

export function drawPlot(target: HTMLElement, input: PlotInput): Plot {
  const units = [...new Set(input.series.map((s) => s.unit))];
  const font = `12px ${input.axis.font || 'sans-serif'}`;
  const axisLook = { stroke: input.axis.text, font, ticks: { stroke: input.axis.grid, width: 1 } };
  const options: uPlot.Options = {
    width: input.width,
    height: input.height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      ...Object.fromEntries(
        units.map((unit) => [unit, { range: (_u: uPlot, _min: number, max: number) => [0, max || 1] }]),
      ),
    },
    axes: [
      {
        ...axisLook,
        grid: { show: false },
        incrs: BUCKET_STEPS,
        space: 56,
        values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? tickLabel(input.buckets[i]) : '')),
      },
      ...units.map((unit, i) => ({
        ...axisLook,
        scale: unit,
        side: i === 0 ? 3 : 1,
        size: 56,
        grid: { show: i === 0, stroke: input.axis.grid, width: 1 },
        values: (_u: uPlot, splits: number[]) => splits.map((v) => FORMAT[unit](v)),
      })),
    ],
    series: [
      {},
      ...input.series.map((s) => ({ label: s.label, scale: s.unit, stroke: s.color, dash: s.dash, width: 2 })),
    ],
    hooks: { setCursor: [(u: uPlot) => input.onHover(u.cursor.idx ?? null)] },
  };
  const data: uPlot.AlignedData = [input.buckets.map((_, i) => i), ...input.series.map((s) => s.values)];
  const plot = new uPlot(options, data, target);
  return {
    resize: (width, height) => plot.setSize({ width, height }),
    destroy: () => plot.destroy(),
  };
}
