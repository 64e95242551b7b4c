import type { ReactNode } from 'react';
import { Timestamp } from '../../components/Timestamp.tsx';
import styles from './billing.module.css';
import { STATUS_LABELS } from './invoice-labels.ts';
import { formatMinor } from './money.ts';
import type { Invoice } from './types.ts';

/** The parts of one invoice's page, the same for the organization's admins and for operators (who add actions). */

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
export function InvoiceTotals({ invoice }: { invoice: Invoice }) {
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

export function InvoiceFacts({ invoice }: { invoice: Invoice }) {
  const plan = invoice.subscription_snapshot?.plan_name;
  return (
    <dl className="facts">
      <Fact term="Status">{STATUS_LABELS[invoice.status]}</Fact>
      <Fact term="Currency">{invoice.currency}</Fact>
      <Fact term="Issued">{when(invoice.issued_at)}</Fact>
      <Fact term="Due date">{invoice.due_date ?? '—'}</Fact>
      <Fact term="Paid in full">{when(invoice.paid_at)}</Fact>
      {typeof plan === 'string' && <Fact term="Plan">{plan}</Fact>}
    </dl>
  );
}

/** The lines in US dollars with their total; `children` follow the table (an operator's form for a new line). */
export function InvoiceLines({ invoice, children }: { invoice: Invoice; children?: ReactNode }) {
  return (
    <section aria-labelledby="invoice-lines" className={styles.section}>
      <h2 id="invoice-lines">Lines</h2>
      {invoice.line_items.length === 0 ? (
        <p className="empty">No lines.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="muted">In US dollars; a negative line is a credit.</caption>
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
      {children}
    </section>
  );
}

/** The payments received, in the invoice's currency; `children` follow (an operator's form for a payment). */
export function InvoicePayments({ invoice, children }: { invoice: Invoice; children?: ReactNode }) {
  return (
    <section aria-labelledby="invoice-payments" className={styles.section}>
      <h2 id="invoice-payments">Payments</h2>
      {invoice.payments.length === 0 ? (
        <p className="empty">No payments recorded.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="muted">In {invoice.currency}</caption>
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
      {children}
    </section>
  );
}

export function InvoiceNotes({ invoice }: { invoice: Invoice }) {
  if (!invoice.notes) return null;
  return (
    <section aria-labelledby="invoice-notes" className={styles.section}>
      <h2 id="invoice-notes">Notes</h2>
      <p>{invoice.notes}</p>
    </section>
  );
}
