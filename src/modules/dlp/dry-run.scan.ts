import { setTimeout as sleep } from 'node:timers/promises';
import type { Executor } from '../../platform/db/client.ts';
import type { DlpDryRunExample, DlpDryRunRule } from '../../platform/db/schema/index.ts';
import type { Evaluation, RegexCheck, RegexEvaluator } from '../../platform/regex/index.ts';
import { type DlpDryRunRow, dryRunStore as store } from './dry-run.store.ts';
import { judge, type Verdict } from './evaluation.ts';
import { MASK, maskedExcerpt } from './excerpt.ts';
import { MAX_DRY_RUN_EXAMPLES, MAX_DRY_RUN_SCAN } from './schemas.ts';

/** Messages per batch: the counts and the cursor are written after each. */
const BATCH = 100;
/**
 * Pauses before re-checking a message whose answer the dry run's own budget or a busy pool decided rather than its
 * rules; together longer than the one-minute window of the budget, so the last try meets a fresh one.
 */
const STARVED_PAUSES_MS = [1000, 2000, 4000, 8000, 16_000, 32_000];

export interface ScanDeps {
  db: Executor;
  evaluator: Pick<RegexEvaluator, 'check'>;
}

/**
 * The evaluator's tenant of an organization's dry runs: not the organization's own, so a dry run waits behind
 * none of its members' message checks, never delays them (they are another line of the fair queue) and never
 * spends the budget they are refused on (it has a per-minute budget of its own). Against other organizations it
 * is one more tenant of the fair queue, holding at most all workers but one.
 */
export const dryRunTenant = (organizationId: string) => `${organizationId}:dlp-dry-run`;

/** A check that also keeps what each of its runs answered. */
function recorded(check: RegexCheck, seen: Evaluation[]): RegexCheck {
  return {
    test: async (pattern, text) => {
      const evaluation = await check.test(pattern, text);
      seen.push(evaluation);
      return evaluation;
    },
    cancelWaiting: () => check.cancelWaiting(),
  };
}

/**
 * Whether some run went undecided for want of a worker or of the tenant's budget, not for its own cost: it waited
 * too long, or was refused before it ran while no run of the check was cut short by the check's budget.
 */
function starved(seen: Evaluation[]): boolean {
  const checkBudgetSpent = seen.some((e) => e.outcome === 'over_budget' && e.workerMs > 0);
  return seen.some(
    (e) => e.outcome === 'queue_timeout' || (e.outcome === 'over_budget' && e.workerMs === 0 && !checkBudgetSpent),
  );
}

/**
 * A message's verdict as its check would have had it, with one difference: a verdict that starvation decided is
 * asked again after a pause (its last try stands, failing closed like a message check).
 */
async function judgeMessage(deps: ScanDeps, tenant: string, rules: DlpDryRunRule[], text: string, signal: AbortSignal) {
  for (let attempt = 0; ; attempt++) {
    const seen: Evaluation[] = [];
    const verdict = await judge(recorded(deps.evaluator.check(tenant), seen), rules, text);
    // The app is closing: this delivery fails and a later one resumes from the last batch written.
    if (seen.some((e) => e.outcome === 'closed')) throw new Error('the DLP evaluator closed during a dry run');
    if (attempt === STARVED_PAUSES_MS.length || !starved(seen)) return verdict;
    await sleep(STARVED_PAUSES_MS[attempt], undefined, { signal });
  }
}

/** A blocked message as the result shows it; the excerpt hides what any deny rule of the dry run looks for. */
async function example(
  deps: ScanDeps,
  tenant: string,
  rules: DlpDryRunRule[],
  message: { id: string; threadId: string; content: string },
  blocking: NonNullable<Verdict<DlpDryRunRule>['blocking']>,
): Promise<DlpDryRunExample> {
  const { rule, matched } = blocking;
  const denied = rules.filter((r) => r.action === 'deny').map((r) => r.pattern);
  return {
    messageId: message.id,
    threadId: message.threadId,
    ruleId: rule.id,
    ruleName: rule.name,
    undecided: matched === null,
    excerpt: matched ? await maskedExcerpt(deps.evaluator.check(tenant), rule.pattern, message.content, denied) : MASK,
  };
}

/** Where a running dry run stands: what the batches written so far add up to. */
const positionOf = (run: DlpDryRunRow) => ({
  cursor: run.cursorAt && run.cursorId ? { at: run.cursorAt, id: run.cursorId } : null,
  scanned: run.scanned,
  examples: run.examples.length,
});

/**
 * Checks a running dry run's messages from its cursor on, newest first, batch by batch, and completes it. Each
 * batch's counts, examples, progress and cursor are written together, and only if the cursor is still the one the
 * batch started from: when another delivery of the job got there first, this one takes up from where that one
 * stands instead of counting the batch twice (and stops once the dry run is no longer running).
 */
export async function scanDryRun(deps: ScanDeps, run: DlpDryRunRow, rules: DlpDryRunRule[], signal: AbortSignal) {
  const { organizationId } = run;
  const tenant = dryRunTenant(organizationId);
  const total = run.total ?? 0;
  const target = Math.min(total, MAX_DRY_RUN_SCAN);
  let { cursor, scanned, examples } = positionOf(run);
  while (scanned < target) {
    signal.throwIfAborted();
    const batch = await store.messages(deps.db, organizationId, run, cursor, Math.min(BATCH, target - scanned));
    if (batch.length === 0) break;
    let blocked = 0;
    const found: DlpDryRunExample[] = [];
    for (const message of batch) {
      const verdict = await judgeMessage(deps, tenant, rules, message.content, signal);
      if (!verdict.blocked) continue;
      blocked++;
      if (examples + found.length < MAX_DRY_RUN_EXAMPLES)
        found.push(await example(deps, tenant, rules, message, verdict.blocking!));
    }
    const last = batch.at(-1)!;
    const next = { at: last.createdAt, id: last.id };
    const progress = Math.min(99, Math.floor(((scanned + batch.length) * 100) / target));
    const batchRecord = { scanned: batch.length, blocked, examples: found, progress, cursor: next };
    if (await store.addBatch(deps.db, organizationId, run.id, cursor, batchRecord)) {
      cursor = next;
      scanned += batch.length;
      examples += found.length;
      continue;
    }
    const now = await store.get(deps.db, organizationId, run.id);
    if (now?.status !== 'running') return;
    ({ cursor, scanned, examples } = positionOf(now));
  }
  await store.complete(deps.db, organizationId, run.id, total > MAX_DRY_RUN_SCAN);
}
