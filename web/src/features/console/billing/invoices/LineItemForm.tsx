import { FormActions } from '../../../../components/FormActions.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import type { Invoice } from '../../../billing/index.ts';
import { INVOICE_LIMITS, LINE_FIELDS, type LineValues, lineBody, validateLine } from './invoice-form.ts';
import { useAddLine } from './use-invoices.ts';

const EMPTY: LineValues = { description: '', amount: '' };

/** A line added to a draft: a charge, or a credit when negative. */
export function LineItemForm({ invoice, organizationId }: { invoice: Invoice; organizationId: string }) {
  const add = useAddLine(organizationId, invoice.id);
  const form = useCheckedForm({
    initial: EMPTY,
    validate: (values) => validateLine(values, invoice),
    error: add.error,
    fields: LINE_FIELDS,
    onValid: (values) => add.mutate(lineBody(values), { onSuccess: () => form.setValues(EMPTY) }),
  });
  return (
    <form onSubmit={form.submit} noValidate className="stack" aria-labelledby="invoice-add-line">
      <h3 id="invoice-add-line">Add a line</h3>
      <TextField
        label="Description"
        hint={`As the invoice shows it. Up to ${INVOICE_LIMITS.description} characters.`}
        value={form.values.description}
        onChange={(value) => form.set('description', value)}
        maxLength={INVOICE_LIMITS.description}
        error={form.errors.description}
      />
      <TextField
        label="Amount (US dollars)"
        hint="Like 25.00; negative, like -10.00, for a credit."
        value={form.values.amount}
        onChange={(value) => form.set('amount', value)}
        error={form.errors.amount}
      />
      <FormActions
        error={form.formError}
        pending={add.isPending}
        submitLabel="Add line"
        done={add.isSuccess && 'Line added.'}
      />
    </form>
  );
}
