import type { ReactNode } from 'react';
import { formatCount, formatDelta, formatMoney } from './format.ts';
import { ReportSection } from './ReportSection.tsx';
import { type DateRange, previousPeriod } from './range.ts';
import styles from './usage.module.css';
import type { UsageSummary } from './usage-api.ts';
import { useSummary } from './use-usage.ts';

function Card({ term, value, detail }: { term: string; value: string; detail?: ReactNode }) {
  return (
    <div className={styles.card}>
      <dt>{term}</dt>
      <dd className={styles.amount}>{value}</dd>
      {detail && <dd className={styles.cardDetail}>{detail}</dd>}
    </div>
  );
}

/** "+12.3% against $40.00 spent from … to …"; with nothing spent before, there is nothing to compare with. */
function Change({ summary, range }: { summary: UsageSummary; range: DateRange }) {
  const before = previousPeriod(range);
  const detail = `${formatMoney(summary.previous_period_cost_cents)} from ${before.from} to ${before.to}`;
  if (summary.delta_pct === null)
    return <Card term="Against the previous period" value="No previous usage" detail={detail} />;
  return <Card term="Against the previous period" value={formatDelta(summary.delta_pct)} detail={detail} />;
}

/** The period's totals, and its cost against the same number of days before it. */
export function SummaryCards({ range }: { range: DateRange }) {
  const query = useSummary(range);
  return (
    <ReportSection id="usage-summary" title="Summary" query={query}>
      {({ range: shown, report }) => (
        <dl className={styles.cards}>
          <Card term="Total cost" value={formatMoney(report.total_cost_cents)} />
          <Card term="Calls" value={formatCount(report.call_count)} />
          <Card
            term="Input tokens"
            value={formatCount(report.total_input_tokens)}
            detail={`${formatCount(report.total_cached_input_tokens)} cached`}
          />
          <Card term="Output tokens" value={formatCount(report.total_output_tokens)} />
          <Change summary={report} range={shown} />
        </dl>
      )}
    </ReportSection>
  );
}
