import { eq, type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../platform/calendar.ts';
import type { Executor } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { agents, aiModelVersions, departments, organizations, users } from '../../platform/db/schema/index.ts';
import { bucketsCte, eventsIn, eventsOfBucket, type ReportPeriod, startOf } from './period.sql.ts';
import type { BreakdownDimension, Granularity, SeriesDimension } from './schemas.ts';

/**
 * The usage reports, one SQL statement each over the organization's index range of usage_events. Costs are summed
 * as numeric (exact) and returned as decimal text, as are token sums; the service rounds each once.
 */

/** The grouping column of a dimension, and its label for a group key `k` (null for a key that names nothing). */
const dimensions: Record<BreakdownDimension, { column: SQL; label: (organizationId: string) => SQL }> = {
  model: {
    column: sql`e.model_version_id`,
    label: () => sql`(select v.display_name from ${aiModelVersions} v where v.id = r.k)`,
  },
  agent: {
    column: sql`e.agent_id`,
    label: (org) => sql`(select a.name from ${agents} a where a.id = r.k and a.organization_id = ${org})`,
  },
  channel: { column: sql`e.channel`, label: () => sql`r.k` },
  department: {
    column: sql`e.department_id`,
    label: (org) => sql`(select d.name from ${departments} d where d.id = r.k and d.organization_id = ${org})`,
  },
  user: {
    column: sql`e.user_id`,
    label: (org) => sql`(select coalesce(nullif(u.display_name, ''), u.first_name || ' ' || u.last_name)
                           from ${users} u where u.id = r.k and u.organization_id = ${org})`,
  },
};

/** A group's id as reported: its key, or `none` for the events without one. */
const idOf = (key: SQL) => sql`coalesce(${key}::text, 'none')`;

export interface SummaryRow {
  cost: string;
  input_tokens: string;
  output_tokens: string;
  cached_input_tokens: string;
  calls: number;
  previous_cost: string;
}

export interface BucketRow {
  i: number;
  label: string;
  cost: string;
  input_tokens: string;
  output_tokens: string;
}

export interface BreakdownRow {
  id: string;
  label: string | null;
  is_null: boolean;
  cost: string;
  calls: number;
  total: string;
}

/** One row per bucket; a bucket with usage of series carries one row per series (`sid` null otherwise). */
export interface SeriesPointRow {
  i: number;
  bucket: string;
  sid: string | null;
  label: string | null;
  is_null: boolean;
  rank: number | null;
  cost: string | null;
}

export const usageStore = {
  /** The organization's time zone, in which report dates are calendar days. */
  async timeZoneOf(db: Executor, organizationId: string): Promise<string> {
    const [row] = await db
      .select({ timeZone: organizations.primaryTimezone })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return row?.timeZone ?? 'UTC';
  },

  /** The range's totals and the cost of as many days before it, in one pass over both. */
  async summary(db: Executor, organizationId: string, period: ReportPeriod): Promise<SummaryRow> {
    const withPrevious = { ...period, from: addDays(period.from, -period.days) };
    const t0 = startOf(period);
    const [row] = await rowsOf<SummaryRow>(
      db,
      sql`
      select coalesce(sum(e.cost_micro_cents) filter (where e.occurred_at >= ${t0}), 0)::text as cost,
             coalesce(sum(e.input_tokens) filter (where e.occurred_at >= ${t0}), 0)::text as input_tokens,
             coalesce(sum(e.output_tokens) filter (where e.occurred_at >= ${t0}), 0)::text as output_tokens,
             coalesce(sum(e.cached_input_tokens) filter (where e.occurred_at >= ${t0}), 0)::text as cached_input_tokens,
             (count(*) filter (where e.occurred_at >= ${t0}))::int as calls,
             coalesce(sum(e.cost_micro_cents) filter (where e.occurred_at < ${t0}), 0)::text as previous_cost
        from ${eventsIn(organizationId, withPrevious)}`,
    );
    return row!;
  },

  /** Every bucket of the range in order, zeros included. */
  timeseries(
    db: Executor,
    organizationId: string,
    period: ReportPeriod,
    granularity: Granularity,
  ): Promise<BucketRow[]> {
    return rowsOf<BucketRow>(
      db,
      sql`
      with ${bucketsCte(granularity, period)}
      select b.i, b.label, s.cost, s.input_tokens, s.output_tokens
        from b cross join lateral (
          select coalesce(sum(e.cost_micro_cents), 0)::text as cost, coalesce(sum(e.input_tokens), 0)::text as input_tokens,
                 coalesce(sum(e.output_tokens), 0)::text as output_tokens
            from ${eventsOfBucket(organizationId)}
        ) s
       order by b.i`,
    );
  },

  /** The `limit` costliest groups (ties by id, bytewise), with the total of every group for the percentages. */
  breakdown(
    db: Executor,
    organizationId: string,
    period: ReportPeriod,
    dimension: BreakdownDimension,
    limit: number,
  ): Promise<BreakdownRow[]> {
    const { column, label } = dimensions[dimension];
    return rowsOf<BreakdownRow>(
      db,
      sql`
      with g as (select ${column} as k, sum(e.cost_micro_cents) as cost, count(*) as calls
                   from ${eventsIn(organizationId, period)} group by 1),
      r as (select k, cost, calls, sum(cost) over () as total, ${idOf(sql`k`)} as id from g
             order by cost desc, ${idOf(sql`k`)} collate "C" limit ${limit})
      select r.id, ${label(organizationId)} as label, r.k is null as is_null, r.cost::text as cost,
             r.calls::int as calls, r.total::text as total
        from r order by r.cost desc, r.id collate "C"`,
    );
  },

  /**
   * Cost per bucket of the `limit` costliest departments or users over the range (ties by id), the others summed as
   * one series (`sid` 'other'); every bucket appears at least once.
   */
  timeseriesBy(
    db: Executor,
    organizationId: string,
    period: ReportPeriod,
    q: { granularity: Granularity; dimension: SeriesDimension; limit: number },
  ): Promise<SeriesPointRow[]> {
    const { column, label } = dimensions[q.dimension];
    return rowsOf<SeriesPointRow>(
      db,
      sql`
      with ${bucketsCte(q.granularity, period)},
      per as (select s.k, b.i, s.cost from b cross join lateral (
                select ${column} as k, sum(e.cost_micro_cents) as cost from ${eventsOfBucket(organizationId)} group by 1
              ) s),
      ranked as (select k, row_number() over (order by sum(cost) desc, ${idOf(sql`k`)} collate "C") as rn
                   from per group by k),
      pts as (select case when ranked.rn <= ${q.limit} then per.k end as k, ranked.rn > ${q.limit} as is_other,
                     min(ranked.rn) as rank, per.i, sum(per.cost) as cost
                from per join ranked on ranked.k is not distinct from per.k
               group by 1, 2, 4),
      r as (select pts.*, case when is_other then 'other' else ${idOf(sql`pts.k`)} end as sid from pts)
      select b.i, b.label as bucket, r.sid, case when r.is_other then 'Other' else ${label(organizationId)} end as label,
             (r.k is null and not r.is_other) as is_null, r.rank::int as rank, r.cost::text as cost
        from b left join r on r.i = b.i
       order by b.i, r.rank`,
    );
  },
};
