import { billingStyles as styles } from '../../billing/index.ts';
import { SpendLimitsTable } from './SpendLimitsTable.tsx';
import { WalletSummary } from './WalletSummary.tsx';

/** What the organization may still spend: its wallet and this month's spend limits. */
export function OverviewPage() {
  return (
    <div className={`page stack ${styles.page}`}>
      <h1>Billing</h1>
      <WalletSummary />
      <SpendLimitsTable />
    </div>
  );
}
