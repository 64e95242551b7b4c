import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { insertWithinCap } from '../../platform/db/capped.ts';
import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { conflict, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { type CreateSpendLimitInput, MAX_SPEND_LIMITS, type SpendLimitView } from './limits.schemas.ts';
import {
  type LimitSelection,
  type LimitStatusRow,
  type SpendPrincipal,
  type SpendStatusRow,
  limitsStore as store,
} from './limits.store.ts';

export type { SpendPrincipal } from './limits.store.ts';

const MICRO_CENTS_PER_CENT = 1_000_000n;
const roundHalfUp = (microCents: bigint) => (microCents + MICRO_CENTS_PER_CENT / 2n) / MICRO_CENTS_PER_CENT;

/** A limit's standing this month: exact spend, the spend rounded half-up to cents once, and what is left. */
export interface LimitStatus {
  id: string;
  scope: LimitStatusRow['scope'];
  scopeId: string | null;
  label: string | null;
  amountMinor: number;
  spentMicroCents: bigint;
  spentMinor: number;
  /** max(0, amount − spent). */
  remainingMinor: number;
}

/** What run-start enforcement reads: the wallet and the limits covering one principal, from one statement. */
export interface SpendStatus {
  periodStart: string;
  periodEnd: string;
  wallet: SpendStatusRow['wallet'];
  limits: LimitStatus[];
}

function standing(row: LimitStatusRow): LimitStatus {
  const spentMinor = Number(roundHalfUp(row.spentMicroCents));
  return { ...row, spentMinor, remainingMinor: Math.max(0, row.amountMinor - spentMinor) };
}

/** spent / amount in percent, half-up to one decimal, in integers; a zero amount is used up from the start. */
function percentUsed(spentMinor: number, amountMinor: number): number {
  if (amountMinor === 0) return 100;
  const tenths = (BigInt(spentMinor) * 2000n + BigInt(amountMinor)) / (2n * BigInt(amountMinor));
  return Number(tenths) / 10;
}

function toLimitView(s: LimitStatus): SpendLimitView {
  return {
    id: s.id,
    scope: s.scope,
    scope_id: s.scopeId,
    label: s.label,
    amount_minor: s.amountMinor,
    spent_minor: s.spentMinor,
    remaining_minor: s.remainingMinor,
    percent_used: percentUsed(s.spentMinor, s.amountMinor),
  };
}

const duplicate = () => conflict('duplicate_limit', 'A spend limit for this scope and target already exists');

/** Monthly spend limits of an organization, its departments, users and agents (operators set them). */
export function createLimitsService(deps: {
  db: Executor;
  clock: Clock;
  /** 404 not_found for an unknown or deleted organization. */
  requireLiveOrganization: (organizationId: string) => Promise<void>;
}) {
  const { db, clock } = deps;

  async function status(ex: Executor, organizationId: string, selection: LimitSelection): Promise<SpendStatus> {
    const row = await store.status(ex, organizationId, clock.now(), selection);
    if (!row) throw notFound('Organization');
    return { ...row, limits: row.limits.map(standing) };
  }

  async function view(organizationId: string) {
    const s = await status(db, organizationId, { all: true });
    return { period_start: s.periodStart, period_end: s.periodEnd, limits: s.limits.map(toLimitView) };
  }

  async function one(ex: Executor, organizationId: string, id: string): Promise<SpendLimitView> {
    const [limit] = (await status(ex, organizationId, { id })).limits;
    if (!limit) throw notFound('Spend limit');
    return toLimitView(limit);
  }

  return {
    /**
     * The wallet and the limits that cover the principal, with their spend this month (one statement), for
     * run-start enforcement; pass the caller's transaction as `ex` to read inside it.
     */
    spendStatus: (ex: Executor, organizationId: string, principal: SpendPrincipal) =>
      status(ex, organizationId, { principal }),

    own: (ctx: RequestContext) => view(ctx.organizationId),

    async forOrganization(organizationId: string) {
      await deps.requireLiveOrganization(organizationId);
      return view(organizationId);
    },

    async create(organizationId: string, input: CreateSpendLimitInput): Promise<SpendLimitView> {
      await deps.requireLiveOrganization(organizationId);
      const id = newId();
      const scopeId = input.scope === 'organization' ? null : (input.scope_id ?? null);
      return insertWithinCap(
        db,
        { what: 'spend limits', scopeId: organizationId, max: MAX_SPEND_LIMITS },
        (tx) => store.count(tx, organizationId),
        async (tx) => {
          if (
            input.scope !== 'organization' &&
            !(await store.targetExists(tx, organizationId, input.scope, scopeId!))
          ) {
            throw invalidRequest(`scope_id: no such ${input.scope} in this organization`);
          }
          await onUniqueViolation(
            () =>
              store.insert(tx, { id, organizationId, scope: input.scope, scopeId, amountMinor: input.amount_minor }),
            duplicate,
          );
          return one(tx, organizationId, id);
        },
      );
    },

    async setAmount(organizationId: string, id: string, amountMinor: number): Promise<SpendLimitView> {
      await deps.requireLiveOrganization(organizationId);
      if (!(await store.setAmount(db, organizationId, id, amountMinor))) throw notFound('Spend limit');
      return one(db, organizationId, id);
    },

    async remove(organizationId: string, id: string): Promise<void> {
      await deps.requireLiveOrganization(organizationId);
      if (!(await store.delete(db, organizationId, id))) throw notFound('Spend limit');
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
