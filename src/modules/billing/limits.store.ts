import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { agents, departments, spendLimits, users } from '../../platform/db/schema/index.ts';
import type { LimitScope } from './limits.schemas.ts';

export type SpendLimitRow = typeof spendLimits.$inferSelect;

/** Whose spend a usage event counts towards: the principal a run or a model call acts for. */
export interface SpendPrincipal {
  userId?: string | null;
  agentId?: string | null;
  /** Defaults to the user's department (as the usage event would record it). */
  departmentId?: string | null;
}

/** Which limits a status read covers: all of them, one, or those covering a principal. */
export type LimitSelection = { all: true } | { id: string } | { principal: SpendPrincipal };

export interface LimitStatusRow {
  id: string;
  scope: LimitScope;
  scopeId: string | null;
  label: string | null;
  amountMinor: number;
  spentMicroCents: bigint;
}

export interface SpendStatusRow {
  /** The calendar month in the organization's timezone, as inclusive dates (YYYY-MM-DD). */
  periodStart: string;
  periodEnd: string;
  wallet: { id: string; balanceMinor: number; enforcementEnabled: boolean; lowBalanceThresholdMinor: number } | null;
  limits: LimitStatusRow[];
}

interface RawStatus {
  period_start: string;
  period_end: string;
  wallet_id: string | null;
  balance_minor: string | null;
  enforcement_enabled: boolean | null;
  low_balance_threshold_minor: string | null;
  limits: {
    id: string;
    scope: LimitScope;
    scope_id: string | null;
    label: string | null;
    amount: string;
    spent: string;
  }[];
}

/** The selection as a condition on spend_limits `l` (principal_departments is the principal's department and its ancestors). */
function selects(selection: LimitSelection): SQL {
  if ('all' in selection) return sql`true`;
  if ('id' in selection) return sql`l.id = ${selection.id}::uuid`;
  const { userId, agentId } = selection.principal;
  return sql`(l.scope = 'organization'
    or (l.scope = 'user' and l.scope_id = ${userId ?? null}::uuid)
    or (l.scope = 'agent' and l.scope_id = ${agentId ?? null}::uuid)
    or (l.scope = 'department' and l.scope_id in (select id from principal_departments)))`;
}

