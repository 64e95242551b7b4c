import styles from '../../components/CardList.module.css';
import { ApiKeyList } from './ApiKeyList.tsx';
import type { ServiceAccount } from './developer-api.ts';
import { IssueKeyForm } from './IssueKeyForm.tsx';

export function ServiceAccountCard({ account }: { account: ServiceAccount }) {
  const headingId = `account-${account.id}`;
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.name}>
        {account.name}
      </h3>
      <p className={styles.meta}>
        {account.role === 'admin' ? 'Administrator' : 'Member'}
        {account.is_suspended && ' · Suspended'}
      </p>
      {account.description && <p className={styles.description}>{account.description}</p>}
      <ApiKeyList account={account} />
      <IssueKeyForm account={account} />
    </li>
  );
}
