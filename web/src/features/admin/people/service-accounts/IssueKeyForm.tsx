import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { ShownOnce } from '../../../../components/ShownOnce.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import styles from '../people.module.css';
import { ACCOUNT_LIMITS, KEY_FIELDS, type KeyFormValues, newKeyBody, validateKeyForm } from './service-account-form.ts';
import type { ServiceAccount } from './service-accounts-api.ts';
import { useIssueApiKey } from './use-service-accounts.ts';

const EMPTY: KeyFormValues = { name: '', expiresOn: '' };

/** Issues a key for the account and shows its secret this once, with a way to copy it. */
export function IssueKeyForm({ account }: { account: ServiceAccount }) {
  const issue = useIssueApiKey(account.id);
  const form = useCheckedForm({
    initial: EMPTY,
    validate: (values: KeyFormValues) => validateKeyForm(values),
    error: issue.error,
    fields: KEY_FIELDS,
    onValid: (values) => issue.mutate(newKeyBody(values), { onSuccess: () => form.setValues(EMPTY) }),
  });
  const { values, set, errors: shown, submit } = form;

  return (
    <div className={styles.section}>
      <h3>New key</h3>
      {issue.data && (
        <ShownOnce
          name="New API key"
          warning="Copy this key now: it will not be shown again."
          secrets={[{ label: `Key “${issue.data.name}”`, value: issue.data.key }]}
        />
      )}
      <form onSubmit={submit} noValidate className="stack">
        <div className={styles.pair}>
          <TextField
            label="Key name"
            error={shown.name}
            value={values.name}
            maxLength={ACCOUNT_LIMITS.keyName}
            onChange={(name) => set('name', name)}
          />
          <FormField label="Valid through" hint="Optional: no expiry when empty." error={shown.expiresOn}>
            {(control) => (
              <input
                {...control}
                type="date"
                value={values.expiresOn}
                onChange={(e) => set('expiresOn', e.target.value)}
              />
            )}
          </FormField>
        </div>
        <FormActions error={form.formError} pending={issue.isPending} submitLabel="Issue key" />
      </form>
    </div>
  );
}
