import { insertWithinCap } from '../../platform/db/capped.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RegexEvaluator } from '../../platform/regex/index.ts';
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
  /** Runs the patterns (off the main thread, under a time budget); owned by this service and closed with it. */
  evaluator: Pick<RegexEvaluator, 'test' | 'close'>;
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
     * Fails closed: a deny rule whose evaluation cannot finish (time budget, input cap, busy pool) counts as
     * matching, an allow rule in that state as not matching. Allow rules are only evaluated when a deny rule
     * blocks. Pass `ex` to read the rules inside a caller's transaction; the evaluation itself can take up to
     * the evaluator's budgets, so callers should check before opening a transaction when they can.
     */
    async check(organizationId: string, text: string, ex: Executor = db): Promise<void> {
      const rules = await store.listActive(ex, organizationId);
      const deny = rules.filter((r) => r.action === 'deny');
      if (deny.length === 0) return;
      const denyResults = await Promise.all(deny.map((r) => evaluator.test(r.pattern, text)));
      const blocking = deny.findIndex((_, i) => denyResults[i]!.matched !== false);
      if (blocking < 0) return;
      const allow = rules.filter((r) => r.action === 'allow');
      const allowResults = await Promise.all(allow.map((r) => evaluator.test(r.pattern, text)));
      if (allowResults.some((r) => r.matched === true)) return;
      throw blocked(deny[blocking]!, denyResults[blocking]!.matched === true);
    },

    /** Stops the evaluator's worker threads (the app's onClose). */
    close: () => evaluator.close(),
  };
}

export type DlpService = ReturnType<typeof createDlpService>;
