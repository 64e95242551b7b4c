import styles from '../../components/CardList.module.css';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import { NewServiceAccountForm } from './NewServiceAccountForm.tsx';
import { ServiceAccountCard } from './ServiceAccountCard.tsx';
import { useServiceAccounts } from './use-developer.ts';

/** Service accounts and their API keys; the API lets developers only (anyone else reads its 403 here). */
export function DeveloperPage() {
  const accounts = useServiceAccounts();

  return (
    <div className="page stack">
      <h1>Developer</h1>
      <p className="muted">Service accounts call the API with their own keys, for scripts and integrations.</p>
      {accounts.isPending && <Loading />}
      {accounts.isError && <LoadError error={accounts.error} />}
      {accounts.data && (
        <>
          <section aria-labelledby="new-service-account" className="stack">
            <h2 id="new-service-account">New service account</h2>
            <NewServiceAccountForm />
          </section>
          <section aria-labelledby="service-accounts">
            <h2 id="service-accounts">Service accounts</h2>
            {accounts.data.length === 0 && <p className="empty">No service accounts yet.</p>}
            <ul className={styles.list}>
              {accounts.data.map((account) => (
                <ServiceAccountCard key={account.id} account={account} />
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
