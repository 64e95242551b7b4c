import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import type { ApiResponse } from './helpers/http.ts';

const RULES = '/v1/organization/dlp-rules';
/** Thirty thousand a's and a character that spoils the end: exponential for `(a+)+$` on a backtracking engine. */
const POISON = `${'a'.repeat(30_000)}!`;
/** Lookahead keeps these on the backtracking engine, where each runs to its budget on POISON; all differ. */
const heavyPattern = (i: number) => `(?=(a+)+$)b{${i}}x`;
const HARMLESS = 'Lunch at noon? The usual place.';

interface Poster {
  org: TestOrg;
  thread: string;
}

async function rule(org: TestOrg, name: string, pattern: string, action: 'deny' | 'allow') {
  const res = await org.admin.http.post(RULES, { name, pattern, action });
  expect(res.status, res.text).toBe(201);
}

/** An organization with a thread to post in. */
async function poster(app: TestApp): Promise<Poster> {
  const org = await createOrgWithAdmin(app);
  const res = await org.admin.http.post('/v1/threads', { title: 'DLP' });
  expect(res.status, res.text).toBe(201);
  return { org, thread: res.body.id };
}

/** Posts without starting a run, so that repeated posts in one thread never meet 409 run_in_progress. */
const post = ({ org, thread }: Poster, content: string) =>
  org.admin.http.post(`/v1/threads/${thread}/messages`, { content, run: false });

/**
 * Org B: its check really uses the regex pool, on both engines (a linear deny rule and a lookahead deny
 * rule), and a harmless message matches neither.
 */
async function bystander(app: TestApp): Promise<Poster> {
  const b = await poster(app);
  await rule(b.org, 'Codenames', 'project\\s+(?:aurora|zephyr)', 'deny');
  await rule(b.org, 'Password hints', '(?=.*password)(?=.*\\d{4})', 'deny');
  return b;
}

/** How long org B's harmless post took; it must pass DLP. */
async function timedHarmlessPost(b: Poster): Promise<number> {
  const started = performance.now();
  const res = await post(b, HARMLESS);
  const took = performance.now() - started;
  expect(res.status, res.text).toBe(201);
  return took;
}

/** Two of B's posts in a row; their slower one. */
const slowerOfTwo = async (b: Poster) => Math.max(await timedHarmlessPost(b), await timedHarmlessPost(b));

/** B's baseline, after a first post that starts the regex workers (they start on first use). */
async function baselineOf(b: Poster): Promise<number> {
  await timedHarmlessPost(b);
  return slowerOfTwo(b);
}

/** Every attacking post ends in an answer of the contract, never a 500: passed, or blocked (fail closed). */
function expectPassedOrBlocked(responses: ApiResponse[]) {
  for (const res of responses) if (res.status !== 201) expectError(res, 422, 'dlp_blocked');
}

/**
 * Before the fix, one queue in front of the two workers served every organization in arrival order and failed
 * a run closed after 5 s of waiting: B's posts waited behind A's hundreds of runs and were refused 422.
 * Bound: a few times B's own baseline, at least 2 s (a loaded machine), and below that 5 s.
 */
const fastBound = (baseline: number) => Math.max(2_000, 5 * baseline);

describe('DLP fairness between organizations', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The defaults that matter: two regex workers, 50 ms per backtracking run.
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("org A's sixty catastrophic deny rules and six 30 KB messages do not delay org B's check", async () => {
    const a = await poster(app);
    // Valid ECMAScript, so the spec has them accepted: none is refused at creation.
    for (let i = 1; i <= 60; i++) await rule(a.org, `Heavy ${i}`, heavyPattern(i), 'deny');
    const b = await bystander(app);
    const baseline = await baselineOf(b);

    const attack = Promise.all(Array.from({ length: 6 }, () => post(a, POISON)));
    const during = await slowerOfTwo(b);
    const responses = await attack;

    expect(during).toBeLessThan(fastBound(baseline));
    expectPassedOrBlocked(responses);
    // Each fails closed on its oldest rule, which cannot finish on this text.
    for (const res of responses) {
      expect(res.body.error).toBe(
        'Message blocked by the data loss prevention rule "Heavy 1" (the message could not be checked against it in time)',
      );
    }
  });

  it("keeps B fast while every one of A's checks runs sixty overrunning allow rules to its end", async () => {
    // The deny rule blocks at once, so each check must try every allow rule: no early answer shortens it.
    const a = await poster(app);
    await rule(a.org, 'Exclamations', '!', 'deny');
    for (let i = 1; i <= 60; i++) await rule(a.org, `Heavy allow ${i}`, heavyPattern(i), 'allow');
    const b = await bystander(app);
    const baseline = await baselineOf(b);

    let attackEndedAt = 0;
    const attack = Promise.all(Array.from({ length: 6 }, () => post(a, POISON))).finally(() => {
      attackEndedAt = performance.now();
    });
    const during = await slowerOfTwo(b);
    const bEndedAt = performance.now();
    const responses = await attack;

    expect(during).toBeLessThan(fastBound(baseline));
    // B was served while A's work was still pending, not after it.
    expect(attackEndedAt).toBeGreaterThan(bEndedAt);
    expectPassedOrBlocked(responses);
    expect(responses.map((r) => r.status)).toEqual([422, 422, 422, 422, 422, 422]);
  });
});

describe('an organization over its DLP budget', () => {
  let app: TestApp;
  beforeAll(async () => {
    // 300 ms of worker time per minute: a few overrunning runs spend it.
    app = await startTestApp({ ATRIUM_DLP_ORG_BUDGET_MS: '300' });
  });
  afterAll(() => app?.close());

  it('has its own messages refused at once (fail closed) until the minute ends; other organizations are unaffected', async () => {
    const [a, b] = [await poster(app), await poster(app)];
    for (const org of [a.org, b.org]) {
      await rule(org, 'Exclamations', '!', 'deny');
      for (let i = 1; i <= 10; i++) await rule(org, `Heavy allow ${i}`, heavyPattern(i), 'allow');
    }
    expect((await post(a, HARMLESS)).status).toBe(201);

    // Ten allow rules that each run to their 50 ms budget: more than A's 300 ms.
    expectError(await post(a, POISON), 422, 'dlp_blocked');

    // The same harmless message is now refused without being run: nothing is left to check it with.
    const refused = await post(a, HARMLESS);
    expectError(refused, 422, 'dlp_blocked');
    expect(refused.body.error).toBe(
      'Message blocked by the data loss prevention rule "Exclamations" (the message could not be checked against it in time)',
    );
    expect((await post(b, HARMLESS)).status).toBe(201);
  });
});
