import type { RegexCheck } from '../../platform/regex/index.ts';
import type { DlpDraftRule } from './schemas.ts';

/** What the evaluation needs of a rule: saved ones carry their id, unsaved drafts null. */
export interface RuleToCheck {
  id: string | null;
  name: string;
  pattern: string;
  action: 'deny' | 'allow';
}

/** The drafts that take part in an evaluation (the active ones), after the saved rules; they have no id. */
export const activeDrafts = (drafts: DlpDraftRule[] = []): RuleToCheck[] =>
  drafts.filter((draft) => draft.is_active).map(({ name, pattern, action }) => ({ id: null, name, pattern, action }));

/** A rule's answer for one text: true or false, null when it could not be decided in its budgets. */
export interface RuleAnswer<R extends RuleToCheck> {
  rule: R;
  matched: boolean | null;
}

export interface Verdict<R extends RuleToCheck> {
  /** The text is refused: a deny rule blocks it and no allow rule lets it through. */
  blocked: boolean;
  /** The oldest deny rule that matches or could not be decided (fail closed), or null. */
  blocking: RuleAnswer<R> | null;
  /** In an exhaustive evaluation, every rule's answer, in the order the rules were given. */
  answers: RuleAnswer<R>[];
}

/**
 * Whether a rule counts as matching: fails closed, so an undecided deny rule matches and an undecided allow
 * rule does not.
 */
export const counts = (answer: RuleAnswer<RuleToCheck>) =>
  answer.rule.action === 'deny' ? answer.matched !== false : answer.matched === true;

/**
 * The oldest deny rule that matches `text` or cannot be decided, or null. Every rule is queued at once; unless
 * `all` collects every answer, the result is known as soon as a rule blocks and every older one has passed.
 */
async function oldestBlocking<R extends RuleToCheck>(
  check: RegexCheck,
  deny: R[],
  text: string,
  all: RuleAnswer<R>[] | null,
): Promise<RuleAnswer<R> | null> {
  const runs = deny.map((rule) => check.test(rule.pattern, text));
  let blocking: RuleAnswer<R> | null = null;
  for (const [i, run] of runs.entries()) {
    const answer = { rule: deny[i]!, matched: (await run).matched };
    all?.push(answer);
    if (!blocking && counts(answer)) {
      blocking = answer;
      if (!all) break;
    }
  }
  return blocking;
}

/** Does an allow rule certainly match `text`? Answers at the first one that does, unless `all` collects them all. */
function anyAllows<R extends RuleToCheck>(
  check: RegexCheck,
  allow: R[],
  text: string,
  all: RuleAnswer<R>[] | null,
): Promise<boolean> {
  if (allow.length === 0) return Promise.resolve(false);
  let left = allow.length;
  let allowed = false;
  return new Promise((resolve) => {
    for (const rule of allow) {
      void check.test(rule.pattern, text).then(({ matched }) => {
        all?.push({ rule, matched });
        allowed ||= matched === true;
        if (--left === 0 || (allowed && !all)) resolve(allowed);
      });
    }
  });
}

/**
 * The one DLP decision, for message checks, the test box and dry runs: `text` is blocked when an active deny
 * rule matches it and no active allow rule does, undecided rules failing closed (see `counts`). Allow rules run
 * only when a deny rule blocks, and runs whose answer can no longer change the decision are withdrawn before
 * they start, unless `exhaustive` asks for every rule's answer (the test box lists them). `rules` are the
 * active ones, in rule order; the check's runs still waiting are withdrawn when the verdict is known.
 */
export async function judge<R extends RuleToCheck>(
  check: RegexCheck,
  rules: R[],
  text: string,
  exhaustive = false,
): Promise<Verdict<R>> {
  const deny = rules.filter((rule) => rule.action === 'deny');
  const allow = rules.filter((rule) => rule.action === 'allow');
  const all: RuleAnswer<R>[] | null = exhaustive ? [] : null;
  try {
    const blocking = deny.length > 0 ? await oldestBlocking(check, deny, text, all) : null;
    if (!exhaustive) check.cancelWaiting();
    const allowed = blocking || exhaustive ? await anyAllows(check, allow, text, all) : false;
    const answers = all ? rules.map((rule) => all.find((answer) => answer.rule === rule)!) : [];
    return { blocked: blocking !== null && !allowed, blocking, answers };
  } finally {
    check.cancelWaiting();
  }
}
