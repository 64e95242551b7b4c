import { type FormEvent, useState } from 'react';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { placeApiError } from '../../../../lib/field-errors.ts';
import type { SpendLimit } from '../../../billing/index.ts';
import { billingStyles as adminStyles, formatMinor, formatPercent } from '../../../billing/index.ts';
import styles from '../console-billing.module.css';
import { amountError, minorToDecimal, parseMinor } from '../money-input.ts';
import { LIMIT_AMOUNT, limitName } from './limit-form.ts';
import { useChangeLimit, useRemoveLimit } from './use-limits.ts';

const COLUMNS = 6;
const usd = (minor: number) => formatMinor(minor, 'USD');

/** The new amount of one limit, under its row; closed again once saved. */
function AmountEditor({
  limit,
  organizationId,
  onDone,
}: {
  limit: SpendLimit;
  organizationId: string;
  onDone: () => void;
}) {
  const change = useChangeLimit(organizationId, limit.id);
  const [amount, setAmount] = useState(minorToDecimal(limit.amount_minor));
  const [checked, setChecked] = useState<string>();
  const api = placeApiError(change.error, { amount_minor: 'amount' } as const);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = amountError(amount, LIMIT_AMOUNT);
    setChecked(found);
    if (!found) change.mutate(parseMinor(amount) ?? 0, { onSuccess: onDone });
  };
  return (
    <form onSubmit={save} noValidate className={styles.editor}>
      <FormField label={`New monthly amount of ${limitName(limit)} (US dollars)`} error={checked ?? api.fields.amount}>
        {(control) => <input {...control} value={amount} onChange={(e) => setAmount(e.target.value)} />}
      </FormField>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          Save amount
        </button>
        <button type="button" className="button button--quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
      <ErrorAlert error={api.form} />
    </form>
  );
}

/** One limit with this month's spend, and the ways to change its amount or remove it. */
export function LimitRow({ limit, organizationId }: { limit: SpendLimit; organizationId: string }) {
  const remove = useRemoveLimit(organizationId, limit.id);
  const [editing, setEditing] = useState(false);
  const name = limitName(limit);
  const used = `${formatPercent(limit.percent_used)} used`;
  return (
    <>
      <tr>
        <th scope="row">
          {name}
          {limit.scope_id && <div className="muted">{limit.scope_id}</div>}
        </th>
        <td className={adminStyles.number}>{usd(limit.amount_minor)}</td>
        <td className={adminStyles.number}>{usd(limit.spent_minor)}</td>
        <td className={adminStyles.number}>{usd(limit.remaining_minor)}</td>
        <td>
          <div className={adminStyles.use}>
            <meter
              min={0}
              max={100}
              low={75}
              high={90}
              optimum={0}
              value={Math.min(limit.percent_used, 100)}
              aria-label={`${name}: ${used}`}
            />
            <span>{used}</span>
          </div>
        </td>
        <td>
          <div className="button-row">
            <button
              type="button"
              className="button"
              aria-label={`Change amount of ${name}`}
              aria-expanded={editing}
              onClick={() => setEditing(!editing)}
            >
              Change amount
            </button>
            <ConfirmAction
              label="Remove"
              name={`Remove the limit of ${name}`}
              question={`Remove the limit of ${name}? Its spend is no longer capped by it.`}
              confirmLabel="Remove limit"
              pending={remove.isPending}
              onConfirm={() => remove.mutate()}
            />
          </div>
          <ErrorAlert error={remove.error} />
        </td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={COLUMNS}>
            <AmountEditor limit={limit} organizationId={organizationId} onDone={() => setEditing(false)} />
          </td>
        </tr>
      )}
    </>
  );
}
