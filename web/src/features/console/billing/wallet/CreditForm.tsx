import { FormActions } from '../../../../components/FormActions.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import { billingStyles as adminStyles, formatMinor } from '../../../billing/index.ts';
import { amountError, parseMinor } from '../money-input.ts';
import { type Credit, useCreditWallet } from './use-wallet.ts';

/** The API's bounds of a credit (src/modules/billing/wallet.schemas.ts): 1 cent to $1,000,000,000. */
const CREDIT = { min: 1, max: 100_000_000_000, currency: 'USD' } as const;
const NOTE_MAX = 500;
const EMPTY = { amount: '', note: '' };
type CreditValues = typeof EMPTY;

function validate(values: CreditValues) {
  const found: Partial<Record<keyof CreditValues, string>> = {};
  const amount = amountError(values.amount, CREDIT);
  if (amount) found.amount = amount;
  if (values.note.trim().length > NOTE_MAX) found.note = `At most ${NOTE_MAX} characters.`;
  return found;
}

/** The credit body: the amount in exact cents; a blank note is left out. */
function creditOf(values: CreditValues): Credit {
  const note = values.note.trim();
  return { amount_minor: parseMinor(values.amount) ?? 0, ...(note ? { note } : {}) };
}

/** Adds money to the wallet: a credit entry in the ledger and a higher balance, together. */
export function CreditForm({ organizationId }: { organizationId: string }) {
  const credit = useCreditWallet(organizationId);
  const form = useCheckedForm({
    initial: EMPTY,
    validate,
    error: credit.error,
    fields: { amount_minor: 'amount', note: 'note' },
    onValid: (values) => credit.mutate(creditOf(values), { onSuccess: () => form.setValues(EMPTY) }),
  });
  const done =
    credit.isSuccess &&
    `Credited ${formatMinor(credit.data.entry.amount_minor, 'USD')}; the balance is now ${formatMinor(credit.data.wallet.balance_minor, 'USD')}.`;
  return (
    <section aria-labelledby="wallet-credit" className={adminStyles.section}>
      <h2 id="wallet-credit">Credit the wallet</h2>
      <form onSubmit={form.submit} noValidate className="stack">
        <TextField
          label="Amount (US dollars)"
          hint="Like 250.00: dollars and cents."
          value={form.values.amount}
          onChange={(value) => form.set('amount', value)}
          error={form.errors.amount}
        />
        <TextField
          label="Note"
          hint={`Optional: a reference, like the payment it comes from. Up to ${NOTE_MAX} characters.`}
          value={form.values.note}
          onChange={(value) => form.set('note', value)}
          maxLength={NOTE_MAX}
          error={form.errors.note}
        />
        <FormActions error={form.formError} pending={credit.isPending} submitLabel="Credit wallet" done={done} />
      </form>
    </section>
  );
}
