import { useMemo } from 'react';
import { ReportData } from './ReportData.tsx';
import { ReportSection } from './ReportSection.tsx';
import type { DateRange } from './range.ts';
import { type ChartSeries, TimeChart } from './TimeChart.tsx';
import { timeseriesTable } from './tables.ts';
import type { UsageTimeseries } from './usage-api.ts';
import { useTimeseries } from './use-usage.ts';
import type { Granularity } from './view.ts';

function chartOf(report: UsageTimeseries): { buckets: string[]; series: ChartSeries[] } {
  return {
    buckets: report.items.map((item) => item.date),
    series: [
      { key: 'cost', label: 'Cost', unit: 'money', values: report.items.map((item) => item.cost_cents) },
      { key: 'input', label: 'Input tokens', unit: 'count', values: report.items.map((item) => item.input_tokens) },
      { key: 'output', label: 'Output tokens', unit: 'count', values: report.items.map((item) => item.output_tokens) },
    ],
  };
}

/** Cost (left axis) and tokens (right axis) per day or hour, every bucket present. */
export function TimeseriesSection({ range, granularity }: { range: DateRange; granularity: Granularity }) {
  const query = useTimeseries(range, granularity);
  const answer = query.data;
  const chart = useMemo(() => answer && chartOf(answer.report), [answer]);
  const table = useMemo(() => answer && timeseriesTable(answer.report, answer.range), [answer]);
  return (
    <ReportSection id="usage-over-time" title="Cost and tokens over time" query={query}>
      {() =>
        chart &&
        table && (
          <>
            <TimeChart label={`Chart: ${table.caption}. Its numbers are in the table below.`} {...chart} />
            <ReportData table={table} about="cost and tokens over time" />
          </>
        )
      }
    </ReportSection>
  );
}
