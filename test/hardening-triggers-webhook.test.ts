import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../src/platform/db/schema/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, unique } from './helpers/fixtures.ts';

/**
 * Finding 14: webhook deliveries sign a timestamp with the body (`X-Atrium-Timestamp`, `X-Atrium-Signature:
 * sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`); a timestamp more than 5 minutes off is refused, and a
 * repeat of an accepted signature answers 202 without firing again.
 */
let app: TestApp;
let alice: OrgUser;
let agent: any;

beforeAll(async () => {
  app = await startTestApp();
  const org = await createOrgWithAdmin(app);
  alice = await addUser(app, org.admin.http, { first_name: 'Alice' });
  const a = await alice.http.post('/v1/agents', { name: unique('Agent'), system_prompt: 'You help.' });
  expect(a.status, a.text).toBe(201);
  agent = a.body;
});
afterAll(() => app?.close());

const nowSeconds = () => Math.floor(Date.now() / 1000);
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

async function hook() {
  const res = await alice.http.post(`/v1/agents/${agent.id}/triggers`, {
    type: 'webhook',
    schedule: unique('crm'),
    payload: { prompt: 'New lead' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; secret: string };
}

function deliver(h: { id: string }, body: string, headers: Record<string, string>) {
  return app.http.post(`/v1/hooks/${h.id}`, undefined, { raw: body, headers });
}

function signed(h: { secret: string }, body: string, timestamp = nowSeconds()) {
  return {
    'x-atrium-timestamp': String(timestamp),
    'x-atrium-signature': `sha256=${hmac(h.secret, `${timestamp}.${body}`)}`,
  };
}

/** Threads the agent made for Alice. */
const threadCount = async () =>
  (await alice.http.get(`/v1/threads?createdByType=agent&createdById=${agent.id}&limit=100`)).body.data.length;

describe('replays', () => {
  it('a repeated delivery answers what the first started and fires nothing, also when repeats race', async () => {
    const h = await hook();
    const body = JSON.stringify({ lead: 'ACME' });
    const at = nowSeconds();
    const headers = signed(h, body, at);
    const before = await threadCount();
    const first = await deliver(h, body, headers);
    expect(first.status, first.text).toBe(202);
    expect(first.body.data).toHaveLength(1);
    const again = await deliver(h, body, headers);
    expect(again.status, again.text).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(await threadCount()).toBe(before + 1);

    // Five copies of a new delivery at once: one fire, five equal answers.
    const racing = signed(h, body, at - 10);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(h, body, racing)));
    for (const a of answers) expect(a.status, a.text).toBe(202);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers[0]!.body.data).toHaveLength(1);
    expect(answers[0]!.body).not.toEqual(first.body);
    expect(await threadCount()).toBe(before + 2);
  });

  it('remembers a signature past its window, then purges it', async () => {
    const h = await hook();
    const db = app.server.database.db;
    const at = nowSeconds();
    expect((await deliver(h, '{}', signed(h, '{}', at))).status).toBe(202);
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.triggerId, h.id));
    // Twice the five-minute tolerance after the signed time, whatever the clock of the process that checks.
    expect(row!.expiresAt.getTime()).toBe((at + 600) * 1000);

    await db
      .update(webhookDeliveries)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(webhookDeliveries.triggerId, h.id));
    expect((await deliver(h, '{"n":2}', signed(h, '{"n":2}'))).status).toBe(202);
    const left = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.triggerId, h.id));
    expect(left.map((r) => r.signature)).not.toContain(row!.signature);
    expect(left).toHaveLength(1);
  });
});

describe('timestamps', () => {
  it('refuses a timestamp more than five minutes away, either way, with 401 invalid_timestamp', async () => {
    const h = await hook();
    const body = '{"x":1}';
    for (const offset of [-301, 301, -100_000]) {
      const res = await deliver(h, body, signed(h, body, nowSeconds() + offset));
      expectError(res, 401, 'invalid_timestamp');
    }
    expect((await deliver(h, body, signed(h, body, nowSeconds() - 240))).status).toBe(202);
    expect((await deliver(h, body, signed(h, body, nowSeconds() + 240))).status).toBe(202);
  });

  it('refuses a missing or malformed timestamp with 401 invalid_timestamp', async () => {
    const h = await hook();
    const body = '{}';
    const good = signed(h, body);
    expectError(await deliver(h, body, { 'x-atrium-signature': good['x-atrium-signature'] }), 401, 'invalid_timestamp');
    for (const timestamp of ['', 'soon', '1.5', '-1', `${nowSeconds()}000`, ` ${nowSeconds()}x`]) {
      const res = await deliver(h, body, { ...good, 'x-atrium-timestamp': timestamp });
      expectError(res, 401, 'invalid_timestamp');
    }
  });

  it('signs the timestamp: a captured signature with a fresh timestamp, or the body alone signed, is refused', async () => {
    const h = await hook();
    const body = '{"lead":"ACME"}';
    const old = signed(h, body, nowSeconds() - 30);
    const moved = await deliver(h, body, { ...old, 'x-atrium-timestamp': String(nowSeconds()) });
    expectError(moved, 401, 'invalid_signature');
    const legacy = {
      'x-atrium-timestamp': String(nowSeconds()),
      'x-atrium-signature': `sha256=${hmac(h.secret, body)}`,
    };
    expectError(await deliver(h, body, legacy), 401, 'invalid_signature');
  });
});

describe('OpenAPI', () => {
  it('documents the signed format, the replay answer and both 401 codes', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    const op = doc.paths['/v1/hooks/{triggerId}'].post;
    expect(op.description).toContain('sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>"');
    expect(op.description).toContain('X-Atrium-Timestamp');
    expect(op.description).toContain('fires nothing');
    expect(op.responses['401'].description).toContain('invalid_signature');
    expect(op.responses['401'].description).toContain('invalid_timestamp');
  });
});

describe('webhook bodies are held to the same input bounds as every other body', () => {
  it('refuses deep nesting, a NUL and a prototype key with 400, and fires nothing', async () => {
    const h = await hook();
    const before = await threadCount();
    const bodies = [
      `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      '{"note":"a\\u0000b"}',
      '{"__proto__":{"polluted":true}}',
    ];
    for (const body of bodies) expectError(await deliver(h, body, signed(h, body)), 400, 'invalid_request');
    const text = 'plain\u0000text';
    const res = await deliver(h, text, { ...signed(h, text), 'content-type': 'text/plain' });
    expectError(res, 400, 'invalid_request');
    expect(await threadCount()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
