import { type SQL, sql } from 'drizzle-orm';
import { organizations } from '../../platform/db/schema/index.ts';
import type { Granularity } from './schemas.ts';

/**
 * SQL fragments the reports share. Dates are the organization's calendar days: a range [from, to] is the instants
 * from local midnight of `from` to local midnight after `to`, computed in SQL from the organization's time zone
 * (`timestamp AT TIME ZONE zone`), so the range's rows are one scan of the (organization_id, occurred_at) index.
 */

/**
 * `p(tz, t0, t1, midnights)`: the organization's time zone, the range's first and past-the-end instants, and the
 * local midnights that start its second to last days (where a daily bucket is looked up). Materialized:
 * inlined, the `AT TIME ZONE` conversions would be evaluated again for every event they are compared with (on
 * PostgreSQL with 1,000,000 events, the summary took 1.4 s inlined and 0.56 s materialized).
 */
export const periodCte = (organizationId: string, from: string, to: string): SQL => sql`
  p as materialized (
    select o.primary_timezone as tz,
           (${from}::date)::timestamp at time zone o.primary_timezone as t0,
           (${to}::date + 1)::timestamp at time zone o.primary_timezone as t1,
           array(select (${from}::date + g)::timestamp at time zone o.primary_timezone
                   from generate_series(1, ${to}::date - ${from}::date) g) as midnights
      from ${organizations} o where o.id = ${organizationId}
  )`;

/**
 * The 0-based bucket of an event (alias `e`), beside `p`. Days are local calendar days. Hours are real hours counted
 * from local midnight of `from`: in a half-hour zone they start at local :00 all the same, and a DST change gives the
 * day 23 or 25 of them.
 */
export const bucketOf = (granularity: Granularity): SQL =>
  granularity === 'daily'
    ? // A binary search among the range's local midnights: no time zone conversion per event.
      sql`width_bucket(e.occurred_at, p.midnights)`
    : sql`floor(extract(epoch from e.occurred_at - p.t0) / 3600)::int`;

/** `b(i, label)`: every bucket of the range, in order; beside `p`. */
export const bucketsCte = (granularity: Granularity, from: string, days: number): SQL =>
  granularity === 'daily'
    ? sql`
  b as (select g.i, to_char(${from}::date + g.i, 'YYYY-MM-DD') as label from generate_series(0, ${days - 1}) g(i))`
    : sql`
  b as (
    select g.i, to_char((p.t0 + g.i * interval '1 hour') at time zone p.tz, 'YYYY-MM-DD"T"HH24:00') as label
      from p, generate_series(0, ceil(extract(epoch from p.t1 - p.t0) / 3600)::int - 1) g(i)
  )`;
