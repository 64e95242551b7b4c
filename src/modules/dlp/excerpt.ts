import type { RegexCheck } from '../../platform/regex/index.ts';

/** What stands for the matched text (and for the whole excerpt when the match cannot be located safely). */
export const MASK = '•••';
/** Characters of context shown on each side of the mask. */
const CONTEXT = 32;

/** Whether `pattern` matches `text`; null when the evaluator could not decide. */
const matches = async (check: RegexCheck, pattern: string, text: string) => (await check.test(pattern, text)).matched;

/**
 * The last point of [lo, hi) where `holds` is still true, given that it holds at lo and not at hi (bisection: with a
 * predicate that is not monotone, some point where it turns false). Null when a run is undecided.
 */
async function lastTrue(lo: number, hi: number, holds: (at: number) => Promise<boolean | null>) {
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const found = await holds(mid);
    if (found === null) return null;
    if (found) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Locates a match of `pattern` in `text` without running the pattern on the main thread: the evaluator answers
 * only yes or no, so the span is found by bisection (about 3 × log2(length) runs). The shortest prefix that
 * matches ends a match, the shortest suffix of that prefix that still matches starts it, and the span is then
 * stretched as far as the pattern, anchored at both ends, still takes it whole (a greedy `\d+` keeps no digit
 * out of the mask). Null when a run is undecided or the pattern matches the empty text (no span to mask).
 */
async function locate(check: RegexCheck, pattern: string, text: string): Promise<[number, number] | null> {
  if ((await matches(check, pattern, '')) !== false) return null;
  // The longest prefix that does not match yet: one more character and it does.
  const before = await lastTrue(0, text.length, async (at) => {
    const found = await matches(check, pattern, text.slice(0, at));
    return found === null ? null : !found;
  });
  if (before === null) return null;
  const shortestEnd = before + 1;
  const start = await lastTrue(0, shortestEnd, (at) => matches(check, pattern, text.slice(at, shortestEnd)));
  if (start === null) return null;
  const whole = `^(?:${pattern})$`;
  const end = await lastTrue(shortestEnd, text.length + 1, (at) => matches(check, whole, text.slice(start, at)));
  return [start, end ?? shortestEnd];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/**
 * A short view of why `text` matched `pattern`: up to CONTEXT characters on each side of a match, the match
 * itself replaced by MASK. Never shows a matched span: when the match cannot be located, or when the excerpt
 * as shown would still match `pattern` or one of `alsoHidden` (a second match in the context, or what another
 * deny rule looks for), it is MASK alone.
 */
export async function maskedExcerpt(
  check: RegexCheck,
  pattern: string,
  text: string,
  alsoHidden: string[] = [],
): Promise<string> {
  const span = await locate(check, pattern, text);
  if (!span) return MASK;
  const [start, end] = span;
  const before = (start > CONTEXT ? '…' : '') + oneLine(text.slice(Math.max(0, start - CONTEXT), start));
  const after = oneLine(text.slice(end, end + CONTEXT)) + (end + CONTEXT < text.length ? '…' : '');
  const excerpt = `${before}${MASK}${after}`;
  for (const hidden of new Set([pattern, ...alsoHidden])) {
    if ((await matches(check, hidden, excerpt)) !== false) return MASK;
  }
  return excerpt;
}
