import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanDryRun } from '../src/modules/dlp/dry-run.scan.ts';
import { dlpDryRuns, messages } from '../src/platform/db/schema/index.ts';
import { enqueue } from '../src/platform/jobs/index.ts';
import { createRegexEvaluator } from '../src/platform/regex/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS } from './helpers/assertions.ts';
import {
  CARD,
  createRule,
  DRY_RUN,
  dryRun,
  finished,
  insertMessages,
  postMessage,
  RUNAWAY,
  RUNAWAY_TEXT,
  TEST,
} from './helpers/dlp.ts';
import { createOrgWithAdmin, type OrgAdminRouteCast, orgAdminRouteCast } from './helpers/fixtures.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let cast: OrgAdminRouteCast;

beforeAll(async () => {
  app = await startTestApp();
  cast = await orgAdminRouteCast(app);
});
afterAll(() => app?.close());

describe('DLP dry runs', () => {
  it('counts the blocked user messages of the window with masked examples, newest first, at 100%', async () => {
    const { admin } = await createOrgWithAdmin(app);
    const prefix = 'Lorem ipsum dolor sit amet, the card number is ';
    const suffix = ' and it expires next year, so please keep it safe.';
    const card = await postMessage(admin.http, `${prefix}4111 1111 1111 1111${suffix}`);
    await postMessage(admin.http, 'Nothing sensitive in here');
    const twice = await postMessage(admin.http, 'codes A-1234 and A-5678');
    const runaway = await postMessage(admin.http, RUNAWAY_TEXT);
    const saved = await createRule(admin.http, 'Cards', CARD, 'deny');
    await createRule(admin.http, 'Off', 'nothing', 'deny', false);

    const run = await dryRun(admin.http, {
      days: 1,
      rules: [
        { name: 'Codes', pattern: 'A-\\d{4}', action: 'deny' },
        { name: 'Runaway', pattern: RUNAWAY, action: 'deny' },
        { name: 'Inactive', pattern: 'sensitive', action: 'deny', is_active: false },
      ],
    });
    expect(Object.keys(run).sort()).toEqual([
      'completed_at',
      'created_at',
      'days',
      'id',
      'progress',
      'result',
      'status',
    ]);
    expect(run).toMatchObject({ status: 'completed', days: 1, progress: 100 });
    expect(run.created_at).toMatch(ISO_MS);
    expect(run.completed_at).toMatch(ISO_MS);
    // Four user messages; the assistant's replies echo them and are not read.
    expect(run.result).toEqual({
      scanned: 4,
      blocked: 3,
      truncated: false,
      examples: [
        {
          message_id: runaway.id,
          thread_id: runaway.threadId,
          rule_id: null,
          rule_name: 'Runaway',
          undecided: true,
          excerpt: '•••',
        },
        // The context holds a second match: showing it would show a matched span.
        {
          message_id: twice.id,
          thread_id: twice.threadId,
          rule_id: null,
          rule_name: 'Codes',
          undecided: false,
          excerpt: '•••',
        },
        {
          message_id: card.id,
          thread_id: card.threadId,
          rule_id: saved.id,
          rule_name: 'Cards',
          undecided: false,
          excerpt: `…${prefix.slice(-32)}•••${suffix.slice(0, 32)}…`,
        },
      ],
    });
    expect(JSON.stringify(run)).not.toContain('1111');
  });

  it('shows short context whole and reads no message older than the window', async () => {
    const { admin } = await createOrgWithAdmin(app);
    const recent = await postMessage(admin.http, 'my pin: 9981, ok');
    const old = await postMessage(admin.http, 'old pin: 1234');
    const db = app.server.database.db;
    await db.update(messages).set({ createdAt: sql`now() - interval '3 days'` }).where(eq(messages.id, old.id));
    const rules = [{ name: 'Pins', pattern: 'pin: \\d+', action: 'deny' }];

    const twoDays = await dryRun(admin.http, { days: 2, rules });
    expect(twoDays.result).toEqual({
      scanned: 1,
      blocked: 1,
      truncated: false,
      examples: [
        {
          message_id: recent.id,
          thread_id: recent.threadId,
          rule_id: null,
          rule_name: 'Pins',
          undecided: false,
          excerpt: 'my •••, ok',
        },
      ],
    });
    const fourDays = await dryRun(admin.http, { days: 4, rules });
    expect(fourDays.result).toMatchObject({ scanned: 2, blocked: 2 });
    expect(fourDays.result.examples.map((e: any) => e.message_id)).toEqual([recent.id, old.id]);
    expect(fourDays.result.examples[1].excerpt).toBe('old •••');
  });

  it('hides the whole excerpt when its context holds what another deny rule looks for', async () => {
    const { admin } = await createOrgWithAdmin(app);
    const email = await postMessage(admin.http, 'pin: 4321 sent to bob@example.com');
    const post = await postMessage(admin.http, 'pin: 8765 sent by post');
    const run = await dryRun(admin.http, {
      days: 1,
      rules: [
        { name: 'Pins', pattern: 'pin: \\d+', action: 'deny' },
        { name: 'Emails', pattern: '\\w+@\\w+\\.\\w+', action: 'deny' },
      ],
    });
    expect(run.result.examples.map((e: any) => [e.message_id, e.rule_name, e.excerpt])).toEqual([
      [post.id, 'Pins', '••• sent by post'],
      [email.id, 'Pins', '•••'],
    ]);
  });

  it('lets an allow rule clear a message, as the message check does, and completes on an empty window', async () => {
    const { admin } = await createOrgWithAdmin(app);
    const empty = await dryRun(admin.http, { days: 90 });
    expect(empty).toMatchObject({ status: 'completed', progress: 100 });
    expect(empty.result).toEqual({ scanned: 0, blocked: 0, truncated: false, examples: [] });

    await postMessage(admin.http, 'project aurora launch');
    await postMessage(admin.http, 'project aurora is public now');
    const run = await dryRun(admin.http, {
      days: 1,
      rules: [
        { name: 'Aurora', pattern: 'aurora', action: 'deny' },
        { name: 'Public', pattern: 'public', action: 'allow' },
      ],
    });
    expect(run.result).toMatchObject({ scanned: 2, blocked: 1 });
  });

  it('scans the newest 50,000 user messages of its window at most, and says it was truncated', async () => {
    const org = await createOrgWithAdmin(app);
    await insertMessages(app, org, 50_001, (i) => (i % 10_000 === 0 ? `marker ${i}` : `message ${i}`));
    const run = await dryRun(org.admin.http, {
      days: 1,
      rules: [{ name: 'Marker', pattern: 'marker', action: 'deny' }],
    });
    // The oldest message (marker 0) is the one left out.
    expect(run.result).toMatchObject({ scanned: 50_000, blocked: 5, truncated: true });
    expect(run.result.examples.map((e: any) => e.excerpt)).toEqual(
      [50_000, 40_000, 30_000, 20_000, 10_000].map((i) => `••• ${i}`),
    );
  }, 120_000);

  it('leaves the workers to message checks while a costly dry run runs, its own organization’s included', async () => {
    const org = await createOrgWithAdmin(app);
    await insertMessages(app, org, 25, () => RUNAWAY_TEXT);
    await createRule(org.admin.http, 'Plain', 'plain', 'deny');
    const started = await org.admin.http.post(DRY_RUN, {
      days: 1,
      rules: [{ name: 'Runaway', pattern: RUNAWAY, action: 'deny' }],
    });
    expect(started.status, started.text).toBe(202);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      for (const admin of [org.admin, cast.orgB.admin]) {
        const res = await admin.http.post(TEST, {
          text: 'a plain text',
          rules: [{ name: 'Plain draft', pattern: 'plain', action: 'deny' }],
        });
        answers.push(res.body.matches.map((m: any) => m.undecided));
      }
    }
    // Each answered in full while every message of the dry run costs a run over its time budget.
    expect((await org.admin.http.get(`${DRY_RUN}/${started.body.id}`)).body.status).not.toBe('completed');
    expect(answers).toEqual([[false, false], [false], [false, false], [false], [false, false], [false]]);
    const run = await finished(org.admin.http, started.body.id);
    expect(run.result).toMatchObject({ scanned: 25, blocked: 25 });
    expect(run.result.examples).toHaveLength(20);
    expect(run.result.examples.every((e: any) => e.undecided && e.excerpt === '•••')).toBe(true);
  }, 60_000);

  it('counts each message once when two deliveries of its job scan at the same time', async () => {
    const org = await createOrgWithAdmin(app);
    await insertMessages(app, org, 250, (i) => (i % 50 === 0 ? `flagged ${i}` : `fine ${i}`));
    const db = app.server.database.db;
    const id = randomUUID();
    const rules = [{ id: null, name: 'Flag', pattern: 'flagged', action: 'deny' as const }];
    const [row] = await db
      .insert(dlpDryRuns)
      .values({
        id,
        organizationId: org.org.id,
        status: 'running',
        days: 1,
        rules,
        total: 250,
        scanFrom: sql`now() - interval '1 day'`,
        scanTo: sql`now()`,
      })
      .returning();
    const evaluator = createRegexEvaluator();
    try {
      const deps = { db, evaluator };
      const signal = new AbortController().signal;
      await Promise.all([scanDryRun(deps, row!, rules, signal), scanDryRun(deps, row!, rules, signal)]);
    } finally {
      await evaluator.close();
    }
    const run = await finished(org.admin.http, id);
    expect(run).toMatchObject({ status: 'completed', progress: 100 });
    expect(run.result).toMatchObject({ scanned: 250, blocked: 5 });
    expect(run.result.examples.map((e: any) => e.excerpt)).toEqual([200, 150, 100, 50, 0].map((i) => `••• ${i}`));
  });

  it('runs one dry run per organization at a time: 409 limit_reached while one is live', async () => {
    const { org, admin } = await createOrgWithAdmin(app);
    const db = app.server.database.db;
    const live = randomUUID();
    await db.insert(dlpDryRuns).values({
      id: live,
      organizationId: org.id,
      status: 'running',
      days: 1,
      rules: [],
      scanFrom: new Date(),
      scanTo: new Date(),
    });
    expectError(await admin.http.post(DRY_RUN, { days: 1 }), 409, 'limit_reached');
    // Another organization is not held up.
    expect((await cast.orgB.admin.http.post(DRY_RUN, { days: 1 })).status).toBe(202);
    await db.update(dlpDryRuns).set({ status: 'completed' }).where(eq(dlpDryRuns.id, live));
    expect((await dryRun(admin.http, { days: 1 })).status).toBe('completed');
  });

  it('ends failed when its job dies', async () => {
    const { org, admin } = await createOrgWithAdmin(app);
    const db = app.server.database.db;
    const id = randomUUID();
    // Rules that are not rules: the job cannot succeed.
    await db.insert(dlpDryRuns).values({
      id,
      organizationId: org.id,
      days: 1,
      rules: [{ pattern: 1 }] as never,
      scanFrom: new Date(),
      scanTo: new Date(),
    });
    await enqueue(db, { kind: 'dlp.dry_run', payload: { organizationId: org.id, dryRunId: id } });
    const run = await finished(admin.http, id);
    expect(run).toMatchObject({ id, status: 'failed', result: null });
    expect(run.completed_at).toMatch(ISO_MS);
    await db.delete(dlpDryRuns).where(inArray(dlpDryRuns.id, [id]));
  });

  it('400s invalid bodies', async () => {
    const draft = { name: 'd', pattern: 'x', action: 'deny' };
    for (const body of [
      {},
      { days: 0 },
      { days: 91 },
      { days: 1.5 },
      { days: '7' },
      { days: 7, rules: [{ ...draft, pattern: '[z-a]' }] },
      { days: 7, rules: Array.from({ length: 21 }, () => draft) },
      { days: 7, text: 'x' },
    ]) {
      expectError(await cast.orgA.admin.http.post(DRY_RUN, body), 400, 'invalid_request');
    }
  });

  it('is for org admins only; another organization’s dry run is not found', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/dlp-rules/dry-run',
      path: DRY_RUN,
      body: { days: 1 },
      forbidden: cast.notAdmins,
    });
    const { admin } = await createOrgWithAdmin(app);
    const run = await dryRun(admin.http, { days: 1 });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/dlp-rules/dry-run/:dryRunId',
      path: `${DRY_RUN}/${run.id}`,
      forbidden: cast.notAdmins,
      crossOrg: { credential: cast.orgB.admin.token, missingPath: `${DRY_RUN}/${randomId()}` },
    });
    expectError(await admin.http.get(`${DRY_RUN}/not-a-uuid`), 404, 'not_found');
  });
});
