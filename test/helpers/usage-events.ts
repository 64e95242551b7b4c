import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { agents, aiModelFamilies, aiModelVersions, usageEvents } from '../../src/platform/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { addUser, createOrgWithAdmin, type TestOrg } from './fixtures.ts';
import type { Client } from './http.ts';

/**
 * Usage events written straight into the database, and the reports' figures computed independently from them in
 * plain JS: local dates through Intl (not SQL), BigInt sums, half-up rounding.
 */
export interface UsageEvent {
  organizationId: string;
  userId: string | null;
  agentId: string | null;
  departmentId: string | null;
  channel: string | null;
  runId: string | null;
  modelVersionId: string;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  costMicroCents: bigint;
  occurredAt: Date;
}

export async function insertEvents(app: TestApp, events: UsageEvent[]): Promise<void> {
  const db = app.server.database.db;
  for (let i = 0; i < events.length; i += 500) {
    await db.insert(usageEvents).values(events.slice(i, i + 500).map((e) => ({ id: randomUUID(), ...e })));
  }
}

/** Two model versions with known display names, in a family of their own. */
export async function createModelVersions(app: TestApp, names: string[]): Promise<string[]> {
  const db = app.server.database.db;
  const [offline] = await db.select().from(aiModelVersions).limit(1);
  const [family] = await db.select().from(aiModelFamilies).limit(1);
  expect(offline && family).toBeTruthy();
  const familyId = randomUUID();
  await db
    .insert(aiModelFamilies)
    .values({ ...family!, id: familyId, slug: `usage-${familyId.slice(0, 8)}`, latestVersionId: null });
  const ids = names.map(() => randomUUID());
  await db
    .insert(aiModelVersions)
    .values(
      names.map((displayName, i) => ({ ...offline!, id: ids[i]!, familyId, version: `v-${ids[i]}`, displayName })),
    );
  return ids;
}

export async function createAgent(app: TestApp, organizationId: string, createdBy: string, name: string) {
  const id = randomUUID();
  await app.server.database.db.insert(agents).values({ id, organizationId, name, systemPrompt: 'x', createdBy });
  return id;
}

export async function setTimezone(admin: Client, timezone: string): Promise<void> {
  const res = await admin.patch('/v1/organization', { primary_timezone: timezone });
  expect(res.status, res.text).toBe(200);
}

/** Deterministic pseudo-random numbers (a test that fails must fail the same way again). */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

/** Costs that exercise the rounding: halves, just under halves, zero, a cent less one micro-cent. */
export const COSTS = [1_499_999n, 500_000n, 1n, 999_999n, 2_500_000n, 0n, 123_456_789n, 1_500_000n] as const;

// ---- the independent computation ----

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The local wall-clock parts of an instant in a zone, by Intl. */
function localParts(at: Date, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: parts.hour! };
}

export const localDate = (at: Date, timeZone: string) => localParts(at, timeZone).date;
export const localHourLabel = (at: Date, timeZone: string) => {
  const p = localParts(at, timeZone);
  return `${p.date}T${p.hour}:00`;
};

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

export const cents = (micro: bigint) => Number((micro * 2n + 1_000_000n) / 2_000_000n);

/** part/whole in percent, one decimal, half-up (away from zero for a negative part). */
export function pct(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  const n = part < 0n ? -part : part;
  const tenths = (n * 2000n + whole) / (2n * whole);
  return (part < 0n ? -Number(tenths) : Number(tenths)) / 10;
}

export const within = (events: UsageEvent[], tz: string, from: string, to: string) =>
  events.filter((e) => {
    const d = localDate(e.occurredAt, tz);
    return d >= from && d <= to;
  });

export const sum = (events: UsageEvent[], pick: (e: UsageEvent) => bigint) => events.reduce((s, e) => s + pick(e), 0n);

/** The first instant of a local day: searched in 15-minute steps (every zone's midnight is on a quarter hour). */
export function localMidnight(date: string, tz: string): number {
  for (let t = Date.parse(`${date}T00:00:00Z`) - 15 * 3_600_000; ; t += 900_000) {
    if (localDate(new Date(t), tz) === date) return t;
  }
}

/** Bucket labels and each event's bucket index, for a daily or hourly series. */
export function bucketsOf(tz: string, from: string, to: string, granularity: 'daily' | 'hourly') {
  if (granularity === 'daily') {
    const labels = Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i));
    return { labels, indexOf: (e: UsageEvent) => labels.indexOf(localDate(e.occurredAt, tz)) };
  }
  const t0 = localMidnight(from, tz);
  const end = localMidnight(addDays(to, 1), tz);
  const labels: string[] = [];
  for (let t = t0; t < end; t += 3_600_000) labels.push(localHourLabel(new Date(t), tz));
  return { labels, indexOf: (e: UsageEvent) => Math.floor((e.occurredAt.getTime() - t0) / 3_600_000) };
}

