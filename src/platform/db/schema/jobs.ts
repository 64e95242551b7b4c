import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

/**
 * The durable job queue (platform/jobs). A job is enqueued in the transaction of the write that needs it,
 * claimed with FOR UPDATE SKIP LOCKED under a lease that its worker keeps renewing, retried with backoff,
 * and ends `completed` or `dead` (its last error kept).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued | running | completed | dead */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAfter: instant('run_after').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    leaseExpiresAt: instant('lease_expires_at'),
    lastError: text('last_error'),
    /** Enqueuing the same key twice keeps one job. */
    dedupeKey: text('dedupe_key'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    completedAt: instant('completed_at'),
  },
  (t) => [
    index('jobs_claim_idx').on(t.runAfter).where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
  ],
);
