import { spawnSync } from 'node:child_process';
import { RE2JS } from 're2js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDlpService, type DlpService } from '../src/modules/dlp/service.ts';
import { ApiError } from '../src/platform/http/errors.ts';
import {
  createRegexEvaluator,
  type RegexEvaluator,
  regexSyntaxError,
  translateToRe2,
} from '../src/platform/regex/index.ts';
import { startTestApp, type TestApp, testEnv } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';

/** The catastrophic-backtracking input of the brief: fifty thousand a's and a character that spoils the end. */
const POISON = `${'a'.repeat(50_000)}!`;

/** Seeded pseudo-random text over `alphabet`: the same on every run. */
function randomText(length: number, alphabet: string, seed = 7): string {
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out.push(alphabet[seed % alphabet.length]!);
  }
  return out.join('');
}

/**
 * A pattern that is cheap to write and costly to run on the linear engine (program size × text length): the
 * text holds both its literals (so no prefilter rejects it early) but never a `q` before a `9`.
 */
const COSTLY = '[a-z]{0,1000}q[a-z]{0,1000}9';
const costlyText = (length: number) =>
  randomText(length / 2, 'abcdefghijklmnoprstuvwxyz9') + randomText(length / 2, 'abcdefghijklmnopqrstuvwxyz');

const evaluators: RegexEvaluator[] = [];
/**
 * An evaluator closed after the file; generous budgets unless a test is about budgets. `test` runs one
 * pattern as a check of its own, for one tenant.
 */
function evaluator(options: Parameters<typeof createRegexEvaluator>[0] = {}) {
  const created = createRegexEvaluator({ timeoutMs: 2000, ...options });
  evaluators.push(created);
  return { ...created, test: (pattern: string, text: string) => created.check('tests').test(pattern, text) };
}
afterAll(async () => {
  await Promise.all(evaluators.map((e) => e.close()));
});

describe('regexSyntaxError', () => {
  it('accepts what new RegExp(p, "i") accepts and names the problem otherwise', () => {
    for (const valid of ['secret', '(?=a)b', '(\\w)\\1', '(?<!x)y', '[]', '[^]', '\\p{L}', 'a{,2}', '}', ']']) {
      expect(regexSyntaxError(valid)).toBeNull();
    }
    expect(regexSyntaxError('(')).toBe('Unterminated group');
    expect(regexSyntaxError('[a-')).toBe('Unterminated character class');
    expect(regexSyntaxError('a**')).toBe('Nothing to repeat');
    expect(regexSyntaxError('[z-a]')).toBe('Range out of order in character class');
  });
});

