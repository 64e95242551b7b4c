import { Link, useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import type { Invoice } from '../../../billing/index.ts';
import {
  BilledTo,
  InvoiceFacts,
  InvoiceLines,
  InvoiceNotes,
  InvoicePayments,
  InvoiceTotals,
  periodOf,
  STATUS_LABELS,
  billingStyles as styles,
} from '../../../billing/index.ts';
import { useInvoice } from '../use-billing.ts';

function InvoiceView({ invoice }: { invoice: Invoice }) {
  return (
    <div className={`page stack ${styles.page}`}>
      <div>
        <Link to="/admin/billing/invoices">All invoices</Link>
        <div className={styles.heading}>
          <h1>Invoice for {periodOf(invoice)}</h1>
          <span className="tag">{STATUS_LABELS[invoice.status]}</span>
        </div>
      </div>
      <InvoiceTotals invoice={invoice} />
      <InvoiceFacts invoice={invoice} />
      <InvoiceLines invoice={invoice} />
      <InvoicePayments invoice={invoice} />
      <BilledTo snapshot={invoice.billing_snapshot} />
      <InvoiceNotes invoice={invoice} />
    </div>
  );
}

/** One invoice as the API gives it: totals, lines, payments, who it is addressed to. */
export function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const invoice = useInvoice(invoiceId);
  if (invoice.isPending) {
    return (
      <div className="page">
        <Loading label="Loading the invoice…" />
      </div>
    );
  }
  if (invoice.isError) {
    return (
      <div className="page stack">
        <h1>{isApiError(invoice.error, 404) ? 'Invoice not found' : 'This invoice could not be opened'}</h1>
        <LoadError error={invoice.error} onRetry={() => invoice.refetch()} />
        <Link to="/admin/billing/invoices">All invoices</Link>
      </div>
    );
  }
  return <InvoiceView invoice={invoice.data} />;
}
