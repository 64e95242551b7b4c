import { Link, useParams, useSearchParams } from 'react-router';
import listStyles from '../../../../components/CardList.module.css';
import { FormField } from '../../../../components/FormField.tsx';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { ShowMore } from '../../../../components/ShowMore.tsx';
import {
  billingStyles as adminStyles,
  formatMinor,
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceStatus,
  periodOf,
  STATUS_LABELS,
} from '../../../billing/index.ts';
import { useInvoiceList } from './use-invoices.ts';

/** The status filter lives in the address (`?status=open`), so a filtered list can be linked and reloaded. */
function useStatusFilter(): [InvoiceStatus | null, (status: InvoiceStatus | null) => void] {
  const [params, setParams] = useSearchParams();
  const status = INVOICE_STATUSES.find((s) => s === params.get('status')) ?? null;
  return [status, (next) => setParams(next ? { status: next } : {}, { replace: true })];
}

function InvoiceRow({ invoice, base }: { invoice: Invoice; base: string }) {
  return (
    <tr>
      <th scope="row">
        <Link to={`${base}/${invoice.id}`}>{periodOf(invoice)}</Link>
      </th>
      <td>{STATUS_LABELS[invoice.status]}</td>
      <td className={adminStyles.number}>{formatMinor(invoice.total_minor, invoice.currency)}</td>
      <td className={adminStyles.number}>{formatMinor(invoice.amount_due_minor, invoice.currency)}</td>
      <td>{invoice.due_date ?? '—'}</td>
    </tr>
  );
}

/** The organization's invoices, newest first, a page at a time, filtered by status on request. */
export function InvoicesPage() {
  const { organizationId = '' } = useParams();
  const [status, setStatus] = useStatusFilter();
  const list = useInvoiceList(organizationId, status);
  const invoices = list.data?.pages.flatMap((page) => page.data) ?? [];
  const base = `/console/billing/organizations/${organizationId}/invoices`;
  return (
    <div className="page stack">
      <div className={listStyles.header}>
        <h1>Invoices</h1>
        <Link to={`${base}/new`} className="button button--primary">
          Draft an invoice
        </Link>
      </div>
      <search>
        <FormField label="Status">
          {(control) => (
            <select
              {...control}
              value={status ?? ''}
              onChange={(e) => setStatus((e.target.value || null) as InvoiceStatus | null)}
            >
              <option value="">Every status</option>
              {INVOICE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </search>
      {list.isPending && <Loading label="Loading the invoices…" />}
      {list.isError && <LoadError error={list.error} onRetry={() => list.refetch()} />}
      {list.isSuccess && invoices.length === 0 && (
        <p className="empty">{status ? `No ${STATUS_LABELS[status].toLowerCase()} invoices.` : 'No invoices yet.'}</p>
      )}
      {invoices.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="muted">
              {status ? `${STATUS_LABELS[status]} invoices` : 'All invoices'}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Status</th>
                <th scope="col" className={adminStyles.number}>
                  Total
                </th>
                <th scope="col" className={adminStyles.number}>
                  Amount due
                </th>
                <th scope="col">Due date</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} base={base} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ShowMore
        noun="invoices"
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
    </div>
  );
}
