import { FormActions } from '../../../../components/FormActions.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import type { Plan } from '../../../billing/index.ts';
import { billingStyles as adminStyles } from '../../../billing/index.ts';
import { PLAN_CODES, PLAN_FIELDS, PLAN_LIMITS, type PlanValues, planValuesOf, validatePlan } from './plan-form.ts';

interface PlanFormProps {
  /** The plan being edited; none for a new one. */
  plan?: Plan;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  done?: string | false;
  onSubmit: (values: PlanValues) => void;
}

/** A plan's name, slug, description, monthly price and whether it is offered, checked as the API checks them. */
export function PlanForm({ plan, submitLabel, pending, error, done, onSubmit }: PlanFormProps) {
  const form = useCheckedForm({
    initial: planValuesOf(plan),
    validate: (values) => validatePlan(values, plan),
    error,
    fields: PLAN_FIELDS,
    codes: PLAN_CODES,
    onValid: onSubmit,
  });
  const text = (key: 'name' | 'slug' | 'description' | 'price', label: string, hint: string, max?: number) => (
    <TextField
      label={label}
      hint={hint}
      value={form.values[key]}
      onChange={(value) => form.set(key, value)}
      maxLength={max}
      rows={key === 'description' ? 3 : undefined}
      error={form.errors[key]}
    />
  );
  return (
    <form onSubmit={form.submit} noValidate className="stack">
      {text('name', 'Name', `As organizations see it. Up to ${PLAN_LIMITS.name} characters.`, PLAN_LIMITS.name)}
      {text(
        'slug',
        'Slug',
        `Unique; lower-case letters, digits and hyphens, up to ${PLAN_LIMITS.slug} characters.`,
        PLAN_LIMITS.slug,
      )}
      {text('description', 'Description', 'Optional.', PLAN_LIMITS.description)}
      {text('price', 'Monthly price (US dollars)', 'Like 49.00; 0 for a free plan. Invoices convert it at issue.')}
      <div className="field">
        <label className={adminStyles.option}>
          <input
            type="checkbox"
            checked={form.values.isActive}
            onChange={(e) => form.set('isActive', e.target.checked)}
          />
          Offered to organizations (active)
        </label>
        <p className="muted">
          Deactivating a plan only stops offering it: organizations subscribed to it keep their subscriptions.
        </p>
      </div>
      <FormActions error={form.formError} pending={pending} submitLabel={submitLabel} done={done} />
    </form>
  );
}
