import { afterAll, describe, expect, it } from 'vitest';
import { createFairQueue } from '../src/platform/regex/fair-queue.ts';
import { createRegexEvaluator, type Evaluation, type RegexEvaluator } from '../src/platform/regex/index.ts';
import { createTenantBudgets } from '../src/platform/regex/tenant-budgets.ts';

/** Exponential for the backtracking engine (lookahead keeps it there): every run ends at its time budget. */
const HEAVY = '(?=(a+)+$)bx';
const POISON = `${'a'.repeat(30_000)}!`;

const evaluators: RegexEvaluator[] = [];
function evaluator(options: Parameters<typeof createRegexEvaluator>[0]) {
  const created = createRegexEvaluator(options);
  evaluators.push(created);
  return created;
}
afterAll(async () => {
  await Promise.all(evaluators.map((e) => e.close()));
});

const outcomes = (results: Evaluation[]) => results.map((r) => r.outcome);
const count = (results: Evaluation[], outcome: string) => results.filter((r) => r.outcome === outcome).length;

describe('fair queue', () => {
  it('keeps each tenant first in, first out, and gives a tenant at most its limit of workers', () => {
    const queue = createFairQueue<string>(1);
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    expect(queue.take()).toEqual({ tenant: 'a', item: 'a1' });
    // a holds its one worker: its second item waits however many workers are free.
    expect(queue.take()).toBeNull();
    expect(queue.startable()).toBe(0);
    queue.push('b', 'b1');
    expect(queue.startable()).toBe(1);
    expect(queue.take()).toEqual({ tenant: 'b', item: 'b1' });
    queue.release('a', 50);
    expect(queue.take()).toEqual({ tenant: 'a', item: 'a2' });
    expect(queue.waiting()).toBe(0);
  });

  it('serves the tenant that has used the least worker time, a newly busy one first', () => {
    const queue = createFairQueue<string>(2);
    for (const item of ['a1', 'a2', 'a3', 'a4']) queue.push('a', item);
    expect(queue.take()?.item).toBe('a1');
    queue.release('a', 50);
    queue.push('b', 'b1');
    queue.push('b', 'b2');
    // a has used 50 ms, b nothing: b goes first although a queued first.
    expect(queue.take()?.item).toBe('b1');
    queue.release('b', 1);
    expect(queue.take()?.item).toBe('b2');
    queue.release('b', 1);
    expect(queue.take()?.item).toBe('a2');
    // b went idle and comes back at zero: ahead of a again.
    queue.push('b', 'b3');
    expect(queue.take()?.item).toBe('b3');
  });

  it('takes back waiting items and drains', () => {
    const queue = createFairQueue<string>(1);
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    queue.push('b', 'b1');
    expect(queue.remove('a', 'a2')).toBe(true);
    expect(queue.remove('a', 'a2')).toBe(false);
    expect(queue.take()?.item).toBe('a1');
    expect(queue.remove('a', 'a1')).toBe(false);
    expect(queue.waiting()).toBe(1);
    expect(queue.drain()).toEqual(['b1']);
    expect(queue.waiting()).toBe(0);
    expect(queue.take()).toBeNull();
  });
});

describe('tenant budgets', () => {
  it('gives each tenant its budget per window from its first charge, then nothing until the window ends', () => {
    let now = 0;
    const budgets = createTenantBudgets(100, 60_000, () => now);
    expect(budgets.remaining('a')).toBe(100);
    budgets.charge('a', 60);
    now = 30_000;
    budgets.charge('a', 50);
    expect(budgets.remaining('a')).toBe(-10);
    expect(budgets.remaining('b')).toBe(100);
    now = 59_999;
    expect(budgets.remaining('a')).toBe(-10);
    now = 60_000;
    expect(budgets.remaining('a')).toBe(100);
  });
});

