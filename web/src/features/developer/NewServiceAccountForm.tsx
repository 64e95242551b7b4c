import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FormField } from '../../components/FormField.tsx';
import { DEVELOPER_LIMITS, type NewServiceAccount } from './developer-api.ts';
import { useCreateServiceAccount } from './use-developer.ts';

const EMPTY: NewServiceAccount = { name: '', description: '', role: 'member' };

export function NewServiceAccountForm() {
  const create = useCreateServiceAccount();
  const [account, setAccount] = useState(EMPTY);
  const [nameError, setNameError] = useState<string>();
  const set = (changes: Partial<NewServiceAccount>) => setAccount((current) => ({ ...current, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = account.name.trim();
    const error = name ? undefined : 'Give the account a name.';
    setNameError(error);
    if (error) return;
    create.mutate(
      { name, description: account.description?.trim() || null, role: account.role },
      { onSuccess: () => setAccount(EMPTY) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="inline-form">
      <FormField label="Account name" error={nameError}>
        {(control) => (
          <input
            {...control}
            value={account.name}
            maxLength={DEVELOPER_LIMITS.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        )}
      </FormField>
      <FormField label="Description">
        {(control) => (
          <input
            {...control}
            value={account.description ?? ''}
            maxLength={DEVELOPER_LIMITS.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        )}
      </FormField>
      <FormField label="Role">
        {(control) => (
          <select
            {...control}
            value={account.role}
            onChange={(e) => set({ role: e.target.value as NewServiceAccount['role'] })}
          >
            <option value="member">Member</option>
            <option value="admin">Administrator</option>
          </select>
        )}
      </FormField>
      <div className="inline-form__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          Create service account
        </button>
      </div>
      <ErrorAlert error={create.error} />
    </form>
  );
}
