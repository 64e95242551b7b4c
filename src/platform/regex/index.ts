import { Lru } from './lru.ts';
import { createRegexPool, type Engine, type Outcome, type PoolResult, type PoolRun, type PoolStats } from './pool.ts';
import { createTenantBudgets } from './tenant-budgets.ts';
import { translateToRe2 } from './translate.ts';

export type { Engine, Outcome } from './pool.ts';
export { translateToRe2 } from './translate.ts';

/**
 * Why a pattern is not a valid ECMAScript regular expression for `new RegExp(pattern, 'i')`, or null when it
 * is. Parsing is linear in the pattern's length; nothing is matched.
 */
export function regexSyntaxError(pattern: string): string | null {
  try {
    new RegExp(pattern, 'i');
    return null;
  } catch (error) {
    // V8 says "Invalid regular expression: /<pattern>/i: <reason>"; the reason never holds ': '.
    const message = error instanceof Error ? error.message : String(error);
    return message.slice(message.lastIndexOf(': ') + 2) || 'invalid';
  }
}

export interface RegexEvaluatorOptions {
  /** Worker threads (default 2). */
  workers?: number;
  /** Workers one tenant may hold at once (default all but one, at least one): the rest stay free for others. */
  workersPerTenant?: number;
  /** Budget of one run on the backtracking engine (default 50 ms). */
  timeoutMs?: number;
  /** Budget of one run on the linear engine, compile included (default 20 × timeoutMs). */
  linearTimeoutMs?: number;
  /** Worker time all the runs of one check may take together (default 2000 ms). */
  checkBudgetMs?: number;
  /** Worker time one tenant's runs may take per minute, counted from its first run (default 30000 ms). */
  tenantBudgetMs?: number;
  /** Longest text the backtracking engine is given (default 64 Ki UTF-16 units). */
  maxBacktrackingInput?: number;
  /** Longest wait for a free worker (default 5000 ms). */
  maxQueueMs?: number;
  /** Patterns whose translation (main thread) and compiled form (each worker) are kept (default 256). */
  cacheSize?: number;
}

export interface Evaluation {
  /** true or false when the evaluation finished; null when it could not be decided (see `outcome`). */
  matched: boolean | null;
  outcome: Outcome;
  engine: Engine | null;
  /** The pattern was already compiled in the worker that ran it. */
  cached: boolean;
  /** Worker time the run took, charged to its check and tenant. */
  workerMs: number;
}

export interface RegexEvaluatorStats extends PoolStats {
  evaluations: number;
  /** Evaluations that could not be decided (withdrawn ones not counted). */
  undecided: number;
}

/** The runs of one check (one text against a tenant's patterns), sharing the check's budget. */
export interface RegexCheck {
  /** Does `pattern` (ECMAScript syntax, case-insensitive) match somewhere in `text`? Never throws. */
  test(pattern: string, text: string): Promise<Evaluation>;
  /** Withdraws the check's runs still waiting for a worker (they answer `cancelled`): its answer is known. */
  cancelWaiting(): void;
}

export interface RegexEvaluator {
  /**
   * Starts a check for `tenant`. Its runs wait behind the tenant's own earlier runs, and for another tenant's
   * only until a worker frees up (the tenant that has used less worker time goes first). Once the check has
   * spent its budget, or the tenant its budget of the minute, the rest answer `over_budget` without running.
   */
  check(tenant: string): RegexCheck;
  /** Starts the worker threads now rather than on the first evaluation. */
  warm(): Promise<void>;
  stats(): RegexEvaluatorStats;
  close(): Promise<void>;
}

interface Plan {
  re2: string | null;
  lookbehind: boolean;
}

/**
 * Evaluates user-supplied patterns without ever running one on the main thread. A pattern RE2 can express
 * (translated by `translateToRe2`) runs on re2js, linear in the text's length; the rest (lookahead,
 * backreferences) run natively. Both run in a worker pool under a time budget, because even the linear
 * engine costs program size × text length, which for a 300-character pattern on a 1 MB text is minutes.
 * Tenants share the pool fairly (pool.ts), and what one check and one tenant may spend is bounded, so a
 * tenant's costly patterns cost that tenant alone.
 */
export function createRegexEvaluator(options: RegexEvaluatorOptions = {}): RegexEvaluator {
  const timeoutMs = options.timeoutMs ?? 50;
  const workers = options.workers ?? 2;
  const checkBudgetMs = options.checkBudgetMs ?? 2000;
  const cacheSize = options.cacheSize ?? 256;
  const plans = new Lru<string, Plan>(cacheSize);
  const budgets = createTenantBudgets(options.tenantBudgetMs ?? 30_000);
  const pool = createRegexPool({
    workers,
    workersPerTenant: options.workersPerTenant ?? Math.max(1, workers - 1),
    backtrackingTimeoutMs: timeoutMs,
    linearTimeoutMs: options.linearTimeoutMs ?? 20 * timeoutMs,
    maxBacktrackingInput: options.maxBacktrackingInput ?? 64 * 1024,
    maxQueueMs: options.maxQueueMs ?? 5000,
    cacheSize,
  });
  let evaluations = 0;
  let undecided = 0;

  function planFor(pattern: string): Plan {
    let plan = plans.get(pattern);
    if (!plan) {
      const translation = regexSyntaxError(pattern) === null ? translateToRe2(pattern) : null;
      plan = { re2: translation?.source ?? null, lookbehind: translation?.lookbehind ?? false };
      plans.set(pattern, plan);
    }
    return plan;
  }

  function evaluation(result: PoolResult): Evaluation {
    const matched = result.outcome === 'match' ? true : result.outcome === 'no_match' ? false : null;
    if (matched === null && result.outcome !== 'cancelled') undecided++;
    return { matched, ...result };
  }

  return {
    check(tenant) {
      let spent = 0;
      const runs = new Set<PoolRun>();
      // The tenant's budget decides whether a run starts, the check's how long it may take: a run is never cut
      // for the tenant, so a spent tenant budget is spent for certain, and it overshoots by at most one run per
      // worker the tenant holds.
      const allowance = () => (budgets.remaining(tenant) > 0 ? checkBudgetMs - spent : 0);
      const withdrawAll = (outcome: Outcome) => {
        for (const run of runs) run.withdraw(outcome);
      };
      return {
        async test(pattern, text) {
          evaluations++;
          if (allowance() <= 0) return evaluation({ outcome: 'over_budget', engine: null, cached: false, workerMs: 0 });
          const plan = planFor(pattern);
          const task = { source: pattern, re2: plan.re2, lookbehind: plan.lookbehind, text };
          const run = pool.run({ tenant, task, allowance });
          runs.add(run);
          const result = await run.result;
          runs.delete(run);
          spent += result.workerMs;
          budgets.charge(tenant, result.workerMs);
          // Nothing is left to run the check's other patterns with: answer them now rather than at their turn.
          if (spent >= checkBudgetMs) withdrawAll('over_budget');
          // RE2 refused the translation (a program too large): later runs go straight to the native engine.
          if (result.engine === 'backtracking') plan.re2 = null;
          return evaluation(result);
        },
        cancelWaiting: () => withdrawAll('cancelled'),
      };
    },
    warm: () => pool.warm(),
    stats: () => ({ ...pool.stats(), evaluations, undecided }),
    close: () => pool.close(),
  };
}
