import { useId, useMemo } from 'react';
import { ReportData } from './ReportData.tsx';
import { ReportSection } from './ReportSection.tsx';
import type { DateRange } from './range.ts';
import { type ChartSeries, TimeChart } from './TimeChart.tsx';
import { seriesTable } from './tables.ts';
import styles from './usage.module.css';
import type { UsageTimeseriesBy } from './usage-api.ts';
import { useTimeseriesBy } from './use-usage.ts';
import { type Granularity, MAX_SERIES, type SeriesDimension, type ViewParam } from './view.ts';

const LIMITS = Array.from({ length: MAX_SERIES }, (_, i) => i + 1);

function chartOf(report: UsageTimeseriesBy): { buckets: string[]; series: ChartSeries[] } {
  return {
    buckets: report.buckets,
    series: report.series.map((s) => ({ key: s.id, label: s.label, unit: 'money', values: s.points })),
  };
}

interface SeriesSectionProps {
  range: DateRange;
  granularity: Granularity;
  dimension: SeriesDimension;
  limit: number;
  onChange: (changes: Partial<Record<ViewParam, string>>) => void;
}

/** The costliest departments or users over time, one line each, the rest summed as Other. */
export function SeriesSection({ range, granularity, dimension, limit, onChange }: SeriesSectionProps) {
  const query = useTimeseriesBy(range, granularity, dimension, limit);
  const answer = query.data;
  const chart = useMemo(() => answer && chartOf(answer.report), [answer]);
  const table = useMemo(() => answer && seriesTable(answer.report, answer.range, answer.dimension), [answer]);
  const limitId = useId();
  const controls = (
    <div className={styles.controls}>
      <fieldset className={styles.choice}>
        <legend>Split by</legend>
        {(['department', 'user'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="usage-split"
              value={value}
              checked={dimension === value}
              onChange={() => onChange({ by: value })}
            />
            {value === 'department' ? 'Department' : 'User'}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={limitId}>Lines before Other</label>
        <select id={limitId} value={limit} onChange={(event) => onChange({ limit: event.target.value })}>
          {LIMITS.map((n) => (
            <option key={n} value={n}>
              Top {n}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
  return (
    <ReportSection id="usage-split" title="Cost over time by department or user" controls={controls} query={query}>
      {({ dimension: shown }) =>
        chart &&
        table && (
          <>
            <TimeChart label={`Chart: ${table.caption}. Its numbers are in the table below.`} {...chart} />
            <ReportData table={table} about={`cost over time by ${shown}`} />
          </>
        )
      }
    </ReportSection>
  );
}