/** Groups events by a key (null → 'none'), cost descending then id bytewise. */
export function groupedByCost(events: UsageEvent[], key: (e: UsageEvent) => string | null) {
  const groups = new Map<string, { id: string; cost: bigint; calls: number; isNull: boolean }>();
  for (const e of events) {
    const k = key(e);
    const id = k ?? 'none';
    const g = groups.get(id) ?? { id, cost: 0n, calls: 0, isNull: k === null };
    g.cost += e.costMicroCents;
    g.calls += 1;
    groups.set(id, g);
  }
  return [...groups.values()].sort((a, b) =>
    a.cost === b.cost ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.cost > b.cost ? -1 : 1,
  );
}

export interface UsageOrg {
  org: TestOrg;
  timezone: string;
  events: UsageEvent[];
  /** Every id the events may carry, with its expected label. */
  labels: Map<string, string>;
  departments: { root: string; child: string; grandchild: string; other: string };
  models: string[];
}

const YEAR_START = Date.parse('2024-01-01T00:00:00Z');
const YEAR_MS = 366 * 86_400_000;
/** Windows dense with events: both US DST changes of 2024 and the first days of April. */
const DENSE = [
  [Date.parse('2024-03-09T00:00:00Z'), 3 * 86_400_000],
  [Date.parse('2024-10-31T00:00:00Z'), 9 * 86_400_000],
  [Date.parse('2024-03-31T12:00:00Z'), 86_400_000],
] as const;

/**
 * An organization in `timezone` with a department tree (root > child > grandchild, and another root), two members,
 * two agents, and `count` events over 2024 (and a few in 2025) with every dimension sometimes unset.
 */
export async function seedUsageOrg(
  app: TestApp,
  timezone: string,
  models: string[],
  seed: number,
  count = 400,
): Promise<UsageOrg> {
  const org = await createOrgWithAdmin(app);
  await setTimezone(org.admin.http, timezone);
  const http = org.admin.http;
  const department = async (name: string, parent?: string) => {
    const res = await http.post('/v1/organization/departments', { name, parent_department_id: parent });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  const root = await department('Engineering');
  const child = await department('=Platform', root);
  const grandchild = await department('Web, "UI"', child);
  const other = await department('Sales');
  const alice = await addUser(app, http, { first_name: 'Alice', last_name: 'Ames' });
  const bob = await addUser(app, http, { first_name: 'Bob', last_name: 'Burns' });
  const agentA = await createAgent(app, org.org.id, org.admin.user.id, 'Researcher');
  const agentB = await createAgent(app, org.org.id, org.admin.user.id, 'Writer');
  const labels = new Map<string, string>([
    [root, 'Engineering'],
    [child, '=Platform'],
    [grandchild, 'Web, "UI"'],
    [other, 'Sales'],
    [alice.user.id, 'Alice Ames'],
    [bob.user.id, 'Bob Burns'],
    [org.admin.user.id, 'Ada Admin'],
    [agentA, 'Researcher'],
    [agentB, 'Writer'],
    ['web', 'web'],
    ['api', 'api'],
    ['slack', 'slack'],
  ]);
  const rand = seeded(seed);
  const runs = Array.from({ length: 40 }, () => randomUUID());
  const at = (i: number) => {
    if (i % 3 === 0) {
      const [start, span] = rand.pick(DENSE);
      return new Date(start + Math.floor(rand.next() * span));
    }
    return new Date(YEAR_START + Math.floor(rand.next() * YEAR_MS));
  };
  const events: UsageEvent[] = Array.from({ length: count }, (_, i) => ({
    organizationId: org.org.id,
    userId: rand.pick([alice.user.id, bob.user.id, org.admin.user.id, null]),
    agentId: rand.pick([agentA, agentB, null]),
    departmentId: rand.pick([root, child, grandchild, other, null, child]),
    channel: rand.pick(['web', 'api', 'slack', null]),
    runId: rand.pick([...runs, null]),
    modelVersionId: rand.pick(models),
    inputTokens: Math.floor(rand.next() * 5000),
    outputTokens: Math.floor(rand.next() * 2000),
    cachedInputTokens: Math.floor(rand.next() * 1000),
    costMicroCents: rand.pick(COSTS),
    occurredAt: at(i),
  }));
  // An event on the last instant of a local day and one on the first of the next (31 March / 1 April, local).
  const midnight = localMidnight('2024-04-01', timezone);
  if (events[0]) for (const t of [midnight - 1, midnight]) events.push({ ...events[0]!, occurredAt: new Date(t) });
  await insertEvents(app, events);
  return { org, timezone, events, labels, departments: { root, child, grandchild, other }, models };
}
