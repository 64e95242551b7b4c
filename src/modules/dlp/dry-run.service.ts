import { z } from 'zod';
import type { Executor } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { DlpDryRunRule } from '../../platform/db/schema/index.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  type DeadJobHook,
  enqueue,
  type JobHandler,
  type JobWakeups,
  PermanentJobError,
} from '../../platform/jobs/index.ts';
import type { RegexEvaluator } from '../../platform/regex/index.ts';
import { scanDryRun } from './dry-run.scan.ts';
import { type DlpDryRunRow, dryRunStore as store } from './dry-run.store.ts';
import { activeDrafts } from './evaluation.ts';
import { type DlpDryRunInput, type DlpDryRunView, MAX_DRY_RUN_SCAN } from './schemas.ts';
import { dlpStore } from './store.ts';

export const DLP_DRY_RUN_JOB = 'dlp.dry_run';
/** Finished dry runs kept per organization; older ones are deleted when a new one starts. */
const KEEP_FINISHED = 20;

const JobPayload = z.object({ organizationId: z.uuid(), dryRunId: z.uuid() });
const StoredRules = z.array(
  z.object({ id: z.uuid().nullable(), name: z.string(), pattern: z.string(), action: z.enum(['deny', 'allow']) }),
);

export interface DlpDryRunDeps {
  db: Executor;
  /** The evaluator of message checks: dry runs share its workers and budgets (see dryRunTenant). */
  evaluator: Pick<RegexEvaluator, 'check'>;
  wakeups: JobWakeups;
}

function toView(row: DlpDryRunRow): DlpDryRunView {
  return {
    id: row.id,
    status: row.status,
    days: row.days,
    progress: row.progress,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    result:
      row.status === 'completed'
        ? {
            scanned: row.scanned,
            blocked: row.blocked,
            truncated: row.truncated,
            examples: row.examples.map((e) => ({
              message_id: e.messageId,
              thread_id: e.threadId,
              rule_id: e.ruleId,
              rule_name: e.ruleName,
              undecided: e.undecided,
              excerpt: e.excerpt,
            })),
          }
        : null,
  };
}

/**
 * DLP dry runs: what the saved rules and some drafts would have blocked among the organization's recent user
 * messages, computed by the `dlp.dry_run` job (dry-run.scan.ts) with the decision of message checks.
 */
export function createDlpDryRuns({ db, evaluator, wakeups }: DlpDryRunDeps) {
  return {
    /**
     * Queues a dry run of the active saved rules (oldest first) and active drafts, frozen now: edits made while it
     * runs do not change it. 409 `limit_reached` while another of the organization's is queued or running.
     */
    async start(organizationId: string, input: DlpDryRunInput): Promise<{ id: string; status: 'queued' }> {
      const saved = await dlpStore.listActive(db, organizationId);
      const rules: DlpDryRunRule[] = [
        ...saved.map(({ id, name, pattern, action }) => ({ id, name, pattern, action })),
        ...activeDrafts(input.rules),
      ];
      const id = newId();
      try {
        await db.transaction(async (tx) => {
          await store.pruneFinished(tx, organizationId, KEEP_FINISHED);
          await store.insert(tx, organizationId, id, input.days, rules);
          await enqueue(tx, {
            kind: DLP_DRY_RUN_JOB,
            payload: { organizationId, dryRunId: id },
            dedupeKey: `${DLP_DRY_RUN_JOB}:${id}`,
            // Every stop of the app ends a delivery (the evaluator closes), and the next resumes from the last batch.
            maxAttempts: 10,
          });
        });
      } catch (error) {
        // The partial unique index on live dry runs: one per organization at a time.
        if (isUniqueViolation(error)) {
          throw conflict('limit_reached', 'A DLP dry run of this organization is already queued or running');
        }
        throw error;
      }
      wakeups.wake(DLP_DRY_RUN_JOB);
      return { id, status: 'queued' };
    },

    async get(organizationId: string, id: string): Promise<DlpDryRunView> {
      const row = await store.get(db, organizationId, id);
      if (!row) throw notFound('DLP dry run');
      return toView(row);
    },

    /** The job: counts the window once (kept for redeliveries), then scans from the last batch written. */
    handler: (async (job, { signal }) => {
      const payload = JobPayload.safeParse(job.payload);
      if (!payload.success) throw new PermanentJobError(new Error('the job names no dry run'));
      const { organizationId, dryRunId } = payload.data;
      const row = await store.get(db, organizationId, dryRunId);
      if (!row || row.status === 'completed' || row.status === 'failed') return;
      const rules = StoredRules.safeParse(row.rules);
      if (!rules.success) throw new PermanentJobError(new Error('the dry run’s stored rules are malformed'));
      const total = row.total ?? (await store.countMessages(db, organizationId, row, MAX_DRY_RUN_SCAN));
      const running = await store.start(db, organizationId, dryRunId, total);
      if (running) await scanDryRun({ db, evaluator }, running, rules.data, signal);
    }) satisfies JobHandler,

    /** A dry run whose job died ends failed, in the same transaction. */
    onDead: (async (tx, job) => {
      const payload = JobPayload.safeParse(job.payload);
      if (payload.success) await store.fail(tx, payload.data.organizationId, payload.data.dryRunId);
    }) satisfies DeadJobHook,
  };
}

export type DlpDryRuns = ReturnType<typeof createDlpDryRuns>;
