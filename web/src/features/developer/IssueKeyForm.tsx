import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FormField } from '../../components/FormField.tsx';
import { ShownOnce } from '../../components/ShownOnce.tsx';
import { DEVELOPER_LIMITS, type IssuedApiKey, type ServiceAccount } from './developer-api.ts';
import { useIssueApiKey } from './use-developer.ts';

/** Issues a key for the account and shows its secret this once, with a way to copy it. */
export function IssueKeyForm({ account }: { account: ServiceAccount }) {
  const issue = useIssueApiKey(account.id);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const error = trimmed ? undefined : 'Give the key a name.';
    setNameError(error);
    if (!error) issue.mutate(trimmed, { onSuccess: () => setName('') });
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="inline-form">
        <FormField label={`New key for ${account.name}`} error={nameError}>
          {(control) => (
            <input
              {...control}
              value={name}
              maxLength={DEVELOPER_LIMITS.keyName}
              placeholder="Key name"
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </FormField>
        <div className="inline-form__actions">
          <button type="submit" className="button" disabled={issue.isPending}>
            Issue key
          </button>
        </div>
        <ErrorAlert error={issue.error} />
      </form>
      {issue.data && <IssuedKeyNotice issued={issue.data} />}
    </>
  );
}

function IssuedKeyNotice({ issued }: { issued: IssuedApiKey }) {
  return (
    <ShownOnce
      name="New API key"
      warning="Copy this key now: it will not be shown again."
      secrets={[{ label: `Key “${issued.name}”`, value: issued.key }]}
    />
  );
}
