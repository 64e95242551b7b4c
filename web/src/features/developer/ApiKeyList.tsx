import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import styles from './ApiKeyList.module.css';
import type { ApiKey, ServiceAccount } from './developer-api.ts';
import { useApiKeys, useRevokeApiKey } from './use-developer.ts';

/** The account's keys by name and prefix (the API never returns a key's secret again). */
export function ApiKeyList({ account }: { account: ServiceAccount }) {
  const keys = useApiKeys(account.id);
  const revoke = useRevokeApiKey(account.id);

  if (keys.isError) return <ErrorAlert error={keys.error} />;
  if (!keys.data) return null;
  if (keys.data.length === 0) return <p className="muted">No API keys yet.</p>;
  return (
    <>
      <ul className={styles.keys} aria-label={`API keys of ${account.name}`}>
        {keys.data.map((key) => (
          <li key={key.id} className={styles.key}>
            <span>
              <strong>{key.name}</strong> <code>{key.prefix}…</code>
            </span>
            <KeyState apiKey={key} />
            {!key.revoked_at && (
              <button
                type="button"
                className="button button--quiet"
                aria-label={`Revoke ${key.name}`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(key.id)}
              >
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
      <ErrorAlert error={revoke.error} />
    </>
  );
}

function KeyState({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.revoked_at) {
    return (
      <span className="muted">
        Revoked <Timestamp value={apiKey.revoked_at} />
      </span>
    );
  }
  return (
    <span className="muted">
      {apiKey.last_used_at ? (
        <>
          Last used <Timestamp value={apiKey.last_used_at} />
        </>
      ) : (
        'Never used'
      )}
    </span>
  );
}
