import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { ShowMore } from '../../../../components/ShowMore.tsx';
import { Timestamp } from '../../../../components/Timestamp.tsx';
import { billingStyles as adminStyles, formatMinor } from '../../../billing/index.ts';
import { useLedger } from './use-wallet.ts';

/** Every credit and every usage debit of the wallet, newest first, a page at a time. */
export function Ledger({ organizationId }: { organizationId: string }) {
  const ledger = useLedger(organizationId);
  const entries = ledger.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="wallet-ledger" className={adminStyles.section}>
      <h2 id="wallet-ledger">Ledger</h2>
      {ledger.isPending && <Loading label="Loading the ledger…" />}
      {ledger.isError && <LoadError error={ledger.error} onRetry={() => ledger.refetch()} />}
      {ledger.isSuccess && entries.length === 0 && <p className="empty">No entries yet.</p>}
      {entries.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="muted">Newest first; debits are the cost of each use of a model.</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Entry</th>
                <th scope="col" className={adminStyles.number}>
                  Amount
                </th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <Timestamp value={entry.created_at} />
                  </td>
                  <td>{entry.kind === 'credit' ? 'Credit' : 'Usage'}</td>
                  <td className={adminStyles.number}>{formatMinor(entry.amount_minor, 'USD')}</td>
                  <td>{entry.note ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ShowMore
        noun="entries"
        hasNextPage={ledger.hasNextPage}
        isFetchingNextPage={ledger.isFetchingNextPage}
        fetchNextPage={ledger.fetchNextPage}
      />
    </section>
  );
}
