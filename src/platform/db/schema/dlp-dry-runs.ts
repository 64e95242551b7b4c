import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';

export type DlpDryRunStatus = 'queued' | 'running' | 'completed' | 'failed';

/** A rule as a dry run evaluates it: a saved rule (its id) or an unsaved draft (id null), frozen at the start. */
export interface DlpDryRunRule {
  id: string | null;
  name: string;
  pattern: string;
  action: 'deny' | 'allow';
}

export interface DlpDryRunExample {
  messageId: string;
  threadId: string;
  ruleId: string | null;
  ruleName: string;
  undecided: boolean;
  excerpt: string;
}

/**
 * A DLP dry run: the organization's user messages of the window [scan_from, scan_to) checked against `rules` by
 * the `dlp.dry_run` job, which writes its counts and its keyset cursor (cursor_at, cursor_id) after every batch,
 * so that a redelivered job resumes where the last one stopped. At most one queued or running per organization.
 */
export const dlpDryRuns = pgTable(
  'dlp_dry_runs',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    status: text('status').$type<DlpDryRunStatus>().notNull().default('queued'),
    days: integer('days').notNull(),
    rules: jsonb('rules').$type<DlpDryRunRule[]>().notNull(),
    scanFrom: instant('scan_from').notNull(),
    scanTo: instant('scan_to').notNull(),
    /** Messages the window held when the job started (at most the scan cap + 1): the base of `progress`. */
    total: integer('total'),
    scanned: integer('scanned').notNull().default(0),
    blocked: integer('blocked').notNull().default(0),
    examples: jsonb('examples').$type<DlpDryRunExample[]>().notNull().default([]),
    truncated: boolean('truncated').notNull().default(false),
    progress: integer('progress').notNull().default(0),
    cursorAt: instant('cursor_at'),
    cursorId: uuid('cursor_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    completedAt: instant('completed_at'),
  },
  (t) => [
    index('dlp_dry_runs_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('dlp_dry_runs_one_live_per_org').on(t.organizationId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
