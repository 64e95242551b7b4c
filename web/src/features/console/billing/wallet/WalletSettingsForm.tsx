import { useState } from 'react';
import { FormActions } from '../../../../components/FormActions.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import type { Wallet } from '../../../billing/index.ts';
import { billingStyles as adminStyles } from '../../../billing/index.ts';
import { amountError, minorToDecimal, parseMinor } from '../money-input.ts';
import { useConfigureWallet, type WalletSettings } from './use-wallet.ts';

/** The API's bounds of the threshold: $0 to $1,000,000,000. */
const THRESHOLD = { min: 0, max: 100_000_000_000, currency: 'USD' } as const;

interface SettingsValues {
  enforcement: boolean;
  threshold: string;
}

/** Only what differs from the wallet: the POST changes the settings it is given and leaves the others. */
function changesOf(wallet: Wallet, values: SettingsValues): WalletSettings {
  const threshold = parseMinor(values.threshold) ?? 0;
  return {
    ...(values.enforcement !== wallet.enforcement_enabled ? { enforcement_enabled: values.enforcement } : {}),
    ...(threshold !== wallet.low_balance_threshold_minor ? { low_balance_threshold_minor: threshold } : {}),
  };
}

/** Whether runs are refused once the money is used up, and from what balance the wallet counts as low. */
export function WalletSettingsForm({ organizationId, wallet }: { organizationId: string; wallet: Wallet }) {
  const configure = useConfigureWallet(organizationId);
  const [unchanged, setUnchanged] = useState(false);
  const form = useCheckedForm<SettingsValues>({
    initial: { enforcement: wallet.enforcement_enabled, threshold: minorToDecimal(wallet.low_balance_threshold_minor) },
    validate: (values) => {
      const threshold = amountError(values.threshold, THRESHOLD);
      return threshold ? { threshold } : {};
    },
    error: configure.error,
    fields: { enforcement_enabled: 'enforcement', low_balance_threshold_minor: 'threshold' },
    onValid: (values) => {
      const changes = changesOf(wallet, values);
      const empty = Object.keys(changes).length === 0;
      setUnchanged(empty);
      if (!empty) configure.mutate(changes);
    },
  });
  return (
    <section aria-labelledby="wallet-settings" className={adminStyles.section}>
      <h2 id="wallet-settings">Settings</h2>
      <form onSubmit={form.submit} noValidate className="stack">
        <div className="field">
          <label className={adminStyles.option}>
            <input
              type="checkbox"
              checked={form.values.enforcement}
              onChange={(e) => form.set('enforcement', e.target.checked)}
            />
            Enforce the balance and the spend limits
          </label>
          <p className="muted">On, a run is refused once the balance is used up or a limit covering it is reached.</p>
        </div>
        <TextField
          label="Low-balance threshold (US dollars)"
          hint="The balance counts as low at or below this, like 50.00."
          value={form.values.threshold}
          onChange={(value) => form.set('threshold', value)}
          error={form.errors.threshold}
        />
        <FormActions
          error={form.formError}
          pending={configure.isPending}
          submitLabel="Save settings"
          done={(unchanged && 'Nothing changed.') || (configure.isSuccess && 'Saved.')}
        />
      </form>
    </section>
  );
}
