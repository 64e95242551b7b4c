import { Lru } from './lru.ts';
import { createRegexPool, type Engine, type Outcome, type PoolStats } from './pool.ts';
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
  /** Budget of one run on the backtracking engine (default 50 ms). */
  timeoutMs?: number;
  /** Budget of one run on the linear engine, compile included (default 20 × timeoutMs). */
  linearTimeoutMs?: number;
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
}

export interface RegexEvaluatorStats extends PoolStats {
  evaluations: number;
  undecided: number;
}

export interface RegexEvaluator {
  /** Does `pattern` (ECMAScript syntax, case-insensitive) match somewhere in `text`? Never throws. */
  test(pattern: string, text: string): Promise<Evaluation>;
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
 */
export function createRegexEvaluator(options: RegexEvaluatorOptions = {}): RegexEvaluator {
  const timeoutMs = options.timeoutMs ?? 50;
  const cacheSize = options.cacheSize ?? 256;
  const plans = new Lru<string, Plan>(cacheSize);
  const pool = createRegexPool({
    workers: options.workers ?? 2,
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

  return {
    async test(pattern, text) {
      evaluations++;
      const plan = planFor(pattern);
      const result = await pool.run({ source: pattern, re2: plan.re2, lookbehind: plan.lookbehind, text });
      // RE2 refused the translation (a program too large): later runs go straight to the native engine.
      if (result.engine === 'backtracking') plan.re2 = null;
      const matched = result.outcome === 'match' ? true : result.outcome === 'no_match' ? false : null;
      if (matched === null) undecided++;
      return { matched, ...result };
    },
    warm: () => pool.warm(),
    stats: () => ({ ...pool.stats(), evaluations, undecided }),
    close: () => pool.close(),
  };
}
