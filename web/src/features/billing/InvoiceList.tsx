import { Link, useSearchParams } from 'react-router';
import { FormField } from '../../components/FormField.tsx';
import styles from './billing.module.css';
import { periodOf, STATUS_LABELS } from './invoice-labels.ts';
import { formatMinor } from './money.ts';
import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from './types.ts';

/** The status filter lives in the address (`?status=open`), so a filtered list can be linked and reloaded. */
export function useInvoiceStatusFilter(): [InvoiceStatus | null, (status: InvoiceStatus | null) => void] {
  const [params, setParams] = useSearchParams();
  const status = INVOICE_STATUSES.find((s) => s === params.get('status')) ?? null;
  return [status, (next) => setParams(next ? { status: next } : {}, { replace: true })];
}

export function InvoiceStatusFilter({
  status,
  onChange,
}: {
  status: InvoiceStatus | null;
  onChange: (status: InvoiceStatus | null) => void;
}) {
  return (
    <search>
      <FormField label="Status">
        {(control) => (
          <select
            {...control}
            value={status ?? ''}
            onChange={(e) => onChange((e.target.value || null) as InvoiceStatus | null)}
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
  );
}

/** The invoices loaded so far, newest first, each linked to `hrefOf(id)`; or the sentence saying there are none. */
export function InvoiceTable({
  invoices,
  status,
  hrefOf,
}: {
  invoices: Invoice[];
  status: InvoiceStatus | null;
  hrefOf: (invoiceId: string) => string;
}) {
  if (invoices.length === 0) {
    return (
      <p className="empty">{status ? `No ${STATUS_LABELS[status].toLowerCase()} invoices.` : 'No invoices yet.'}</p>
    );
  }
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="muted">
          {status ? `${STATUS_LABELS[status]} invoices` : 'All invoices'}, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Status</th>
            <th scope="col" className={styles.number}>
              Total
            </th>
            <th scope="col" className={styles.number}>
              Amount due
            </th>
            <th scope="col">Due date</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <th scope="row">
                <Link to={hrefOf(invoice.id)}>{periodOf(invoice)}</Link>
              </th>
              <td>{STATUS_LABELS[invoice.status]}</td>
              <td className={styles.number}>{formatMinor(invoice.total_minor, invoice.currency)}</td>
              <td className={styles.number}>{formatMinor(invoice.amount_due_minor, invoice.currency)}</td>
              <td>{invoice.due_date ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
