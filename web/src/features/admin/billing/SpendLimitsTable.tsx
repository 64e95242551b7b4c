import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import type { SpendLimit } from '../../billing/index.ts';
import { formatMinor, formatPercent, billingStyles as styles } from '../../billing/index.ts';
import { useSpendLimits, useWallet } from './use-billing.ts';

/** Spend limits are in the wallet's currency, which is always US dollars. */
const CURRENCY = 'USD';

const SCOPES: Record<SpendLimit['scope'], string> = {
  organization: 'Organization',
  department: 'Department',
  user: 'User',
  agent: 'Agent',
};

/** "Department Sales"; a department or agent deleted since is named as gone. */
function scopeName(limit: SpendLimit): string {
  if (limit.scope === 'organization') return limit.label ? `Organization (${limit.label})` : 'Organization';
  return `${SCOPES[limit.scope]} ${limit.label ?? '(deleted)'}`;
}

function Use({ limit, name }: { limit: SpendLimit; name: string }) {
  const text = `${formatPercent(limit.percent_used)} used`;
  return (
    <div className={styles.use}>
      <meter
        min={0}
        max={100}
        low={75}
        high={90}
        optimum={0}
        value={Math.min(limit.percent_used, 100)}
        aria-label={`${name}: ${text}`}
      />
      <span>{text}</span>
    </div>
  );
}

/** Whether the limits below act now: only while the wallet's enforcement is on. */
function Applied() {
  const wallet = useWallet();
  if (!wallet.isSuccess) return null;
  if (wallet.data?.enforcement_enabled) {
    return <p className="muted">A run is refused once a limit covering it is used up.</p>;
  }
  return <p className="muted">Limits apply only while wallet enforcement is on: they are not applied now.</p>;
}

/** This calendar month's spend against each limit, as the API reckons it. */
export function SpendLimitsTable() {
  const view = useSpendLimits();
  return (
    <section aria-labelledby="billing-limits" className={styles.section}>
      <h2 id="billing-limits">Spend limits this month</h2>
      {view.isPending && <Loading label="Loading the spend limits…" />}
      {view.isError && <LoadError error={view.error} onRetry={() => view.refetch()} />}
      {view.isSuccess && (
        <>
          <p>
            From {view.data.period_start} to {view.data.period_end}, in the organization’s time zone.
          </p>
          <Applied />
          {view.data.limits.length === 0 ? (
            <p className="empty">No spend limits: the platform’s operators set them.</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <caption className="muted">
                  Each limit caps a month’s spend; a department’s includes those under it.
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Limit</th>
                    <th scope="col" className={styles.number}>
                      Amount
                    </th>
                    <th scope="col" className={styles.number}>
                      Spent
                    </th>
                    <th scope="col" className={styles.number}>
                      Remaining
                    </th>
                    <th scope="col">Used</th>
                  </tr>
                </thead>
                <tbody>
                  {view.data.limits.map((limit) => {
                    const name = scopeName(limit);
                    return (
                      <tr key={limit.id}>
                        <th scope="row">{name}</th>
                        <td className={styles.number}>{formatMinor(limit.amount_minor, CURRENCY)}</td>
                        <td className={styles.number}>{formatMinor(limit.spent_minor, CURRENCY)}</td>
                        <td className={styles.number}>{formatMinor(limit.remaining_minor, CURRENCY)}</td>
                        <td>
                          <Use limit={limit} name={name} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
