import { and, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { jobs } from '../db/schema/index.ts';

/** Longest `last_error` kept: enough for a message and some context, never a whole payload or dump. */
export const MAX_ERROR_LENGTH = 2000;

export interface NewJobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  dedupeKey: string | null;
  runAfter?: Date;
  maxAttempts: number;
}

/** Inserts the job; with a dedupe key already taken, inserts nothing and returns null. */
export async function insertJob(ex: Executor, row: NewJobRow): Promise<string | null> {
  const inserted = await ex
    .insert(jobs)
    .values({
      id: row.id,
      kind: row.kind,
      payload: row.payload,
      dedupeKey: row.dedupeKey,
      maxAttempts: row.maxAttempts,
      ...(row.runAfter ? { runAfter: row.runAfter } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return inserted[0]?.id ?? null;
}

export async function findJobIdByDedupeKey(ex: Executor, dedupeKey: string): Promise<string | null> {
  const rows = await ex.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, dedupeKey)).limit(1);
  return rows[0]?.id ?? null;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

/** Which kinds a worker claims: every kind, only the listed ones, or all but the listed ones. */
export type KindFilter = { only: readonly string[] } | { except: readonly string[] } | null;

const claimable = sql`((status = 'queued' and run_after <= now()) or (status = 'running' and lease_expires_at < now()))`;

function ofKinds(filter: KindFilter) {
  if (!filter) return sql``;
  const only = 'only' in filter;
  const listed = sql.join(
    (only ? filter.only : filter.except).map((kind) => sql`${kind}`),
    sql`, `,
  );
  return only ? sql` and kind in (${listed})` : sql` and kind not in (${listed})`;
}

/**
 * Claims up to `limit` due jobs of the filter's kinds for `workerId` in one statement: queued jobs whose time
 * has come, and running jobs whose lease expired (their worker died or stalled). SKIP LOCKED lets concurrent
 * claimers take disjoint sets without waiting on each other; every claim counts as an attempt. Times are the
 * database's, so workers' clocks never matter.
 */
export async function claimJobs(
  db: Executor,
  workerId: string,
  kinds: KindFilter,
  limit: number,
  leaseMs: number,
): Promise<ClaimedJob[]> {
  const result = (await db.execute(sql`
    update jobs
       set status = 'running',
           locked_by = ${workerId},
           lease_expires_at = now() + ${Math.round(leaseMs)}::int * interval '1 millisecond',
           attempts = attempts + 1,
           updated_at = now()
     where id in (
       select id from jobs
        where ${claimable}${ofKinds(kinds)}
        order by run_after
        limit ${limit}
        for update skip locked)
    returning id, kind, payload, attempts, max_attempts`)) as unknown as {
    rows: { id: string; kind: string; payload: unknown; attempts: number; max_attempts: number }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    payload: parsePayload(r.payload),
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
  }));
}

