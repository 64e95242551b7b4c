import { Fragment, type ReactNode } from 'react';
import { Timestamp } from '../../../../components/Timestamp.tsx';
import type { Invoice } from '../../../billing/index.ts';
import { billingStyles as adminStyles, formatMinor, STATUS_LABELS } from '../../../billing/index.ts';

type Fact = readonly [string, ReactNode];

const when = (value: string | null) => (value ? <Timestamp value={value} /> : '—');

/** Status, money and dates; a draft's totals are in US dollars until finalizing converts them. */
export function InvoiceFacts({ invoice }: { invoice: Invoice }) {
  const money = (minor: number) => formatMinor(minor, invoice.currency);
  const plan = invoice.subscription_snapshot?.plan_name;
  const facts: Fact[] = [
    ['Status', STATUS_LABELS[invoice.status]],
    ['Total', money(invoice.total_minor)],
    ...(invoice.currency !== 'USD'
      ? [['In US dollars', `${formatMinor(invoice.total_usd_minor, 'USD')} at ${invoice.fx_rate ?? '—'}`] as Fact]
      : []),
    ['Paid', money(invoice.amount_paid_minor)],
    ['Amount due', money(invoice.amount_due_minor)],
    ['Issued', when(invoice.issued_at)],
    ['Due date', invoice.due_date ?? '—'],
    ['Paid in full', when(invoice.paid_at)],
    ...(typeof plan === 'string' ? [['Plan', plan] as Fact] : []),
  ];
  return (
    <dl className="facts">
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="muted">Lines in US dollars; a negative line is a credit.</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className={adminStyles.number}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.line_items.map((line) => (
            <tr key={line.id}>
              <td>{line.description}</td>
              <td className={adminStyles.number}>{formatMinor(line.amount_minor, line.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className={adminStyles.number}>{formatMinor(invoice.total_usd_minor, 'USD')}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function InvoicePayments({ invoice }: { invoice: Invoice }) {
  if (invoice.payments.length === 0) return <p className="empty">No payments recorded.</p>;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="muted">In {invoice.currency}</caption>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col" className={adminStyles.number}>
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
              <td className={adminStyles.number}>{formatMinor(payment.amount_minor, invoice.currency)}</td>
              <td>{payment.note ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
