import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { departments } from '../../platform/db/schema/index.ts';
import { eventsIn, type ReportPeriod } from './period.sql.ts';

/** A department of the tree (`id` null: the Unassigned row), with its usage in the period. */
export interface ChargebackRow {
  id: string | null;
  name: string | null;
  parent_id: string | null;
  depth: number;
  cost: string;
  own: string;
  runs: number;
}

/** The tree is at most 1,000 departments; the walk stops at this depth even if a cycle were ever written. */
const MAX_DEPTH = 1000;

export const chargebackStore = {
  /**
   * Every department of the organization in tree order (siblings by name), with its own usage, its usage with its
   * descendants' and their distinct runs; then the Unassigned row: usage with no department, or one no longer in
   * the tree. One statement: events are first summed per (department, run), then rolled up the ancestor pairs.
   */
  report(db: Executor, organizationId: string, period: ReportPeriod): Promise<ChargebackRow[]> {
    return rowsOf<ChargebackRow>(
      db,
      sql`
      with recursive
      ev as (select e.department_id, e.run_id, sum(e.cost_micro_cents) as cost
               from ${eventsIn(organizationId, period)}
              group by 1, 2),
      walk as (
        select d.id, d.name, d.parent_department_id as parent_id, 0 as depth, array[lower(d.name), d.id::text] as path
          from ${departments} d where d.organization_id = ${organizationId} and d.parent_department_id is null
        union all
        select d.id, d.name, d.parent_department_id, w.depth + 1, w.path || array[lower(d.name), d.id::text]
          from walk w join ${departments} d on d.parent_department_id = w.id and d.organization_id = ${organizationId}
         where w.depth < ${MAX_DEPTH}
      ),
      anc as (
        select id, id as ancestor_id from walk
        union all
        select anc.id, w.parent_id from anc join walk w on w.id = anc.ancestor_id where w.parent_id is not null
      ),
      rolled as (select anc.ancestor_id as id, sum(ev.cost) as cost, count(distinct ev.run_id) as runs
                   from ev join anc on anc.id = ev.department_id group by 1),
      own as (select department_id as id, sum(cost) as cost from ev group by 1),
      unassigned as (select coalesce(sum(cost), 0) as cost, count(distinct run_id) as runs
                       from ev where not exists (select 1 from walk where walk.id = ev.department_id))
      select * from (
        select w.id, w.name, w.parent_id, w.depth, coalesce(rolled.cost, 0)::text as cost,
               coalesce(own.cost, 0)::text as own, coalesce(rolled.runs, 0)::int as runs, false as last, w.path
          from walk w left join rolled on rolled.id = w.id left join own on own.id = w.id
        union all
        select null, null, null, 0, u.cost::text, u.cost::text, u.runs::int, true, null from unassigned u
      ) t
      order by t.last, t.path`,
    );
  },
};
