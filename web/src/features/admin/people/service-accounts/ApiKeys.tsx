import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { ShowMore } from '../../../../components/ShowMore.tsx';
import { Timestamp } from '../../../../components/Timestamp.tsx';
import styles from '../people.module.css';
import { IssueKeyForm } from './IssueKeyForm.tsx';
import type { ApiKey, ServiceAccount } from './service-accounts-api.ts';
import { useApiKeyList, useRevokeApiKey } from './use-service-accounts.ts';

/** The account's keys, live and revoked, by name and prefix (the API never gives a key's secret again). */
export function ApiKeys({ account }: { account: ServiceAccount }) {
  const keys = useApiKeyList(account.id);
  const rows = keys.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section aria-labelledby="account-keys" className={styles.section}>
      <h2 id="account-keys">API keys</h2>
      {keys.isPending && <Loading label="Loading keys…" />}
      {keys.isError && <LoadError error={keys.error} onRetry={() => keys.refetch()} />}
      {keys.isSuccess && rows.length === 0 && <p className="empty">No API keys yet.</p>}
      {rows.length > 0 && (
        <ul className={styles.rows} aria-label={`API keys of ${account.name}`}>
          {rows.map((key) => (
            <KeyRow key={key.id} apiKey={key} accountId={account.id} />
          ))}
        </ul>
      )}
      <ShowMore noun="keys" {...keys} />
      {account.is_suspended ? (
        <p className="muted">A suspended account gets no new keys.</p>
      ) : (
        <IssueKeyForm account={account} />
      )}
    </section>
  );
}

function KeyRow({ apiKey, accountId }: { apiKey: ApiKey; accountId: string }) {
  const revoke = useRevokeApiKey(accountId);
  return (
    <li className={styles.row}>
      <span className={styles.rowName}>
        {apiKey.name} <code>{apiKey.prefix}…</code>
      </span>
      <span className="button-row">
        {apiKey.revoked_at ? (
          <span className={'tag tag--danger'}>Revoked</span>
        ) : (
          <ConfirmAction
            label="Revoke"
            name={`Revoke ${apiKey.name}`}
            question={`Revoke ${apiKey.name}? It stops working at once, with the sessions it made.`}
            confirmLabel="Revoke now"
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(apiKey.id)}
          />
        )}
      </span>
      <p className={styles.rowMeta}>
        <KeyDates apiKey={apiKey} />
      </p>
      <ErrorAlert error={revoke.error} />
    </li>
  );
}

function KeyDates({ apiKey }: { apiKey: ApiKey }) {
  return (
    <>
      Created <Timestamp value={apiKey.created_at} />
      {' · '}
      {apiKey.last_used_at ? (
        <>
          last used <Timestamp value={apiKey.last_used_at} />
        </>
      ) : (
        'never used'
      )}
      {apiKey.revoked_at && (
        <>
          {' · '}revoked <Timestamp value={apiKey.revoked_at} />
        </>
      )}
      {!apiKey.revoked_at && apiKey.expires_at && (
        <>
          {' · '}expires <Timestamp value={apiKey.expires_at} />
        </>
      )}
    </>
  );
}
