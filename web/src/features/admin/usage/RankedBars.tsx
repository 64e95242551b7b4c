import { formatMoney, formatShare } from './format.ts';
import styles from './usage.module.css';
import type { UsageBreakdown } from './usage-api.ts';

/** Enough bars to see who spends; the table lists every row the API returns (up to 50). */
const SHOWN = 8;

/** A breakdown as ranked bars, costliest first, each as long as its cost against the costliest. */
export function RankedBars({ report, label }: { report: UsageBreakdown; label: string }) {
  if (report.items.length === 0) return <p className="empty">No usage in this period.</p>;
  const largest = Math.max(...report.items.map((item) => item.cost_cents), 1);
  const hidden = report.items.length - SHOWN;
  return (
    <>
      <ol className={styles.bars} aria-label={label}>
        {report.items.slice(0, SHOWN).map((item) => (
          <li key={item.id} className={styles.bar}>
            <span className={styles.barLabel}>{item.label}</span>
            <span className={styles.barValue}>
              {formatMoney(item.cost_cents)} · {formatShare(item.percent_of_total)}
            </span>
            <span className={styles.barTrack} aria-hidden="true">
              <span className={styles.barFill} style={{ width: `${(item.cost_cents / largest) * 100}%` }} />
            </span>
          </li>
        ))}
      </ol>
      {hidden > 0 && <p className="muted">{hidden} more in the table.</p>}
    </>
  );
}
