import { useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { BreakdownSection } from './BreakdownSection.tsx';
import { ChargebackSection } from './ChargebackSection.tsx';
import { GranularityPicker, RangePicker } from './RangePicker.tsx';
import { todayIn } from './range.ts';
import { SeriesSection } from './SeriesSection.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { TimeseriesSection } from './TimeseriesSection.tsx';
import styles from './usage.module.css';
import { useTimeZone } from './use-usage.ts';
import { readView, type ViewParam, withChanges } from './view.ts';

/** The organization's AI usage: totals, charts over time, where the cost went, and the monthly chargeback. */
export function UsagePage() {
  const timeZone = useTimeZone();
  return (
    <div className={`page stack ${styles.page}`}>
      <h1>Usage</h1>
      <p className="muted">What your organization’s AI calls cost, in US dollars, from the recorded usage.</p>
      {timeZone.isPending && <Loading label="Loading the organization’s time zone…" />}
      {timeZone.isError && <LoadError error={timeZone.error} onRetry={() => timeZone.refetch()} />}
      {timeZone.isSuccess && <Reports timeZone={timeZone.data} />}
    </div>
  );
}

/** The reports for the view the address holds; every change goes into the address. */
function Reports({ timeZone }: { timeZone: string }) {
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const view = readView(params, today);
  // Applied to the address as it is when the change lands, not as it was at this render: a choice made right after
  // another (hours just after a new range) must not bring back what the first one replaced.
  const change = (changes: Partial<Record<ViewParam, string | null>>) =>
    setParams((current) => withChanges(current, changes));
  const { range } = view;
  return (
    <>
      <div className={styles.toolbar}>
        <RangePicker
          key={`${range.from}/${range.to}`}
          view={view}
          today={today}
          timeZone={timeZone}
          onRange={(next) => change({ from: next.from, to: next.to })}
        />
        <GranularityPicker
          range={range}
          value={view.granularity}
          onChange={(granularity) => change({ granularity: granularity === 'daily' ? null : granularity })}
        />
      </div>
      {view.problem ? (
        <p className="empty">Choose a period above to see the reports.</p>
      ) : (
        <>
          <SummaryCards range={range} />
          <TimeseriesSection range={range} granularity={view.granularity} />
          <SeriesSection
            range={range}
            granularity={view.granularity}
            dimension={view.by}
            limit={view.limit}
            onChange={change}
          />
          <BreakdownSection range={range} />
        </>
      )}
      <ChargebackSection month={view.month} onMonth={(month) => change({ month })} />
    </>
  );
}
