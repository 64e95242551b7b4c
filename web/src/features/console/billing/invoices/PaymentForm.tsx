import { FormActions } from '../../../../components/FormActions.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import type { Invoice } from '../../../billing/index.ts';
import { formatMinor } from '../../../billing/index.ts';
import {
  INVOICE_LIMITS,
  PAYMENT_CODES,
  PAYMENT_FIELDS,
  type PaymentValues,
  paymentBody,
  validatePayment,
} from './invoice-form.ts';
import { useRecordPayment } from './use-invoices.ts';

const EMPTY: PaymentValues = { amount: '', note: '' };

/** Money received against an open or written-off invoice, in its currency; paying what is due settles it. */
export function PaymentForm({ invoice, organizationId }: { invoice: Invoice; organizationId: string }) {
  const record = useRecordPayment(organizationId, invoice.id);
  const form = useCheckedForm({
    initial: EMPTY,
    validate: (values) => validatePayment(values, invoice),
    error: record.error,
    fields: PAYMENT_FIELDS,
    codes: PAYMENT_CODES,
    onValid: (values) => record.mutate(paymentBody(values), { onSuccess: () => form.setValues(EMPTY) }),
  });
  return (
    <form onSubmit={form.submit} noValidate className="stack" aria-labelledby="invoice-record-payment">
      <h3 id="invoice-record-payment">Record a payment</h3>
      <TextField
        label={`Amount (${invoice.currency})`}
        hint={`At most the amount due, ${formatMinor(invoice.amount_due_minor, invoice.currency)}.`}
        value={form.values.amount}
        onChange={(value) => form.set('amount', value)}
        error={form.errors.amount}
      />
      <TextField
        label="Note"
        hint={`Optional, like the transfer’s reference. Up to ${INVOICE_LIMITS.paymentNote} characters.`}
        value={form.values.note}
        onChange={(value) => form.set('note', value)}
        maxLength={INVOICE_LIMITS.paymentNote}
        error={form.errors.note}
      />
      <FormActions
        error={form.formError}
        pending={record.isPending}
        submitLabel="Record payment"
        done={record.isSuccess && 'Payment recorded.'}
      />
    </form>
  );
}
