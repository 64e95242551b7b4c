import { useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { billingStyles as adminStyles } from '../../../billing/index.ts';
import { useWallet } from '../wallet/use-wallet.ts';
import { LimitRow } from './LimitRow.tsx';
import { NewLimitForm } from './NewLimitForm.tsx';
import { useLimits } from './use-limits.ts';

/** Whether the limits act now: only while the organization's wallet enforces them. */
function Applied({ organizationId }: { organizationId: string }) {
  const wallet = useWallet(organizationId);
  if (!wallet.isSuccess || wallet.data?.enforcement_enabled) return null;
  return <p className="muted">Limits apply only while wallet enforcement is on: they are not applied now.</p>;
}

/** The organization's monthly spend limits, this month's spend against each, and the way to add, change or remove one. */
export function SpendLimitsPage() {
  const { organizationId = '' } = useParams();
  const view = useLimits(organizationId);
  return (
    <div className="page stack">
      <h1>Spend limits</h1>
      <Applied organizationId={organizationId} />
      {view.isPending && <Loading label="Loading the spend limits…" />}
      {view.isError && <LoadError error={view.error} onRetry={() => view.refetch()} />}
      {view.isSuccess && (
        <p>
          This month: {view.data.period_start} to {view.data.period_end}, in the organization’s time zone.
        </p>
      )}
      {view.isSuccess && view.data.limits.length === 0 && <p className="empty">No spend limits.</p>}
      {view.isSuccess && view.data.limits.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="muted">Each limit caps a calendar month’s spend, in US dollars.</caption>
            <thead>
              <tr>
                <th scope="col">Limit</th>
                <th scope="col" className={adminStyles.number}>
                  Amount
                </th>
                <th scope="col" className={adminStyles.number}>
                  Spent
                </th>
                <th scope="col" className={adminStyles.number}>
                  Remaining
                </th>
                <th scope="col">Used</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {view.data.limits.map((limit) => (
                <LimitRow key={limit.id} limit={limit} organizationId={organizationId} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NewLimitForm organizationId={organizationId} />
    </div>
  );
}
