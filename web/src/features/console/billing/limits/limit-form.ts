import type { SpendLimit } from '../../../billing/index.ts';
import { UUID } from '../billing-keys.ts';
import { amountError, parseMinor } from '../money-input.ts';
import type { NewLimit } from './use-limits.ts';

type Scope = SpendLimit['scope'];
export const SCOPES: readonly Scope[] = ['organization', 'department', 'user', 'agent'];
export const SCOPE_LABELS: Record<Scope, string> = {
  organization: 'Organization',
  department: 'Department',
  user: 'User',
  agent: 'Agent',
};

/** A limit's amount as the API bounds it: $0 (nothing may be spent) to $1,000,000,000, in US dollars. */
export const LIMIT_AMOUNT = { min: 0, max: 100_000_000_000, currency: 'USD' } as const;

export interface LimitValues {
  scope: Scope;
  /** The department's, user's or agent's id; unused for the organization. */
  scopeId: string;
  amount: string;
}

export const LIMIT_FIELDS = { scope: 'scope', scope_id: 'scopeId', amount_minor: 'amount' } as const;
/** One limit per scope and target: the API's conflict is about the scope chosen. */
export const LIMIT_CODES = { duplicate_limit: 'scope' } as const;

export function validateLimit(values: LimitValues): Partial<Record<keyof LimitValues, string>> {
  const found: Partial<Record<keyof LimitValues, string>> = {};
  if (values.scope !== 'organization') {
    const id = values.scopeId.trim();
    const what = SCOPE_LABELS[values.scope].toLowerCase();
    if (!id) found.scopeId = `Give the ${what}’s id.`;
    else if (!UUID.test(id)) found.scopeId = `Give the ${what}’s id, a UUID.`;
  }
  const amount = amountError(values.amount, LIMIT_AMOUNT);
  if (amount) found.amount = amount;
  return found;
}

/** The organization's own limit has no `scope_id`; the others name their target. */
export function newLimitBody(values: LimitValues): NewLimit {
  const amount_minor = parseMinor(values.amount) ?? 0;
  if (values.scope === 'organization') return { scope: 'organization', amount_minor };
  return { scope: values.scope, scope_id: values.scopeId.trim().toLowerCase(), amount_minor };
}

/** "Department Sales"; a department or agent deleted since is named as gone. */
export function limitName(limit: SpendLimit): string {
  if (limit.scope === 'organization') return 'Organization';
  return `${SCOPE_LABELS[limit.scope]} ${limit.label ?? '(deleted)'}`;
}