describe('evaluator fairness', () => {
  it("answers one tenant's check at once while another's backlog of overrunning runs waits", async () => {
    const ev = evaluator({ workers: 2, timeoutMs: 50, maxQueueMs: 3000, checkBudgetMs: 60_000 });
    await ev.warm();
    const flood = ev.check('a');
    // Over 3 s of work for one worker: its tail cannot start within the 3 s a run may wait.
    const flooding = Promise.all(Array.from({ length: 80 }, () => flood.test(HEAVY, POISON)));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const check = ev.check('b');
    const answers = await Promise.all([check.test('secret', 'no secrets here'), check.test('(?=x)y', 'xy')]);
    expect(answers.map((a) => a.matched)).toEqual([true, false]);
    // a's runs go one at a time (one worker of two), each to its 50 ms budget: most still wait.
    expect(ev.stats().queued).toBeGreaterThan(10);

    const flooded = await flooding;
    // a's own backlog, never b's work, ran its later runs out of waiting time (fail closed).
    expect(count(flooded, 'queue_timeout')).toBeGreaterThan(0);
    expect(flooded.every((r) => r.matched === null)).toBe(true);
  });

  it('stops a check at its budget: the rest of its runs answer over_budget without running', async () => {
    const ev = evaluator({ workers: 2, timeoutMs: 50, checkBudgetMs: 200 });
    const check = ev.check('a');
    const results = await Promise.all(Array.from({ length: 20 }, () => check.test(HEAVY, POISON)));
    expect(results.every((r) => r.matched === null)).toBe(true);
    // Each timeout takes at least its 50 ms, so no more than four fit in 200 ms.
    expect(count(results, 'timeout')).toBeLessThanOrEqual(4);
    expect(count(results, 'timeout') + count(results, 'over_budget')).toBe(20);
    expect(count(results, 'over_budget')).toBeGreaterThanOrEqual(16);
    // A later check starts with a budget of its own.
    expect(await ev.check('a').test('x', 'x')).toMatchObject({ matched: true });
  });

  it("refuses a tenant's runs once it has spent its budget of the minute, and only that tenant's", async () => {
    const ev = evaluator({ workers: 2, timeoutMs: 50, tenantBudgetMs: 120 });
    const heavy = ev.check('a');
    const spending = await Promise.all([1, 2, 3].map(() => heavy.test(HEAVY, POISON)));
    // Runs start while some budget is left and are never cut for it, so these spend it for certain.
    expect(outcomes(spending).slice(0, 2)).toEqual(['timeout', 'timeout']);
    expect(spending.every((r) => r.matched === null)).toBe(true);
    // Spent: even a trivial run is refused at once, without a worker.
    expect(await ev.check('a').test('x', 'x')).toMatchObject({ matched: null, outcome: 'over_budget', workerMs: 0 });
    expect(await ev.check('b').test('x', 'x')).toMatchObject({ matched: true });
  });

  it('never fails a run the worker answered in time because the main thread was busy when its budget ran out', async () => {
    const ev = evaluator({ workers: 2, timeoutMs: 50 });
    await ev.warm();
    // Handed to a ready worker synchronously; then this thread is busy well past the 50 ms budget, while the
    // worker answers in about a millisecond. The expired timer and the answer now wait side by side.
    const answer = ev.check('a').test('(?=x)y', 'xy');
    const busyUntil = performance.now() + 300;
    while (performance.now() < busyUntil) {}
    expect(await answer).toMatchObject({ matched: false, outcome: 'no_match', engine: 'backtracking' });
    expect(ev.stats().workersTerminated).toBe(0);
  });

  it("withdraws a check's waiting runs on request; the running one finishes", async () => {
    const ev = evaluator({ workers: 1, timeoutMs: 50 });
    await ev.warm();
    const check = ev.check('a');
    const running = check.test(HEAVY, POISON);
    const waiting = [check.test('x', 'x'), check.test('y', 'y')];
    check.cancelWaiting();
    expect(outcomes(await Promise.all(waiting))).toEqual(['cancelled', 'cancelled']);
    expect(await running).toMatchObject({ outcome: 'timeout' });
    expect(ev.stats()).toMatchObject({ evaluations: 3, undecided: 1, queued: 0 });
  });
});
