import { useEffect, useRef, useState } from 'react';
import { formatCount, formatMoney } from './format.ts';
import { AXIS_TOKENS, seriesLook } from './palette.ts';
import type { Plot, Unit } from './plot.ts';
import { bucketLabel } from './tables.ts';
import styles from './usage.module.css';

export interface ChartSeries {
  /** Unique within the chart (two people may share a name). */
  key: string;
  label: string;
  unit: Unit;
  values: number[];
}

interface TimeChartProps {
  /** What the chart shows, for people who cannot see it; its table says the numbers. */
  label: string;
  buckets: string[];
  /** Memoised by the caller: a new array draws the chart again. */
  series: ChartSeries[];
}

const FORMAT: Record<Unit, (value: number) => string> = { money: formatMoney, count: formatCount };

/** A phone gets a shorter chart, so the table and the next chart stay in reach. */
const heightFor = (width: number) => (width < 480 ? 200 : 260);

/**
 * Lines over time, drawn by uPlot once its module has loaded, as wide as the container whenever that changes. The
 * colours are read from the theme when the chart is drawn. Hovering shows the bucket's figures above the chart.
 */
export function TimeChart({ label, buckets, series }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: Plot | null = null;
    let gone = false;
    const computed = getComputedStyle(element);
    const token = (name: string) => computed.getPropertyValue(name).trim();
    import('./plot.ts')
      .then(({ drawPlot }) => {
        if (gone) return;
        const width = element.clientWidth;
        plot = drawPlot(element, {
          buckets,
          series: series.map((s, i) => {
            const look = seriesLook(i);
            return { ...s, color: token(look.colorToken), dash: [...look.dash] };
          }),
          width,
          height: heightFor(width),
          axis: { text: token(AXIS_TOKENS.text), grid: token(AXIS_TOKENS.grid), font: token(AXIS_TOKENS.font) },
          onHover: setHovered,
        });
      })
      .catch(() => {
        if (!gone) setFailed(true);
      });
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot?.resize(element.clientWidth, heightFor(element.clientWidth)));
    observer?.observe(element);
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
      setHovered(null);
    };
  }, [buckets, series]);

  const bucket = hovered === null ? undefined : buckets[hovered];
  return (
    <figure className={styles.chart}>
      <p className={styles.readout} aria-hidden="true">
        {bucket === undefined || hovered === null
          ? ' '
          : `${bucketLabel(bucket)}: ${series.map((s) => `${s.label} ${FORMAT[s.unit](s.values[hovered] ?? 0)}`).join(' · ')}`}
      </p>
      {failed ? (
        <p className="muted">The chart could not be drawn; the table below holds its numbers.</p>
      ) : (
        <div ref={box} className={styles.plot} role="img" aria-label={label} />
      )}
      <ul className={styles.legend} aria-label="Legend">
        {series.map((s, i) => {
          const look = seriesLook(i);
          return (
            <li key={s.key}>
              <svg width="24" height="10" aria-hidden="true" className={styles.swatch}>
                <line
                  x1="0"
                  y1="5"
                  x2="24"
                  y2="5"
                  stroke={`var(${look.colorToken})`}
                  strokeWidth="3"
                  strokeDasharray={look.dash.join(' ') || undefined}
                />
              </svg>
              {s.label}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
