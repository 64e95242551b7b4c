import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import { billingStyles as adminStyles } from '../../../billing/index.ts';
import {
  LIMIT_CODES,
  LIMIT_FIELDS,
  type LimitValues,
  newLimitBody,
  SCOPE_LABELS,
  SCOPES,
  validateLimit,
} from './limit-form.ts';
import { useAddLimit } from './use-limits.ts';

const EMPTY: LimitValues = { scope: 'organization', scopeId: '', amount: '' };

/**
 * A monthly cap on the organization or one of its departments, users or agents. The target is given by id: the
 * API offers the billing section no list of an organization's departments, users or agents.
 */
export function NewLimitForm({ organizationId }: { organizationId: string }) {
  const add = useAddLimit(organizationId);
  const form = useCheckedForm({
    initial: EMPTY,
    validate: validateLimit,
    error: add.error,
    fields: LIMIT_FIELDS,
    codes: LIMIT_CODES,
    onValid: (values) => add.mutate(newLimitBody(values), { onSuccess: () => form.setValues(EMPTY) }),
  });
  const scope = form.values.scope;
  return (
    <section aria-labelledby="limits-add" className={adminStyles.section}>
      <h2 id="limits-add">Add a limit</h2>
      <form onSubmit={form.submit} noValidate className="stack">
        <FormField
          label="Applies to"
          hint="One limit per target; a department’s covers those under it."
          error={form.errors.scope}
        >
          {(control) => (
            <select
              {...control}
              value={scope}
              onChange={(e) => form.set('scope', e.target.value as LimitValues['scope'])}
            >
              {SCOPES.map((s) => (
                <option key={s} value={s}>
                  {SCOPE_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {scope !== 'organization' && (
          <TextField
            label={`${SCOPE_LABELS[scope]} id`}
            hint={`The ${SCOPE_LABELS[scope].toLowerCase()}’s id in this organization, a UUID.`}
            value={form.values.scopeId}
            onChange={(value) => form.set('scopeId', value)}
            maxLength={36}
            error={form.errors.scopeId}
          />
        )}
        <TextField
          label="Monthly amount (US dollars)"
          hint="Like 500.00; 0 allows no spend at all."
          value={form.values.amount}
          onChange={(value) => form.set('amount', value)}
          error={form.errors.amount}
        />
        <FormActions
          error={form.formError}
          pending={add.isPending}
          submitLabel="Add limit"
          done={add.isSuccess && 'Limit added.'}
        />
      </form>
    </section>
  );
}