describe('translation to RE2', () => {
  it('keeps lookahead, backreferences and named backreferences for the backtracking engine', () => {
    for (const pattern of ['(?=a)b', '(?!a)b', '(a)\\1', '(?<x>a)\\k<x>', '\\1', '😀+', '\\cJ\\c']) {
      expect(translateToRe2(pattern)).toBeNull();
    }
    expect(translateToRe2('(?<=a)b')?.lookbehind).toBe(true);
    expect(translateToRe2('ab')).toEqual({ source: '[\\x{41}\\x{61}][\\x{42}\\x{62}]', lookbehind: false });
  });

  // Each line: a pattern and texts; the evaluator's answer must be the native engine's for every text.
  const cases: [string, string[]][] = [
    ['s', ['S', 'ſ', 'x']],
    ['k', ['K', '\u212a']],
    ['\\w', ['ſ', '\u212a', '_', '-']],
    ['\\W', ['ſ', 'a']],
    ['[a-z]', ['ſ', 'Q', '\u212a']],
    ['[^a-z]', ['ſ', 'Q', '1']],
    ['ß', ['ẞ', 'SS', 'ß']],
    ['é', ['É', 'e']],
    ['^a.c$', ['a\nc', 'a\rc', 'a\u2028c', 'abc', 'A c']],
    ['a\\sb', ['a\u00a0b', 'a\ufeffb', 'a\u0085b', 'a b']],
    ['a\\Sb', ['a\u00a0b', 'axb']],
    ['\\A\\z\\Q', ['AZQ', 'azq', '']],
    ['\\p{L}', ['p{L}', 'x']],
    ['[]a]', ['a]', ']', 'a']],
    ['[^]', ['\n', '']],
    ['[[:alpha:]]', ['a]', ':]', 'x']],
    ['a{,2}', ['a{,2}', 'aa']],
    ['a{02}', ['aa', 'a{02}']],
    ['\\x41\\u0042\\0', ['ab\0', 'AB', 'xyz']],
    ['[\\101-\\103]', ['b', 'D']],
    ['[\\b]', ['\b', 'b']],
    ['\\bcat\\b', ['a cat!', 'concatenate']],
    ['a$', ['a\n', 'xa']],
    ['(?<!no )pe', ['no pe', 'ape']],
    ['[\\w-]+@', ['a-b@', '@']],
    ['(?:x|Y){2}', ['xy', 'x']],
  ];
  it.each(cases)('matches %j like the native engine', async (pattern, texts) => {
    const ev = evaluator();
    const native = new RegExp(pattern, 'i');
    for (const text of texts) {
      const result = await ev.test(pattern, text);
      expect(result.engine).toBe('linear');
      expect(result.matched, JSON.stringify(text)).toBe(native.test(text));
    }
  });
  it('agrees with the native engine on seeded random patterns and texts', () => {
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const atoms = [
      ...['a', 'b', 'A', 'k', 's', '\\u017F', '\\u212A', 'ß', 'é', '.', '\\d', '\\D', '\\w', '\\W', '\\s', '\\S'],
      ...['\\b', '\\B', '\\x41', '\\0', '\\t', '-', '\\-', '\\A', '\\z', '{', '}', ']', ',', '1', '_', ' ', '\\cJ'],
      ...['[ab]', '[^ab]', '[a-c]', '[^a-c]', '[\\w-]', '[\\d-z]', '[]', '[^]', '[\\b]', '[^\\s]', '[K-k]', '[_-a]'],
      ...['[[:alpha:]]', '[\\101-\\103]', '[\\c_]', '[\\8]', '(?<=a)', '(?<!b)', '^', '$'],
    ];
    const quantifiers = ['', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?', '{,2}', '{02}'];
    const generate = (depth: number): string => {
      let out = '';
      for (let n = 1 + Math.floor(next() * 4); n > 0; n--) {
        const group = next() < 0.15 && depth < 2;
        const body = group ? `(${next() < 0.5 ? '?:' : ''}${generate(depth + 1)}|${generate(depth + 1)})` : pick(atoms);
        out += body + pick(quantifiers);
      }
      return out;
    };
    const alphabet = ['a', 'b', 'A', 'k', 'K', 's', 'S', '\u017f', '\u212a', 'ß', 'é', 'É', '1', '_', ' ', '\u00a0'];
    alphabet.push('\n', '\r', '\t', '-', '{', '}', ']', '\x00', '\b', '\u2028', ',', 'p', 'z', 'Q');
    let compared = 0;
    for (let k = 0; k < 3000; k++) {
      const pattern = generate(0);
      if (regexSyntaxError(pattern) !== null) continue;
      const translation = translateToRe2(pattern);
      expect(translation, pattern).not.toBeNull();
      const re2 = RE2JS.compile(translation!.source, translation!.lookbehind ? RE2JS.LOOKBEHINDS : 0);
      const native = new RegExp(pattern, 'i');
      for (let t = 0; t < 10; t++) {
        let text = '';
        for (let n = Math.floor(next() * 8); n > 0; n--) text += pick(alphabet);
        expect(re2.test(text), `${JSON.stringify(pattern)} on ${JSON.stringify(text)}`).toBe(native.test(text));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20_000);
  });
});

describe('evaluator', () => {
  it('matches case-insensitively anywhere in the text', async () => {
    const ev = evaluator();
    expect((await ev.test('secret', 'my SeCrEt plans')).matched).toBe(true);
    expect((await ev.test('SECRET', 'secretary')).matched).toBe(true);
    expect((await ev.test('^secret$', 'my secret')).matched).toBe(false);
    expect((await ev.test('\\d{3}-\\d{2}-\\d{4}', 'ssn 123-45-6789')).matched).toBe(true);
  });

  it('runs lookahead and backreferences on the backtracking engine in a worker, with native semantics', async () => {
    const ev = evaluator();
    const cases: [string, string, boolean][] = [
      ['(?=.*\\d)(?=.*[a-z])^\\S{8,}$', 'Passw0rdX', true],
      ['(?=.*\\d)(?=.*[a-z])^\\S{8,}$', 'Password', false],
      ['(\\w)\\1', 'bOok', true],
      ['(\\w)\\1', 'abc', false],
      ['(?<w>ab)\\k<w>', 'xABab', true],
      ['foo(?!bar)', 'FOOBAR', false],
      ['foo(?!bar)', 'foobaz', true],
    ];
    for (const [pattern, text, expected] of cases) {
      const result = await ev.test(pattern, text);
      expect(result, pattern).toMatchObject({ matched: expected, engine: 'backtracking' });
      expect(new RegExp(pattern, 'i').test(text)).toBe(expected);
    }
  });

  it('answers the classic catastrophic patterns on the linear engine, exactly', async () => {
    const ev = evaluator({ timeoutMs: 50 });
    expect(await ev.test('(a+)+$', POISON)).toMatchObject({ matched: false, engine: 'linear' });
    expect(await ev.test('(a|aa)+$', POISON)).toMatchObject({ matched: false, engine: 'linear' });
    // `*` lets it match the empty string at the end, as natively.
    expect(await ev.test('(\\w+\\s?)*$', POISON)).toMatchObject({ matched: true, engine: 'linear' });
  });

  it('stops a backtracking run at its budget, replaces the worker and keeps answering', async () => {
    const ev = evaluator({ timeoutMs: 50, workers: 1 });
    const started = performance.now();
    expect(await ev.test('(?=(a+))+b', POISON)).toMatchObject({ matched: null, outcome: 'timeout' });
    expect(await ev.test('(?=a)(a+)+$', `${'a'.repeat(40)}!`)).toMatchObject({ matched: null, outcome: 'timeout' });
    // Far from the hours these take natively; the bound is loose on purpose (a loaded CI machine).
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(ev.stats().workersTerminated).toBe(2);
    expect(await ev.test('(?=x)y', 'xy')).toMatchObject({ matched: false, engine: 'backtracking' });
    expect(await ev.test('(?=x)x', 'X')).toMatchObject({ matched: true, engine: 'backtracking' });
    expect(ev.stats()).toMatchObject({ workersStarted: 3, running: 0, queued: 0, undecided: 2 });
  });

  it('does not give the backtracking engine text over its cap', async () => {
    const ev = evaluator({ maxBacktrackingInput: 1000 });
    expect(await ev.test('(?=a)a', 'a'.repeat(1001))).toMatchObject({ matched: null, outcome: 'input_too_long' });
    expect(await ev.test('(?=a)a', 'a'.repeat(1000))).toMatchObject({ matched: true });
    // The linear engine reads any length.
    expect(await ev.test('a$', 'a'.repeat(100_000))).toMatchObject({ matched: true, engine: 'linear' });
  });

  it('stops a linear run whose program is too costly for the text at its own budget', async () => {
    const ev = evaluator({ timeoutMs: 20, linearTimeoutMs: 200 });
    expect(await ev.test(COSTLY, costlyText(1000))).toMatchObject({ matched: false, engine: 'linear' });
    expect(await ev.test(COSTLY, costlyText(200_000))).toMatchObject({
      matched: null,
      outcome: 'timeout',
      engine: 'linear',
    });
  });

  it('gives up on a run that waits for a worker longer than allowed', async () => {
    const ev = evaluator({ workers: 1, timeoutMs: 1000, maxQueueMs: 50 });
    // The wait for a worker that is still starting counts too: start it first.
    await ev.warm();
    expect(ev.stats().workersStarted).toBe(1);
    const slow = ev.test('(?=a)(a+)+$', `${'a'.repeat(40)}!`);
    expect(await ev.test('x', 'x')).toMatchObject({ matched: null, outcome: 'queue_timeout' });
    expect(await slow).toMatchObject({ outcome: 'timeout' });
  });

  it('keeps compiled patterns per worker in a bounded LRU', async () => {
    const ev = evaluator({ workers: 1, cacheSize: 2 });
    expect((await ev.test('one', 'one')).cached).toBe(false);
    expect((await ev.test('one', 'two')).cached).toBe(true);
    expect((await ev.test('(?=t)two', 'two')).cached).toBe(false);
    expect((await ev.test('(?=t)two', 'two')).cached).toBe(true);
    expect((await ev.test('three', 'x')).cached).toBe(false);
    // Three patterns through a cache of two: the least recently used one was dropped.
    expect((await ev.test('one', 'one')).cached).toBe(false);
    expect((await ev.test('three', 'x')).cached).toBe(true);
  });

  it('answers `closed` after close, also for runs still waiting', async () => {
    const ev = createRegexEvaluator({ workers: 1, timeoutMs: 5000 });
    const check = ev.check('tests');
    const running = check.test('(?=a)(a+)+$', `${'a'.repeat(40)}!`);
    const queued = check.test('x', 'x');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await ev.close();
    await ev.close();
    expect(await running).toMatchObject({ matched: null, outcome: 'closed' });
    expect(await queued).toMatchObject({ matched: null, outcome: 'closed' });
    expect(await ev.check('tests').test('x', 'x')).toMatchObject({ matched: null, outcome: 'closed' });
  });

  it('never keeps the process alive: a script that leaves its evaluator open still exits', () => {
    const script = `
      import { createRegexEvaluator } from ${JSON.stringify(new URL('../src/platform/regex/index.ts', import.meta.url).href)};
      const ev = createRegexEvaluator();
      const result = await ev.check('script').test('(?=s)secret', 'SECRET');
      console.log(JSON.stringify(result));
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.status, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout.trim())).toMatchObject({ matched: true, engine: 'backtracking' });
  });
});

describe('configuration', () => {
  it('reads the DLP budgets and worker count, with defaults', () => {
    expect(loadConfig(testEnv()).dlp).toEqual({
      timeoutMs: 50,
      workers: 2,
      checkBudgetMs: 2000,
      tenantBudgetMs: 30_000,
    });
    const set = loadConfig(
      testEnv({
        ATRIUM_DLP_TIMEOUT_MS: '120',
        ATRIUM_DLP_WORKERS: '4',
        ATRIUM_DLP_CHECK_BUDGET_MS: '900',
        ATRIUM_DLP_ORG_BUDGET_MS: '60000',
      }),
    );
    expect(set.dlp).toEqual({ timeoutMs: 120, workers: 4, checkBudgetMs: 900, tenantBudgetMs: 60_000 });
    for (const [name, value] of [
      ['ATRIUM_DLP_TIMEOUT_MS', '0'],
      ['ATRIUM_DLP_TIMEOUT_MS', '5ms'],
      ['ATRIUM_DLP_WORKERS', '0'],
      ['ATRIUM_DLP_WORKERS', '100'],
      ['ATRIUM_DLP_CHECK_BUDGET_MS', '0'],
      ['ATRIUM_DLP_CHECK_BUDGET_MS', '1s'],
      ['ATRIUM_DLP_ORG_BUDGET_MS', '0'],
      ['ATRIUM_DLP_ORG_BUDGET_MS', '-5'],
    ] as const) {
      expect(() => loadConfig(testEnv({ [name]: value }))).toThrow(name);
    }
  });
});

describe('DlpService.check', () => {
  let app: TestApp;
  let org: TestOrg;
  let dlp: DlpService;
  const RULES = '/v1/organization/dlp-rules';

  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrgWithAdmin(app);
    dlp = createDlpService({ db: app.server.database.db, evaluator: evaluator({ timeoutMs: 50 }) });
  });
  afterAll(() => app?.close());

  async function rule(http: Client, name: string, pattern: string, action: 'deny' | 'allow', isActive = true) {
    const res = await http.post(RULES, { name, pattern, action, is_active: isActive });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  /** The check's refusal, or null when the text passes. */
  async function refusal(organizationId: string, text: string, service = dlp): Promise<ApiError | null> {
    try {
      await service.check(organizationId, text);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    }
  }

  it('passes everything when the organization has no active deny rule', async () => {
    const fresh = await createOrgWithAdmin(app);
    expect(await refusal(fresh.org.id, 'anything at all')).toBeNull();
    await rule(fresh.admin.http, 'Off', 'anything', 'deny', false);
    await rule(fresh.admin.http, 'Allow only', 'anything', 'allow');
    expect(await refusal(fresh.org.id, 'anything at all')).toBeNull();
  });

  it('blocks a case-insensitive deny match with 422 dlp_blocked naming the rule, not the text', async () => {
    await rule(org.admin.http, 'Project names', 'project\\s+(?:aurora|zephyr)', 'deny');
    const error = await refusal(org.org.id, 'Status of PROJECT  Aurora, please');
    expect(error).toMatchObject({ status: 422, code: 'dlp_blocked' });
    expect(error!.message).toBe('Message blocked by the data loss prevention rule "Project names"');
    expect(error!.message.toLowerCase()).not.toContain('aurora');
    expect(await refusal(org.org.id, 'Status of project borealis')).toBeNull();
  });

  it('lets an active allow rule override a deny rule; an inactive one does not', async () => {
    const fresh = await createOrgWithAdmin(app);
    await rule(fresh.admin.http, 'Card numbers', '\\b\\d{4}(?:[ -]?\\d{4}){3}\\b', 'deny');
    const allow = await rule(fresh.admin.http, 'Test cards', '4111[ -]?1111[ -]?1111[ -]?1111', 'allow');
    expect(await refusal(fresh.org.id, 'use 4111 1111 1111 1111 to test')).toBeNull();
    expect(await refusal(fresh.org.id, 'mine is 5500 0000 0000 0004')).toMatchObject({ code: 'dlp_blocked' });
    await fresh.admin.http.patch(`${RULES}/${allow.id}`, { is_active: false });
    expect(await refusal(fresh.org.id, 'use 4111 1111 1111 1111 to test')).toMatchObject({ code: 'dlp_blocked' });
  });

  it('ignores inactive deny rules and rules of other organizations', async () => {
    const fresh = await createOrgWithAdmin(app);
    const off = await rule(fresh.admin.http, 'Codename', 'bluebird', 'deny', false);
    expect(await refusal(fresh.org.id, 'bluebird')).toBeNull();
    await rule(org.admin.http, 'Other org', 'kestrel', 'deny');
    expect(await refusal(fresh.org.id, 'kestrel')).toBeNull();
    await fresh.admin.http.patch(`${RULES}/${off.id}`, { isActive: true });
    expect(await refusal(fresh.org.id, 'BlueBird')).toMatchObject({ code: 'dlp_blocked' });
    await fresh.admin.http.delete(`${RULES}/${off.id}`);
    expect(await refusal(fresh.org.id, 'BlueBird')).toBeNull();
  });

  it('names the oldest of several matching deny rules', async () => {
    const fresh = await createOrgWithAdmin(app);
    await rule(fresh.admin.http, 'First', 'alpha', 'deny');
    await rule(fresh.admin.http, 'Second', 'alpha|beta', 'deny');
    expect((await refusal(fresh.org.id, 'beta alpha'))!.message).toContain('"First"');
    expect((await refusal(fresh.org.id, 'beta'))!.message).toContain('"Second"');
  });

  it('fails closed: a deny rule that cannot finish blocks, an allow rule that cannot finish does not allow', async () => {
    const fresh = await createOrgWithAdmin(app);
    await rule(fresh.admin.http, 'Runaway', '(?=(a+))+b', 'deny');
    const error = await refusal(fresh.org.id, POISON);
    expect(error).toMatchObject({ status: 422, code: 'dlp_blocked' });
    expect(error!.message).toBe(
      'Message blocked by the data loss prevention rule "Runaway" (the message could not be checked against it in time)',
    );
    // A short text is decided, here as natively: no match.
    expect(await refusal(fresh.org.id, 'aaab')).toBeNull();
    expect(await refusal(fresh.org.id, 'nothing here')).toBeNull();

    const allowOrg = await createOrgWithAdmin(app);
    await rule(allowOrg.admin.http, 'Everything', '!', 'deny');
    await rule(allowOrg.admin.http, 'Runaway allow', '(?=a)(a+)+$', 'allow');
    expect(await refusal(allowOrg.org.id, POISON)).toMatchObject({ code: 'dlp_blocked' });
    expect(await refusal(allowOrg.org.id, 'aaaa!')).toMatchObject({ code: 'dlp_blocked' });
    await rule(allowOrg.admin.http, 'Plain allow', 'a!$', 'allow');
    expect(await refusal(allowOrg.org.id, POISON)).toBeNull();
  });

  it('evaluates the classic catastrophic patterns against the poison text without stalling', async () => {
    const fresh = await createOrgWithAdmin(app);
    const expectations: [string, boolean][] = [
      ['(a+)+$', false],
      ['(a|aa)+$', false],
      ['(?=(a+))+b', true],
      ['(\\w+\\s?)*$', true],
    ];
    for (const [pattern, blocks] of expectations) {
      const created = await rule(fresh.admin.http, pattern, pattern, 'deny');
      const error = await refusal(fresh.org.id, POISON);
      expect(error === null ? 'passes' : error.code, pattern).toBe(blocks ? 'dlp_blocked' : 'passes');
      await fresh.admin.http.delete(`${RULES}/${created.id}`);
    }
  });

  it('keeps the server answering while a 1 MB message runs through costly and pathological rules', async () => {
    const fresh = await createOrgWithAdmin(app);
    for (const pattern of ['(a+)+$', '(a|aa)+$', '(?=(a+))+b', '(\\w+\\s?)*$']) {
      await rule(fresh.admin.http, pattern, pattern, 'deny');
    }
    // On the linear engine this allow rule costs minutes on a megabyte: it runs until its budget (1 s here).
    await rule(fresh.admin.http, 'Costly allow', COSTLY, 'allow');
    const message = `${POISON} ${costlyText(1_000_000)}`;
    expect(message.length).toBeGreaterThan(1_000_000);

    let settledAt = 0;
    const checking = refusal(fresh.org.id, message).finally(() => {
      settledAt = performance.now();
    });
    const health: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await app.http.get('/healthz');
      expect(res.status).toBe(200);
      health.push(performance.now() - started);
    }
    const healthDoneAt = performance.now();
    expect(await checking).toMatchObject({ code: 'dlp_blocked' });
    // Relative, not absolute: every health answer arrived while the check was still running.
    expect(settledAt).toBeGreaterThan(healthDoneAt);
    expect(Math.max(...health)).toBeLessThan(5_000);
  });
});
