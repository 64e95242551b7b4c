import { useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../../../components/QueryStatus.tsx';
import { ShowMore } from '../../../../components/ShowMore.tsx';
import { Timestamp } from '../../../../components/Timestamp.tsx';
import styles from '../people.module.css';
import { roleLabel } from '../users/user-form.ts';
import { AccountForm } from './AccountForm.tsx';
import { DeveloperOnly } from './DeveloperOnly.tsx';
import { accountFormValues, newAccountBody } from './service-account-form.ts';
import type { ServiceAccount } from './service-accounts-api.ts';
import { useCreateServiceAccount, useServiceAccountList } from './use-service-accounts.ts';

/** The organization's service accounts, and a new one. The API lets developers only. */
export function ServiceAccountsPage() {
  const accounts = useServiceAccountList();
  const rows = accounts.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="page stack">
      <h1>Service accounts</h1>
      <p className="muted">Scripts and integrations call the API as a service account, with its keys.</p>
      {accounts.isPending && <Loading label="Loading service accounts…" />}
      {accounts.isError && <DeveloperOnly error={accounts.error} onRetry={() => accounts.refetch()} />}
      {accounts.isSuccess && (
        <>
          <NewAccount />
          <section aria-labelledby="accounts-list" className={styles.section}>
            <h2 id="accounts-list">All service accounts</h2>
            {rows.length === 0 ? (
              <p className="empty">No service accounts yet.</p>
            ) : (
              <ul className={styles.rows} aria-label="Service accounts">
                {rows.map((account) => (
                  <AccountRow key={account.id} account={account} />
                ))}
              </ul>
            )}
            <ShowMore noun="service accounts" {...accounts} />
          </section>
        </>
      )}
    </div>
  );
}

function NewAccount() {
  const create = useCreateServiceAccount();
  // A fresh form after each account made.
  const [made, setMade] = useState(0);
  return (
    <section aria-labelledby="new-account" className={styles.section}>
      <h2 id="new-account">New service account</h2>
      <AccountForm
        key={made}
        initial={accountFormValues()}
        submitLabel="Create service account"
        pending={create.isPending}
        error={create.error}
        done={create.isSuccess && `${create.data.name} is created: open it to issue its keys.`}
        onSubmit={(values) => create.mutate(newAccountBody(values), { onSuccess: () => setMade((n) => n + 1) })}
      />
    </section>
  );
}

function AccountRow({ account }: { account: ServiceAccount }) {
  return (
    <li className={styles.row}>
      <Link to={`/admin/people/service-accounts/${account.id}`} className={styles.rowName}>
        {account.name}
      </Link>
      <span className="button-row">
        {account.is_suspended && <span className={'tag tag--danger'}>Suspended</span>}
        <span className="tag">{roleLabel(account.role)}</span>
      </span>
      <p className={styles.rowMeta}>
        {account.description && `${account.description} · `}
        {account.last_used_at ? (
          <>
            Last used <Timestamp value={account.last_used_at} />
          </>
        ) : (
          'Never used'
        )}
      </p>
    </li>
  );
}
