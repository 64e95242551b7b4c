import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { Timestamp } from '../../../../components/Timestamp.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import type { Invoice } from '../../../billing/index.ts';
import { BilledTo, formatMinor, periodOf, STATUS_LABELS, billingStyles as styles } from '../../../billing/index.ts';
import { useInvoice } from '../use-billing.ts';

const when = (value: string | null) => (value ? <Timestamp value={value} /> : '—');

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The totals in the invoice's currency; a converted invoice also shows its US-dollar total and the rate. */
function Totals({ invoice }: { invoice: Invoice }) {
  const money = (minor: number) => formatMinor(minor, invoice.currency);
  const converted = invoice.currency !== 'USD';
  return (
    <dl className={styles.cards}>
      <div className={styles.card}>
        <dt>Total</dt>
        <dd className={styles.amount}>{money(invoice.total_minor)}</dd>
        {converted && (
          <dd className={styles.detail}>
            {formatMinor(invoice.total_usd_minor, 'USD')}
            {invoice.fx_rate && ` at ${invoice.fx_rate} ${invoice.currency} per US dollar`}
          </dd>
        )}
      </div>
      <div className={styles.card}>
        <dt>Paid</dt>
        <dd className={styles.amount}>{money(invoice.amount_paid_minor)}</dd>
      </div>
      <div className={styles.card}>
        <dt>Amount due</dt>
        <dd className={styles.amount}>{money(invoice.amount_due_minor)}</dd>
      </div>
    </dl>
  );
}

function Lines({ invoice }: { invoice: Invoice }) {
  return (
    <section aria-labelledby="invoice-lines" className={styles.section}>
      <h2 id="invoice-lines">Lines</h2>
      {invoice.line_items.length === 0 ? (
        <p className="empty">No lines.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className={styles.number}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.line_items.map((line) => (
                <tr key={line.id}>
                  <td>{line.description}</td>
                  <td className={styles.number}>{formatMinor(line.amount_minor, line.currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className={styles.number}>{formatMinor(invoice.total_usd_minor, 'USD')}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

function Payments({ invoice }: { invoice: Invoice }) {
  return (
    <section aria-labelledby="invoice-payments" className={styles.section}>
      <h2 id="invoice-payments">Payments</h2>
      {invoice.payments.length === 0 ? (
        <p className="empty">No payments recorded.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col" className={styles.number}>
                  Amount
                </th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {invoice.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>
                    <Timestamp value={payment.created_at} />
                  </td>
                  <td className={styles.number}>{formatMinor(payment.amount_minor, invoice.currency)}</td>
                  <td>{payment.note ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const plan = invoice.subscription_snapshot?.plan_name;
  return (
    <div className={`page stack ${styles.page}`}>
      <div>
        <Link to="/admin/billing/invoices">All invoices</Link>
        <div className={styles.heading}>
          <h1>Invoice for {periodOf(invoice)}</h1>
          <span className="tag">{STATUS_LABELS[invoice.status]}</span>
        </div>
      </div>
      <Totals invoice={invoice} />
      <dl className="facts">
        <Fact term="Status">{STATUS_LABELS[invoice.status]}</Fact>
        <Fact term="Currency">{invoice.currency}</Fact>
        <Fact term="Issued">{when(invoice.issued_at)}</Fact>
        <Fact term="Due date">{invoice.due_date ?? '—'}</Fact>
        <Fact term="Paid in full">{when(invoice.paid_at)}</Fact>
        {typeof plan === 'string' && <Fact term="Plan">{plan}</Fact>}
      </dl>
      <Lines invoice={invoice} />
      <Payments invoice={invoice} />
      <BilledTo snapshot={invoice.billing_snapshot} />
      {invoice.notes && (
        <section aria-labelledby="invoice-notes" className={styles.section}>
          <h2 id="invoice-notes">Notes</h2>
          <p>{invoice.notes}</p>
        </section>
      )}
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
