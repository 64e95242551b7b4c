import { insertWithinCap } from '../../platform/db/capped.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RegexEvaluator } from '../../platform/regex/index.ts';
import { activeDrafts, counts, judge } from './evaluation.ts';
import type { CreateDlpRuleInput, DlpRuleView, DlpTestInput, DlpTestResult, PatchDlpRuleInput } from './schemas.ts';
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
     * allow rule in that state as not matching (evaluation.ts: `judge`, shared with the test box and dry runs).
     * Pass `ex` to read the rules inside a caller's transaction; the evaluation itself can take up to the
     * evaluator's budgets, so callers should check before opening a transaction when they can.
     */
    async check(organizationId: string, text: string, ex: Executor = db): Promise<void> {
      const rules = await store.listActive(ex, organizationId);
      if (!rules.some((rule) => rule.action === 'deny')) return;
      const { blocked: refused, blocking } = await judge(evaluator.check(organizationId), rules, text);
      if (refused) throw blocked(blocking!.rule, blocking!.matched === true);
    },

    /**
     * The test box: `text` against the active saved rules (oldest first) and then the active `drafts`, every
     * rule evaluated, with the message check's decision and budgets (charged to the organization as a message
     * check is). Lists the rules that count as matching, undecided deny rules flagged.
     */
    async test(organizationId: string, input: DlpTestInput): Promise<DlpTestResult> {
      const rules = [...(await store.listActive(db, organizationId)), ...activeDrafts(input.rules)];
      const verdict = await judge(evaluator.check(organizationId), rules, input.text, true);
      return {
        allowed: !verdict.blocked,
        matches: verdict.answers.filter(counts).map(({ rule, matched }) => ({
          rule_id: rule.id,
          name: rule.name,
          action: rule.action,
          undecided: matched === null,
        })),
      };
    },

    /** Stops the evaluator's worker threads (the app's onClose). */
    close: () => evaluator.close(),
  };
}

export type DlpService = ReturnType<typeof createDlpService>;
