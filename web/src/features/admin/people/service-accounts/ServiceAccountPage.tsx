import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { Loading } from '../../../../components/QueryStatus.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import styles from '../people.module.css';
import { Suspension } from '../Suspension.tsx';
import { roleLabel } from '../users/user-form.ts';
import { AccountForm } from './AccountForm.tsx';
import { ApiKeys } from './ApiKeys.tsx';
import { DeveloperOnly } from './DeveloperOnly.tsx';
import { accountChanges, accountFormValues } from './service-account-form.ts';
import type { ServiceAccount } from './service-accounts-api.ts';
import { useDeleteServiceAccount, useServiceAccount, useUpdateServiceAccount } from './use-service-accounts.ts';

/** One service account: its details, its keys, suspending and deleting it. */
export function ServiceAccountPage() {
  const { accountId = '' } = useParams();
  const account = useServiceAccount(accountId);

  if (account.isPending) {
    return (
      <div className="page">
        <Loading label="Loading the service account…" />
      </div>
    );
  }
  if (account.isError) {
    return (
      <div className="page stack">
        <h1>
          {isApiError(account.error, 404) ? 'Service account not found' : 'This service account could not be opened'}
        </h1>
        <DeveloperOnly error={account.error} onRetry={() => account.refetch()} />
        <Link to="/admin/people/service-accounts">All service accounts</Link>
      </div>
    );
  }
  const current = account.data;
  return (
    <div className="page stack">
      <div>
        <Link to="/admin/people/service-accounts">All service accounts</Link>
        <h1>{current.name}</h1>
        <p className="muted">
          {roleLabel(current.role)}
          {current.is_suspended && ' · Suspended'}
        </p>
      </div>
      <ApiKeys account={current} />
      <EditAccount account={current} />
      <AccountSuspension account={current} />
      <DeleteAccount account={current} />
    </div>
  );
}

function EditAccount({ account }: { account: ServiceAccount }) {
  const update = useUpdateServiceAccount(account.id);
  const [unchanged, setUnchanged] = useState(false);
  return (
    <section aria-labelledby="account-details" className={styles.section}>
      <h2 id="account-details">Details</h2>
      <AccountForm
        initial={accountFormValues(account)}
        submitLabel="Save changes"
        pending={update.isPending}
        error={update.error}
        done={(unchanged && 'Nothing to save: no field changed.') || (update.isSuccess && 'Saved.')}
        onSubmit={(values) => {
          const changes = accountChanges(account, values);
          const empty = Object.keys(changes).length === 0;
          setUnchanged(empty);
          if (empty) update.reset();
          else update.mutate(changes);
        }}
      />
    </section>
  );
}

function AccountSuspension({ account }: { account: ServiceAccount }) {
  const update = useUpdateServiceAccount(account.id);
  return (
    <Suspension
      subject={account.name}
      suspended={account.is_suspended}
      activeText="Active: its live keys work."
      suspendedText="Suspended: its keys do not work and it gets no new ones."
      question={`Suspend ${account.name}? Every one of its keys, and every session they made, stops at once.`}
      pending={update.isPending}
      error={update.error}
      onChange={(suspended) => update.mutate({ is_suspended: suspended })}
    />
  );
}

function DeleteAccount({ account }: { account: ServiceAccount }) {
  const remove = useDeleteServiceAccount(account.id);
  const navigate = useNavigate();
  return (
    <section aria-labelledby="account-delete" className={styles.section}>
      <h2 id="account-delete">Delete</h2>
      <p>An account with keys that are not revoked cannot be deleted: revoke them first.</p>
      <div>
        <ConfirmAction
          label="Delete"
          name={`Delete ${account.name}`}
          question={`Delete ${account.name}? This cannot be undone.`}
          confirmLabel="Delete for good"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(undefined, { onSuccess: () => navigate('/admin/people/service-accounts', { replace: true }) })
          }
        />
      </div>
      <ErrorAlert error={remove.error} />
    </section>
  );
}
