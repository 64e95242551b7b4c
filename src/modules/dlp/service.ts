import { insertWithinCap } from '../../platform/db/capped.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RegexCheck, RegexEvaluator } from '../../platform/regex/index.ts';
import type { CreateDlpRuleInput, DlpRuleView, PatchDlpRuleInput } from './schemas.ts';
import { type DlpRuleChanges, type DlpRuleRow, dlpStore as store } from './store.ts';

/** Rules per organization (active or not). */
export const MAX_DLP_RULES = 200;

export function toDlpRuleView(row: DlpRuleRow): DlpRuleView {
  return {
    id: row.id,
    organization_id: row.organizationId,
    name: row.name,
    pattern: row.pattern,
    action: row.action,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface DlpServiceDeps {
  db: Executor;
  /**
   * Runs the patterns off the main thread, under time budgets, each organization's checks fairly against the
   * others'; owned by this service and closed with it.
   */
  evaluator: Pick<RegexEvaluator, 'check' | 'close'>;
}

interface ActiveRule {
  name: string;
  pattern: string;
}

/**
 * The oldest deny rule that matches `text` or cannot be decided, or null. Every rule is queued at once, and the
 * answer is known as soon as a rule blocks and every older one has passed, so the newer ones need not run.
 */
async function oldestBlocking(check: RegexCheck, deny: ActiveRule[], text: string) {
  const runs = deny.map((rule) => check.test(rule.pattern, text));
  for (const [i, run] of runs.entries()) {
    const { matched } = await run;
    if (matched !== false) return { rule: deny[i]!, decided: matched === true };
  }
  return null;
}

/** Does an allow rule certainly match `text`? Answers at the first one that does. */
function anyAllows(check: RegexCheck, allow: ActiveRule[], text: string): Promise<boolean> {
  if (allow.length === 0) return Promise.resolve(false);
  let left = allow.length;
  return new Promise((resolve) => {
    for (const rule of allow) {
      void check.test(rule.pattern, text).then(({ matched }) => {
        if (matched === true) resolve(true);
        else if (--left === 0) resolve(false);
      });
    }
  });
}

/** The 422 of a blocked message: it names the rule, never the text that matched. */
function blocked(rule: { name: string }, decided: boolean): ApiError {
  const why = decided ? '' : ' (the message could not be checked against it in time)';
  return new ApiError(422, 'dlp_blocked', `Message blocked by the data loss prevention rule "${rule.name}"${why}`);
}

/** DLP rules of an organization and the check every user message passes before it is stored. */
export function createDlpService({ db, evaluator }: DlpServiceDeps) {
  return {
    list: async (organizationId: string) => ({
      data: (await store.list(db, organizationId)).map(toDlpRuleView),
      has_more: false as const,
      next_cursor: null,
    }),

    /** Every message is checked against every active rule, so an organization's rules are capped. */
    async create(organizationId: string, input: CreateDlpRuleInput): Promise<DlpRuleView> {
      const row = await insertWithinCap(
        db,
        { what: 'DLP rules', scopeId: organizationId, max: MAX_DLP_RULES },
        (tx) => store.count(tx, organizationId),
        (tx) =>
          store.insert(tx, {
            id: newId(),
            organizationId,
            name: input.name,
            pattern: input.pattern,
            action: input.action,
            isActive: input.is_active,
          }),
      );
      return toDlpRuleView(row);
    },

    async update(organizationId: string, id: string, input: PatchDlpRuleInput): Promise<DlpRuleView> {
      const changes: DlpRuleChanges = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.pattern !== undefined) changes.pattern = input.pattern;
      if (input.action !== undefined) changes.action = input.action;
      if (input.is_active !== undefined) changes.isActive = input.is_active;
      const row = await store.update(db, organizationId, id, changes);
      if (!row) throw notFound('DLP rule');
      return toDlpRuleView(row);
    },

    async remove(organizationId: string, id: string): Promise<void> {
      if (!(await store.delete(db, organizationId, id))) throw notFound('DLP rule');
    },

    /**
     * Throws 422 `dlp_blocked` when an active deny rule matches `text` and no active allow rule does.
     * Fails closed: a deny rule whose evaluation cannot finish (time budget, input cap, the check's or the
     * organization's budget spent, a long wait behind the organization's own checks) counts as matching, an
     * allow rule in that state as not matching. Allow rules are only evaluated when a deny rule blocks, and
     * rules whose result can no longer change the answer are withdrawn before they run. Pass `ex` to read the
     * rules inside a caller's transaction; the evaluation itself can take up to the evaluator's budgets, so
     * callers should check before opening a transaction when they can.
     */
    async check(organizationId: string, text: string, ex: Executor = db): Promise<void> {
      const rules = await store.listActive(ex, organizationId);
      const deny = rules.filter((r) => r.action === 'deny');
      if (deny.length === 0) return;
      const evaluation = evaluator.check(organizationId);
      try {
        const blocking = await oldestBlocking(evaluation, deny, text);
        if (!blocking) return;
        evaluation.cancelWaiting();
        const allow = rules.filter((r) => r.action === 'allow');
        if (await anyAllows(evaluation, allow, text)) return;
        throw blocked(blocking.rule, blocking.decided);
      } finally {
        evaluation.cancelWaiting();
      }
    },

    /** Stops the evaluator's worker threads (the app's onClose). */
    close: () => evaluator.close(),
  };
}

export type DlpService = ReturnType<typeof createDlpService>;