function parsePayload(value: unknown): Record<string, unknown> {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

/**
 * The claim that the lease and the outcome belong to: this worker, still running, and the same attempt (a
 * fencing token, so a stale delivery cannot touch a later claim of the same job, even by this very worker).
 */
export interface LeaseHolder {
  jobId: string;
  workerId: string;
  attempt: number;
}

const heldBy = (holder: LeaseHolder | { [K in keyof LeaseHolder]: Placeholder }) =>
  and(
    eq(jobs.id, holder.jobId),
    eq(jobs.lockedBy, holder.workerId),
    eq(jobs.status, 'running'),
    eq(jobs.attempts, holder.attempt),
  );

/**
 * One worker's heartbeat: extends the leases of all the listed jobs it still holds, in one statement however many
 * run. Returns each held job's attempt; a job missing from it, or held at another attempt (reclaimed meanwhile,
 * even by this very worker), is no longer that delivery's.
 */
export async function extendLeases(
  db: Executor,
  workerId: string,
  jobIds: readonly string[],
  leaseMs: number,
): Promise<Map<string, number>> {
  const result = (await db.execute(sql`
    update jobs
       set lease_expires_at = now() + ${Math.round(leaseMs)}::int * interval '1 millisecond',
           updated_at = now()
     where locked_by = ${workerId} and status = 'running' and id = any(${`{${jobIds.join(',')}}`}::uuid[])
    returning id, attempts`)) as unknown as { rows: { id: string; attempts: number }[] };
  return new Map(result.rows.map((r) => [r.id, Number(r.attempts)]));
}

/** Every job ends with it: prepared (platform/db/prepared.ts). */
const markCompletedStatement = prepared((db) =>
  db
    .update(jobs)
    .set({ status: 'completed', completedAt: sql`now()`, leaseExpiresAt: null, updatedAt: sql`now()` })
    .where(
      heldBy({
        jobId: sql.placeholder('jobId'),
        workerId: sql.placeholder('workerId'),
        attempt: sql.placeholder('attempt'),
      }),
    )
    .returning({ id: jobs.id })
    .prepare('jobs_mark_completed'),
);

/** Each outcome writer returns false when the lease was lost, i.e. nothing was recorded. */
export async function markCompleted(db: Executor, holder: LeaseHolder): Promise<boolean> {
  const rows = await markCompletedStatement(db).execute({ ...holder });
  return rows.length > 0;
}

export async function markForRetry(
  db: Executor,
  holder: LeaseHolder,
  delayMs: number,
  error: string,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      runAfter: sql`now() + ${Math.round(delayMs)}::int * interval '1 millisecond'`,
      lockedBy: null,
      leaseExpiresAt: null,
      lastError: boundError(error),
      updatedAt: sql`now()`,
    })
    .where(heldBy(holder))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function markDead(db: Executor, holder: LeaseHolder, error: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'dead', leaseExpiresAt: null, lastError: boundError(error), updatedAt: sql`now()` })
    .where(heldBy(holder))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

function boundError(message: string): string {
  return message.length > MAX_ERROR_LENGTH ? message.slice(0, MAX_ERROR_LENGTH) : message;
}

/** True while some job of the filter's kinds could be claimed right now (queued and due, or lease expired). */
export async function hasDueJob(db: Executor, kinds: KindFilter = null): Promise<boolean> {
  const result = (await db.execute(sql`
    select exists (select 1 from jobs where ${claimable}${ofKinds(kinds)}) as due`)) as unknown as {
    rows: { due: boolean }[];
  };
  return result.rows[0]?.due === true;
}

export type JobRow = typeof jobs.$inferSelect;

export async function getJob(db: Executor, id: string): Promise<JobRow | null> {
  const rows = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Deletes up to `limit` completed or dead jobs that finished more than `retentionDays` ago, oldest first; returns
 * how many. Job ids are UUID v7 (enqueue and enqueueRows make them), and a job finished before the cutoff was
 * created before it, so its id sorts below the cutoff's own: the scan is a range of the primary key, not the whole
 * table, without an index of its own. `= any(array(…))` rather than `in (…)`: the planner then fetches the chosen
 * rows by key instead of hash-joining them against every job. SKIP LOCKED: passes of several processes delete
 * disjoint rows.
 */
export async function deleteFinishedJobs(db: Executor, retentionDays: number, limit: number): Promise<number> {
  const cutoff = sql`(now() - ${retentionDays}::int * interval '1 day')`;
  const cutoffMs = sql`floor(extract(epoch from ${cutoff}) * 1000)::bigint`;
  const firstIdAfterCutoff = sql`(lpad(to_hex(${cutoffMs}), 12, '0') || repeat('0', 20))::uuid`;
  const result = (await db.execute(sql`
    delete from jobs
     where id = any(array(
       select id from jobs
        where id < ${firstIdAfterCutoff} and status in ('completed', 'dead') and updated_at < ${cutoff}
        order by id
        limit ${limit}
        for update skip locked))
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
