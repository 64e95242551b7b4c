import { useMemo } from 'react';
import { RankedBars } from './RankedBars.tsx';
import { ReportData } from './ReportData.tsx';
import { ReportSection } from './ReportSection.tsx';
import type { DateRange } from './range.ts';
import { breakdownTable, DIMENSION_LABELS } from './tables.ts';
import styles from './usage.module.css';
import type { BreakdownDimension } from './usage-api.ts';
import { useBreakdown } from './use-usage.ts';

const DIMENSIONS: BreakdownDimension[] = ['model', 'agent', 'channel', 'department', 'user'];

function Breakdown({ range, dimension }: { range: DateRange; dimension: BreakdownDimension }) {
  const query = useBreakdown(range, dimension);
  const answer = query.data;
  const table = useMemo(() => answer && breakdownTable(answer.report, answer.range), [answer]);
  const noun = DIMENSION_LABELS[dimension].toLowerCase();
  return (
    <ReportSection id={`usage-by-${dimension}`} title={`By ${noun}`} level={3} query={query}>
      {({ report }) =>
        table && (
          <>
            <RankedBars report={report} label={`Cost by ${noun}, costliest first`} />
            <ReportData table={table} about={`cost by ${noun}`} />
          </>
        )
      }
    </ReportSection>
  );
}

/** Where the money went: the period's cost by model, agent, channel, department and user. */
export function BreakdownSection({ range }: { range: DateRange }) {
  return (
    <section aria-labelledby="usage-breakdowns" className={styles.group}>
      <h2 id="usage-breakdowns">Where the cost went</h2>
      <div className={styles.breakdowns}>
        {DIMENSIONS.map((dimension) => (
          <Breakdown key={dimension} range={range} dimension={dimension} />
        ))}
      </div>
    </section>
  );
}
