import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { messages, threads } from '../../src/platform/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { UUID } from './assertions.ts';
import type { TestOrg } from './fixtures.ts';
import type { Client } from './http.ts';
import { postAndRun, waitForRun } from './runs.ts';

/** What the DLP test box and dry-run tests share: the routes, rules that misbehave, and seeding messages. */

export const RULES = '/v1/organization/dlp-rules';
export const TEST = `${RULES}/test`;
export const DRY_RUN = `${RULES}/dry-run`;
/** Lookahead keeps this pattern off the linear engine; on a's and a spoiler it backtracks past any budget. */
export const RUNAWAY = '(?=a)(a+)+$';
export const RUNAWAY_TEXT = `${'a'.repeat(40)}!`;
export const CARD = '\\b\\d{4}(?:[ -]?\\d{4}){3}\\b';

export async function createRule(
  http: Client,
  name: string,
  pattern: string,
  action: 'deny' | 'allow',
  isActive = true,
) {
  const res = await http.post(RULES, { name, pattern, action, is_active: isActive });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A user message in a thread of its own, with the assistant's reply (the offline model echoes it) written. */
export async function postMessage(http: Client, content: string): Promise<{ id: string; threadId: string }> {
  const thread = await http.post('/v1/threads', { title: 'DLP' });
  expect(thread.status, thread.text).toBe(201);
  const { message, run } = await postAndRun(http, thread.body.id, content);
  await waitForRun(http, thread.body.id, run.id);
  return { id: message.id, threadId: thread.body.id };
}

/**
 * `count` user messages written straight into a new thread of the organization, one millisecond apart and older
 * than any message the test posts: many more than the HTTP route could post in a test's time.
 */
export async function insertMessages(app: TestApp, org: TestOrg, count: number, content: (i: number) => string) {
  const db = app.server.database.db;
  const threadId = randomUUID();
  const owner = org.admin.user.id;
  await db.insert(threads).values({
    id: threadId,
    organizationId: org.org.id,
    ownerId: owner,
    createdByType: 'user',
    createdById: owner,
  });
  const start = Date.now() - count - 60_000;
  for (let i = 0; i < count; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
      id: randomUUID(),
      organizationId: org.org.id,
      threadId,
      role: 'user' as const,
      content: content(i + j),
      createdByType: 'user',
      createdById: owner,
      createdAt: new Date(start + i + j),
    }));
    await db.insert(messages).values(rows);
  }
}

/** Starts a dry run and polls it until it has finished. */
export async function dryRun(http: Client, body: Record<string, unknown>) {
  const started = await http.post(DRY_RUN, body);
  expect(started.status, started.text).toBe(202);
  expect(started.body).toEqual({ id: expect.stringMatching(UUID), status: 'queued' });
  return finished(http, started.body.id);
}

export async function finished(http: Client, id: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await http.get(`${DRY_RUN}/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.progress).toBeGreaterThanOrEqual(0);
    expect(res.body.progress).toBeLessThanOrEqual(100);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    expect(res.body.result).toBeNull();
    if (Date.now() > deadline) throw new Error(`dry run ${id} did not finish: ${res.text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
