import { Link, useNavigate, useParams } from 'react-router';
import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import { DRAFT_FIELDS, type DraftValues, draftBody, INVOICE_LIMITS, validateDraft } from './invoice-form.ts';
import { useDraftInvoice } from './use-invoices.ts';

const EMPTY: DraftValues = { periodStart: '', periodEnd: '', notes: '' };

/** A draft invoice for a period: the API puts the live plan's price and the period's usage on it. */
export function NewInvoicePage() {
  const { organizationId = '' } = useParams();
  const draft = useDraftInvoice(organizationId);
  const navigate = useNavigate();
  const invoices = `/console/billing/organizations/${organizationId}/invoices`;
  const form = useCheckedForm({
    initial: EMPTY,
    validate: validateDraft,
    error: draft.error,
    fields: DRAFT_FIELDS,
    onValid: (values) =>
      draft.mutate(draftBody(values), { onSuccess: (invoice) => navigate(`${invoices}/${invoice.id}`) }),
  });
  const date = (key: 'periodStart' | 'periodEnd', label: string, hint: string) => (
    <FormField label={label} hint={hint} error={form.errors[key]}>
      {(control) => (
        <input
          {...control}
          type="date"
          min="2000-01-01"
          value={form.values[key]}
          onChange={(e) => form.set(key, e.target.value)}
        />
      )}
    </FormField>
  );
  return (
    <div className="page stack">
      <div>
        <Link to={invoices}>All invoices</Link>
        <h1>Draft an invoice</h1>
      </div>
      <p className="muted">
        The draft bills the live plan’s price once and the period’s AI usage; add lines to it, then finalize it.
      </p>
      <form onSubmit={form.submit} noValidate className="stack">
        {date('periodStart', 'First day billed', 'In the organization’s time zone.')}
        {date('periodEnd', 'Last day billed', `Inclusive; a period spans at most ${INVOICE_LIMITS.periodDays} days.`)}
        <TextField
          label="Notes"
          hint={`Optional, shown on the invoice. Up to ${INVOICE_LIMITS.notes} characters.`}
          value={form.values.notes}
          onChange={(value) => form.set('notes', value)}
          maxLength={INVOICE_LIMITS.notes}
          rows={3}
          error={form.errors.notes}
        />
        <FormActions error={form.formError} pending={draft.isPending} submitLabel="Draft invoice" />
      </form>
    </div>
  );
}
