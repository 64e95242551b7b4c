import { Fragment } from 'react';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import type { Wallet } from '../../../billing/index.ts';
import { formatMinor } from '../../../billing/index.ts';
import { CreditForm } from './CreditForm.tsx';
import { Ledger } from './Ledger.tsx';
import { useConfigureWallet, useWallet } from './use-wallet.ts';
import { WalletSettingsForm } from './WalletSettingsForm.tsx';

function Figures({ wallet }: { wallet: Wallet }) {
  const facts = [
    ['Balance', formatMinor(wallet.balance_minor, wallet.currency)],
    ['Enforcement', wallet.enforcement_enabled ? 'On: runs stop at an empty balance or a used-up limit' : 'Off'],
    ['Low-balance threshold', formatMinor(wallet.low_balance_threshold_minor, wallet.currency)],
  ] as const;
  return (
    <>
      <dl className="facts">
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {wallet.low_balance && <p className="tag tag--danger">Low balance</p>}
    </>
  );
}

/** 404 `no_wallet`: usage is not limited by a balance until the operator creates one (off, threshold 0). */
function NoWallet({ organizationId }: { organizationId: string }) {
  const create = useConfigureWallet(organizationId);
  return (
    <>
      <p className="empty">No wallet: the organization’s usage is not limited by a balance.</p>
      <div>
        <button
          type="button"
          className="button button--primary"
          disabled={create.isPending}
          onClick={() => create.mutate({})}
        >
          Create wallet
        </button>
      </div>
      <p className="muted">It starts empty, with enforcement off; credit it and turn enforcement on below.</p>
      <ErrorAlert error={create.error} />
    </>
  );
}

/** The organization's prepaid wallet: its balance and settings, credits, and the ledger of every change. */
export function WalletPage() {
  const { organizationId = '' } = useParams();
  const wallet = useWallet(organizationId);
  return (
    <div className="page stack">
      <h1>Wallet</h1>
      {wallet.isPending && <Loading label="Loading the wallet…" />}
      {wallet.isError && <LoadError error={wallet.error} onRetry={() => wallet.refetch()} />}
      {wallet.isSuccess && !wallet.data && <NoWallet organizationId={organizationId} />}
      {wallet.data && (
        <>
          <Figures wallet={wallet.data} />
          <CreditForm organizationId={organizationId} />
          <WalletSettingsForm organizationId={organizationId} wallet={wallet.data} />
          <Ledger organizationId={organizationId} />
        </>
      )}
    </div>
  );
}