export const limitsStore = {
  /**
   * The current month's spend against the selected limits, with the wallet, in one statement. Each limit's
   * spend is a sum over one index range of usage_events (organization + user, agent or department + time); a
   * department's limit covers the department and every department below it.
   */
  async status(
    db: Executor,
    organizationId: string,
    now: Date,
    selection: LimitSelection,
  ): Promise<SpendStatusRow | null> {
    const org = sql`${organizationId}::uuid`;
    const principal = 'principal' in selection ? selection.principal : {};
    const inMonth = sql`e.organization_id = ${org} and e.occurred_at >= b.from_at and e.occurred_at < b.to_at`;
    const result = await db.execute(sql`
      with recursive
      bounds as (
        select m::date as start_date, (m + interval '1 month' - interval '1 day')::date as end_date,
               m at time zone o.primary_timezone as from_at,
               (m + interval '1 month') at time zone o.primary_timezone as to_at,
               o.name as org_name
          from organizations o,
               lateral (select date_trunc('month', ${now.toISOString()}::timestamptz at time zone o.primary_timezone) as m) t
         where o.id = ${org}
      ),
      principal_departments (id, parent_id) as (
        select d.id, d.parent_department_id from departments d
         where d.organization_id = ${org}
           and d.id = coalesce(${principal.departmentId ?? null}::uuid,
                               (select u.department_id from users u
                                 where u.organization_id = ${org} and u.id = ${principal.userId ?? null}::uuid))
        union all
        select d.id, d.parent_department_id from departments d join principal_departments p on d.id = p.parent_id
         where d.organization_id = ${org}
      ),
      lim as (
        select l.* from spend_limits l where l.organization_id = ${org} and ${selects(selection)}
      ),
      covered (limit_id, department_id) as (
        select l.id, l.scope_id from lim l where l.scope = 'department'
        union all
        select c.limit_id, d.id from departments d join covered c on d.parent_department_id = c.department_id
         where d.organization_id = ${org}
      ),
      rows as (
        select l.id, l.scope, l.scope_id, l.amount_minor::text as amount,
               case l.scope
                 when 'organization' then b.org_name
                 when 'department' then dep.name
                 when 'user' then coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)
                 when 'agent' then ag.name
               end as label,
               coalesce(s.micro, 0)::text as spent,
               array_position(array['organization', 'department', 'user', 'agent'], l.scope) as rank
          from lim l cross join bounds b
          left join departments dep on l.scope = 'department' and dep.organization_id = ${org} and dep.id = l.scope_id
          left join users u on l.scope = 'user' and u.organization_id = ${org} and u.id = l.scope_id
          left join agents ag on l.scope = 'agent' and ag.organization_id = ${org} and ag.id = l.scope_id
          left join lateral (
            select sum(part.micro) as micro from (
              select sum(e.cost_micro_cents) as micro from usage_events e
               where l.scope = 'organization' and ${inMonth}
              union all
              select sum(e.cost_micro_cents) from usage_events e
               where l.scope = 'user' and e.user_id = l.scope_id and ${inMonth}
              union all
              select sum(e.cost_micro_cents) from usage_events e
               where l.scope = 'agent' and e.agent_id = l.scope_id and ${inMonth}
              union all
              select sum(e.cost_micro_cents) from covered c join usage_events e on e.department_id = c.department_id
               where l.scope = 'department' and c.limit_id = l.id and ${inMonth}
            ) part
          ) s on true
      )
      select b.start_date::text as period_start, b.end_date::text as period_end,
             w.id as wallet_id, w.balance_minor::text as balance_minor, w.enforcement_enabled,
             w.low_balance_threshold_minor::text as low_balance_threshold_minor,
             coalesce((select json_agg(json_build_object('id', r.id, 'scope', r.scope, 'scope_id', r.scope_id,
                                                         'label', r.label, 'amount', r.amount, 'spent', r.spent)
                                       order by r.rank, lower(r.label), r.id)
                         from rows r), '[]'::json) as limits
        from bounds b left join wallets w on w.organization_id = ${org}`);
    const [raw] = (result as unknown as { rows: RawStatus[] }).rows;
    if (!raw) return null;
    return {
      periodStart: raw.period_start,
      periodEnd: raw.period_end,
      wallet:
        raw.wallet_id === null
          ? null
          : {
              id: raw.wallet_id,
              balanceMinor: Number(raw.balance_minor),
              enforcementEnabled: raw.enforcement_enabled === true,
              lowBalanceThresholdMinor: Number(raw.low_balance_threshold_minor),
            },
      limits: raw.limits.map((l) => ({
        id: l.id,
        scope: l.scope,
        scopeId: l.scope_id,
        label: l.label,
        amountMinor: Number(l.amount),
        spentMicroCents: BigInt(l.spent),
      })),
    };
  },

  count: async (db: Executor, organizationId: string) =>
    (await db.select({ n: count() }).from(spendLimits).where(eq(spendLimits.organizationId, organizationId)))[0]?.n ??
    0,

  async insert(db: Executor, row: typeof spendLimits.$inferInsert): Promise<void> {
    await db.insert(spendLimits).values(row);
  },

  async setAmount(db: Executor, organizationId: string, id: string, amountMinor: number): Promise<boolean> {
    const rows = await db
      .update(spendLimits)
      .set({ amountMinor, updatedAt: sql`now()` })
      .where(and(eq(spendLimits.organizationId, organizationId), eq(spendLimits.id, id)))
      .returning({ id: spendLimits.id });
    return rows.length > 0;
  },

  async delete(db: Executor, organizationId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(spendLimits)
      .where(and(eq(spendLimits.organizationId, organizationId), eq(spendLimits.id, id)))
      .returning({ id: spendLimits.id });
    return rows.length > 0;
  },

  /** Whether the department, live user or agent is the organization's (a limit may name only those). */
  async targetExists(db: Executor, organizationId: string, scope: Exclude<LimitScope, 'organization'>, id: string) {
    const query =
      scope === 'department'
        ? db
            .select({ id: departments.id })
            .from(departments)
            .where(and(eq(departments.organizationId, organizationId), eq(departments.id, id)))
        : scope === 'user'
          ? db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.organizationId, organizationId), eq(users.id, id), isNull(users.deletedAt)))
          : db
              .select({ id: agents.id })
              .from(agents)
              .where(and(eq(agents.organizationId, organizationId), eq(agents.id, id)));
    return (await query.limit(1)).length > 0;
  },
};
