import { Link, useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import type { Invoice } from '../../../billing/index.ts';
import {
  billingStyles as adminStyles,
  BilledTo,
  InvoiceFacts,
  InvoiceLines,
  InvoiceNotes,
  InvoicePayments,
  InvoiceTotals,
  periodOf,
  STATUS_LABELS,
} from '../../../billing/index.ts';
import { InvoiceActions } from './InvoiceActions.tsx';
import { LineItemForm } from './LineItemForm.tsx';
import { PaymentForm } from './PaymentForm.tsx';
import { useInvoice } from './use-invoices.ts';

function InvoiceView({ invoice, organizationId }: { invoice: Invoice; organizationId: string }) {
  const payable = invoice.status === 'open' || invoice.status === 'uncollectible';
  return (
    <>
      <InvoiceTotals invoice={invoice} />
      <InvoiceFacts invoice={invoice} />
      <InvoiceActions invoice={invoice} organizationId={organizationId} />
      <InvoiceLines invoice={invoice}>
        {invoice.status === 'draft' && <LineItemForm invoice={invoice} organizationId={organizationId} />}
      </InvoiceLines>
      <InvoicePayments invoice={invoice}>
        {payable && <PaymentForm invoice={invoice} organizationId={organizationId} />}
      </InvoicePayments>
      <BilledTo snapshot={invoice.billing_snapshot} />
      <InvoiceNotes invoice={invoice} />
    </>
  );
}

/** One invoice of the organization: its figures, lines and payments, and the moves its state allows. */
export function InvoicePage() {
  const { organizationId = '', invoiceId = '' } = useParams();
  const invoice = useInvoice(organizationId, invoiceId);
  const found = invoice.data;
  return (
    <div className={`page stack ${adminStyles.page}`}>
      <div>
        <Link to={`/console/billing/organizations/${organizationId}/invoices`}>All invoices</Link>
        <div className={adminStyles.heading}>
          <h1>{found ? `Invoice for ${periodOf(found)}` : 'Invoice'}</h1>
          {found && <span className="tag">{STATUS_LABELS[found.status]}</span>}
        </div>
      </div>
      {invoice.isPending && <Loading label="Loading the invoice…" />}
      {invoice.isError && <LoadError error={invoice.error} onRetry={() => invoice.refetch()} />}
      {invoice.isSuccess && !found && <p className="empty">The organization has no such invoice.</p>}
      {found && <InvoiceView invoice={found} organizationId={organizationId} />}
    </div>
  );
}
