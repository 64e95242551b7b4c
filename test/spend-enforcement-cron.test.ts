import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, messages, runs, threads, triggerFires, triggers } from '../src/platform/db/schema/index.ts';
import type { ErrorCode } from '../src/platform/http/error-codes.ts';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { eventually, expectError } from './helpers/assertions.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { waitForRun } from './helpers/runs.ts';
import {
  addSpendLimit,
  balanceOf,
  credit,
  openWallet,
  priceOfflineModel,
  setSpendLimitAmount,
  spendLimitNow,
} from './helpers/spend.ts';

/**
 * Issue 15, Enforcement, for the launch nobody waits on: a cron trigger's due time whose fire spend enforcement
 * refuses (402 insufficient_balance, spend_limit_reached) is skipped. The due time is recorded once, no thread,
 * message or run is written, nothing retries it, and `next_fire_at` moves to the schedule's next due time as after
 * any fire; once the wallet is credited (or the limit raised) the next due time fires and runs.
 *
 * The scheduler reads the database's clock, so a due time is made to arrive by moving `next_fire_at` to just past
 * the database's now (as the other cron tests do); the app's scheduler polls every 50 ms.
 */
let app: TestApp;
let operator: Client;
/** A trigger of an organization without a wallet: made due, its fire shows that the scheduler made another pass. */
let witnessId: string;

/** Yearly: the only due times inside a test are the ones it forces. */
const YEARLY = '0 0 1 1 *';
/** Asia/Kolkata is UTC+05:30 all year. */
const KOLKATA_OFFSET_MS = 5.5 * 3_600_000;

/** The schedule's next due time after `at`: the coming 1 January, 00:00 in Kolkata (18:30 UTC on 31 December). */
const nextNewYearInKolkata = (at: Date) =>
  new Date(Date.UTC(new Date(at.getTime() + KOLKATA_OFFSET_MS).getUTCFullYear(), 11, 31, 18, 30)).toISOString();

const db = () => app.server.database.db;

/** Makes the trigger due one second ago by the database's clock; returns that due time. */
async function makeDue(triggerId: string): Promise<Date> {
  const [row] = await db()
    .update(triggers)
    .set({ nextFireAt: sql`now() - interval '1 second'` })
    .where(eq(triggers.id, triggerId))
    .returning({ at: triggers.nextFireAt });
  return row!.at!;
}

const dueTimesOf = async (triggerId: string) =>
  (
    await db()
      .select({ dueAt: triggerFires.dueAt })
      .from(triggerFires)
      .where(eq(triggerFires.triggerId, triggerId))
      .orderBy(asc(triggerFires.dueAt))
  ).map((r) => r.dueAt.toISOString());

type Cron = { org: TestOrg; agent: any; trigger: any };

/** What fires leave: the trigger's recorded due times, and the organization's threads, messages, runs and jobs. */
async function stored({ org, trigger }: Cron) {
  const organizationId = org.org.id;
  const ofOrg = sql`organization_id = ${organizationId}`;
  return {
    dueTimes: await dueTimesOf(trigger.id),
    threads: await db().$count(threads, ofOrg),
    messages: await db().$count(messages, ofOrg),
    runs: await db().$count(runs, ofOrg),
    jobs: await db().$count(jobs, sql`${jobs.payload}->>'organizationId' = ${organizationId}`),
  };
}

/** Resolves once the scheduler has made a pass that began after this call. */
async function schedulerPassed(): Promise<void> {
  const before = (await dueTimesOf(witnessId)).length;
  await makeDue(witnessId);
  await eventually(async () => expect(await dueTimesOf(witnessId)).toHaveLength(before + 1));
}

async function cronOrg(): Promise<Cron> {
  const org = await createOrgWithAdmin(app);
  const tz = await org.admin.http.patch('/v1/organization', { primaryTimezone: 'Asia/Kolkata' });
  expect(tz.status, tz.text).toBe(200);
  const agent = await createAgent(org.admin);
  const trigger = await org.admin.http.post(`/v1/agents/${agent.id}/triggers`, {
    type: 'cron',
    schedule: YEARLY,
    payload: { prompt: 'Tick' },
  });
  expect(trigger.status, trigger.text).toBe(201);
  return { org, agent, trigger: trigger.body };
}

