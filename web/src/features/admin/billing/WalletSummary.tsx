import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import type { Wallet } from '../../billing/index.ts';
import { formatMinor, billingStyles as styles } from '../../billing/index.ts';
import { useWallet } from './use-billing.ts';

function Figures({ wallet }: { wallet: Wallet }) {
  return (
    <dl className={styles.cards}>
      <div className={styles.card}>
        <dt>Balance</dt>
        <dd className={styles.amount}>{formatMinor(wallet.balance_minor, wallet.currency)}</dd>
        {wallet.low_balance && (
          <dd>
            <span className={'tag tag--danger'}>Low balance</span>
          </dd>
        )}
      </div>
      <div className={styles.card}>
        <dt>Enforcement</dt>
        <dd className={styles.amount}>{wallet.enforcement_enabled ? 'On' : 'Off'}</dd>
        <dd className={styles.detail}>
          {wallet.enforcement_enabled
            ? 'Runs are refused once the balance is used up or a spend limit is reached.'
            : 'Runs go on whatever the balance and the spend limits say.'}
        </dd>
      </div>
      <div className={styles.card}>
        <dt>Low-balance threshold</dt>
        <dd className={styles.amount}>{formatMinor(wallet.low_balance_threshold_minor, wallet.currency)}</dd>
        <dd className={styles.detail}>The balance counts as low at or below this.</dd>
      </div>
    </dl>
  );
}

/** The prepaid balance usage is debited from; the platform's operators credit it and keep its ledger. */
export function WalletSummary() {
  const wallet = useWallet();
  return (
    <section aria-labelledby="billing-wallet" className={styles.section}>
      <h2 id="billing-wallet">Wallet</h2>
      {wallet.isPending && <Loading label="Loading the wallet…" />}
      {wallet.isError && <LoadError error={wallet.error} onRetry={() => wallet.refetch()} />}
      {wallet.isSuccess &&
        (wallet.data ? (
          <>
            <Figures wallet={wallet.data} />
            <p className="muted">
              Credits and the ledger of every debit are kept by the platform’s operators: ask them for a statement.
            </p>
          </>
        ) : (
          <p className="empty">No wallet: usage is not limited by a balance.</p>
        ))}
    </section>
  );
}
