import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { agents, aiModelVersions, departments, usageEvents, users } from '../../platform/db/schema/index.ts';
import { bucketOf, bucketsCte, periodCte } from './period.sql.ts';
import type { BreakdownDimension, Granularity, ReportRange, SeriesDimension } from './schemas.ts';

/**
 * The usage reports, one SQL statement each over the organization's index range of usage_events. Costs are summed
 * as numeric (exact) and returned as decimal text, as are token sums; the service rounds each once.
 */

export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The events of the organization inside [p.t0, p.t1), as `e` beside `p`. */
const eventsInPeriod = (organizationId: string) => sql`
  p join ${usageEvents} e on e.organization_id = ${organizationId} and e.occurred_at >= p.t0 and e.occurred_at < p.t1`;

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
  /** The range's totals and the cost of the `days` days before it, in one pass over both. */
  async summary(db: Executor, organizationId: string, range: ReportRange, days: number): Promise<SummaryRow> {
    const [row] = await rowsOf<SummaryRow>(
      db,
      sql`
      with ${periodCte(organizationId, range.from, range.to)},
      q as materialized (select tz, t0, t1, (${range.from}::date - ${days}::int)::timestamp at time zone tz as p0 from p)
      select coalesce(sum(e.cost_micro_cents) filter (where e.occurred_at >= q.t0), 0)::text as cost,
             coalesce(sum(e.input_tokens) filter (where e.occurred_at >= q.t0), 0)::text as input_tokens,
             coalesce(sum(e.output_tokens) filter (where e.occurred_at >= q.t0), 0)::text as output_tokens,
             coalesce(sum(e.cached_input_tokens) filter (where e.occurred_at >= q.t0), 0)::text as cached_input_tokens,
             (count(*) filter (where e.occurred_at >= q.t0))::int as calls,
             coalesce(sum(e.cost_micro_cents) filter (where e.occurred_at < q.t0), 0)::text as previous_cost
        from q join ${usageEvents} e
          on e.organization_id = ${organizationId} and e.occurred_at >= q.p0 and e.occurred_at < q.t1`,
    );
    return row!;
  },

  /** Every bucket of the range in order, zeros included. */
  timeseries(
    db: Executor,
    organizationId: string,
    range: ReportRange,
    granularity: Granularity,
    days: number,
  ): Promise<BucketRow[]> {
    return rowsOf<BucketRow>(
      db,
      sql`
      with ${periodCte(organizationId, range.from, range.to)},
      ${bucketsCte(granularity, range.from, days)},
      s as (
        select ${bucketOf(granularity)} as i, sum(e.cost_micro_cents) as cost,
               sum(e.input_tokens) as input_tokens, sum(e.output_tokens) as output_tokens
          from ${eventsInPeriod(organizationId)}
         group by 1
      )
      select b.i, b.label, coalesce(s.cost, 0)::text as cost, coalesce(s.input_tokens, 0)::text as input_tokens,
             coalesce(s.output_tokens, 0)::text as output_tokens
        from b left join s on s.i = b.i
       order by b.i`,
    );
  },

  /** The `limit` costliest groups (ties by id, bytewise), with the total of every group for the percentages. */
  breakdown(
    db: Executor,
    organizationId: string,
    range: ReportRange,
    dimension: BreakdownDimension,
    limit: number,
  ): Promise<BreakdownRow[]> {
    const { column, label } = dimensions[dimension];
    return rowsOf<BreakdownRow>(
      db,
      sql`
      with ${periodCte(organizationId, range.from, range.to)},
      g as (select ${column} as k, sum(e.cost_micro_cents) as cost, count(*) as calls
              from ${eventsInPeriod(organizationId)} group by 1),
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
    range: ReportRange,
    q: { granularity: Granularity; dimension: SeriesDimension; limit: number },
    days: number,
  ): Promise<SeriesPointRow[]> {
    const { column, label } = dimensions[q.dimension];
    return rowsOf<SeriesPointRow>(
      db,
      sql`
      with ${periodCte(organizationId, range.from, range.to)},
      ${bucketsCte(q.granularity, range.from, days)},
      per as (select ${column} as k, ${bucketOf(q.granularity)} as i, sum(e.cost_micro_cents) as cost
                from ${eventsInPeriod(organizationId)} group by 1, 2),
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