async function triggerView({ org, agent, trigger }: Cron) {
  const res = await org.admin.http.get(`/v1/agents/${agent.id}/triggers/${trigger.id}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/**
 * Makes the trigger due and expects the due time skipped: recorded once and nothing else written (no thread,
 * message, run or job), `next_fire_at` the schedule's next due time, not a retry, `last_fired_at` unchanged; a later
 * scheduler pass leaves it all so. fire-now, the same fire path with a caller, names the refusal.
 */
async function expectSkipped(cron: Cron, code: ErrorCode): Promise<void> {
  const before = await stored(cron);
  const { last_fired_at } = await triggerView(cron);
  const due = await makeDue(cron.trigger.id);
  const after = { ...before, dueTimes: [...before.dueTimes, due.toISOString()] };
  await eventually(async () => expect(await stored(cron)).toEqual(after));
  await schedulerPassed();
  expect(await stored(cron)).toEqual(after);
  expect(await triggerView(cron)).toMatchObject({ nextFireAt: nextNewYearInKolkata(due), last_fired_at });

  const { org, agent, trigger } = cron;
  expectError(await org.admin.http.post(`/v1/agents/${agent.id}/triggers/${trigger.id}/fire-now`, {}), 402, code);
  expect(await stored(cron)).toEqual(after);
}

/** Makes the trigger due and expects it fired: one more thread with the prompt and the reply of a completed run. */
async function expectFired(cron: Cron): Promise<void> {
  const { org, agent } = cron;
  const before = await stored(cron);
  const due = await makeDue(cron.trigger.id);
  await eventually(async () =>
    expect(await stored(cron)).toMatchObject({
      dueTimes: [...before.dueTimes, due.toISOString()],
      threads: before.threads + 1,
      runs: before.runs + 1,
    }),
  );
  const [run] = await db()
    .select({ id: runs.id, threadId: runs.threadId })
    .from(runs)
    .where(and(eq(runs.organizationId, org.org.id), eq(runs.agentId, agent.id)))
    .orderBy(desc(runs.createdAt))
    .limit(1);
  const done = await waitForRun(org.admin.http, run!.threadId, run!.id);
  expect(done.run.status).toBe('completed');
  const transcript = (await org.admin.http.get(`/v1/threads/${run!.threadId}/messages`)).body.data;
  expect(transcript.map((m: any) => [m.role, m.role === 'user' ? m.content : m.id])).toEqual([
    ['user', 'Tick'],
    ['assistant', done.outputMessageId],
  ]);
  const view = await triggerView(cron);
  expect(view.nextFireAt).toBe(nextNewYearInKolkata(due));
  expect(new Date(view.last_fired_at).getTime()).toBeGreaterThanOrEqual(due.getTime());
}

beforeAll(async () => {
  app = await startTestApp({ ATRIUM_SCHEDULER_INTERVAL_MS: '50' });
  operator = app.http.as(app.consoleKey);
  await priceOfflineModel(operator);
  const org = await createOrgWithAdmin(app);
  const agent = await createAgent(org.admin);
  const trigger = await org.admin.http.post(`/v1/agents/${agent.id}/triggers`, { type: 'cron', schedule: YEARLY });
  expect(trigger.status, trigger.text).toBe(201);
  witnessId = trigger.body.id;
});
afterAll(() => app?.close());

describe('a cron fire refused by spend enforcement', () => {
  it('insufficient_balance: skipped at a zero and at a negative balance, runs again once credited', async () => {
    const cron = await cronOrg();
    const orgId = cron.org.org.id;
    await openWallet(operator, cron.org);
    expect(await balanceOf(cron.org)).toBe(0);
    expect(cron.trigger.nextFireAt).toBe(nextNewYearInKolkata(new Date()));

    await expectSkipped(cron, 'insufficient_balance');
    expect(await stored(cron)).toMatchObject({ threads: 0, messages: 0, runs: 0, jobs: 0 });

    // One cent: the next due time runs, and that last run takes the balance below zero.
    await credit(operator, orgId, 1);
    await expectFired(cron);
    const balance = await balanceOf(cron.org);
    expect(balance).toBeLessThan(0);

    await expectSkipped(cron, 'insufficient_balance');
    expect(await balanceOf(cron.org)).toBe(balance);

    await credit(operator, orgId, 1_000_000 - balance);
    await expectFired(cron);
    expect(await stored(cron)).toMatchObject({ threads: 2, messages: 4, runs: 2 });
    expect((await stored(cron)).dueTimes).toHaveLength(4);
  });

  it('spend_limit_reached: skipped once a limit covering the agent is used up, runs again once it is raised', async () => {
    const cron = await cronOrg();
    const orgId = cron.org.org.id;
    await openWallet(operator, cron.org, { credit: 1_000_000 });
    // One cent: the first fire's run uses it up (a run is never refused while the limit has money left).
    const limit = await addSpendLimit(operator, orgId, { scope: 'agent', scope_id: cron.agent.id, amount_minor: 1 });

    await expectFired(cron);
    const usedUp = await spendLimitNow(operator, orgId, limit.id);
    expect(usedUp.remaining_minor).toBe(0);

    await expectSkipped(cron, 'spend_limit_reached');
    expect(await spendLimitNow(operator, orgId, limit.id)).toEqual(usedUp);

    await setSpendLimitAmount(operator, orgId, limit.id, usedUp.spent_minor + 1_000_000);
    await expectFired(cron);
    expect(await stored(cron)).toMatchObject({ threads: 2, messages: 4, runs: 2 });
    expect((await stored(cron)).dueTimes).toHaveLength(3);
  });
});
