import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp, testEnv } from './helpers/app.ts';
import { eventually } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  mintSession,
  type TestOrg,
} from './helpers/fixtures.ts';
import { randomId } from './helpers/security.ts';
import { openSse, type SseConnection } from './helpers/sse-client.ts';
import {
  answer,
  awaitingRun,
  framesUntilEnd,
  openLive,
  type RunIds,
  type StreamKind,
  streamUrl,
} from './helpers/stream-access.ts';

/**
 * The per-principal cap on open streams (ATRIUM_SSE_MAX_STREAMS_PER_PRINCIPAL, 3 here): one more is 429
 * `rate_limited` in the standard envelope before any SSE byte; /events and /turn count together, and so do a
 * principal's sessions; a slot frees when its stream closes, however it closes.
 */
const CAP = 3;
let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  app = await startTestApp({ ATRIUM_SSE_MAX_STREAMS_PER_PRINCIPAL: String(CAP) });
  org = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

const open = (credential: string, ids: RunIds, kind: StreamKind = 'events') =>
  openSse(streamUrl(app, ids, kind), { headers: { authorization: `Bearer ${credential}` } });

/** The 429 of a stream refused by the cap: the error envelope as JSON, nothing of SSE. */
function expectCapped(conn: SseConnection) {
  expect(conn.status).toBe(429);
  expect(String(conn.headers['content-type'])).toContain('application/json');
  expect(Object.keys(conn.body).sort()).toEqual(['code', 'error', 'request_id']);
  expect(conn.body.code).toBe('rate_limited');
  expect(conn.body.error.length).toBeGreaterThan(0);
  expect(conn.body.request_id).toBe(conn.headers['x-request-id']);
}

/** Opens CAP live streams for `credential`, alternating /events and /turn. */
async function fill(credential: string, ids: RunIds): Promise<SseConnection[]> {
  const kinds: StreamKind[] = ['events', 'turn'];
  const out: SseConnection[] = [];
  for (let i = 0; i < CAP; i++) out.push(await openLive(app, credential, ids, kinds[i % 2]!));
  return out;
}

describe('the stream cap', () => {
  it('429s rate_limited past the cap, counting /events and /turn and every session of the same user', async () => {
    const ids = await awaitingRun(org.admin.http);
    const streams = await fill(org.admin.token, ids);
    expectCapped(await open(org.admin.token, ids, 'events'));
    expectCapped(await open(org.admin.token, ids, 'turn'));
    // Another session of the same person shares the cap.
    const { key } = await createServiceAccountWithKey(org.admin.http);
    const second = await mintSession(app, key, org.admin.user.email, org.admin.password);
    expectCapped(await open(second, ids));
    // The capped streams are untouched.
    expect(streams.every((s) => s.frames.every((f) => f.kind !== 'invalid'))).toBe(true);
    for (const s of streams) s.close();
  });

  it('counts each principal on its own: another user and a service account still open theirs', async () => {
    const member = await addUser(app, org.admin.http);
    const memberRun = await awaitingRun(member.http);
    const { key } = await createServiceAccountWithKey(org.admin.http);
    const keyRun = await awaitingRun(app.http.as(key));
    const memberStreams = await fill(member.token, memberRun);
    expectCapped(await open(member.token, memberRun));
    const keyStreams = await fill(key, keyRun);
    expectCapped(await open(key, keyRun));
    for (const s of [...memberStreams, ...keyStreams]) s.close();
  });

  it('frees a slot when the client goes away', async () => {
    const member = await addUser(app, org.admin.http);
    const ids = await awaitingRun(member.http);
    const streams = await fill(member.token, ids);
    expectCapped(await open(member.token, ids));
    streams[0]!.close();
    // The server learns of the closed socket asynchronously.
    const reopened = await eventually(async () => {
      const conn = await open(member.token, ids);
      expect(conn.status).toBe(200);
      return conn;
    });
    for (const s of [...streams, reopened]) s.close();
  });

  it('frees the slots of streams the server ends: the run finishing, a finished run served at once', async () => {
    const member = await addUser(app, org.admin.http);
    const ids = await awaitingRun(member.http);
    const streams = await fill(member.token, ids);
    await answer(member.http, ids);
    for (const s of streams) await framesUntilEnd(s);
    // A stream of a finished run sends its snapshot and ends; opening many in a row never hits the cap.
    for (let i = 0; i < CAP * 2; i++) {
      const done = await open(member.token, ids);
      expect(done.status).toBe(200);
      await done.ended;
    }
    const next = await awaitingRun(member.http);
    for (const s of await fill(member.token, next)) s.close();
  });

  it('holds no slot for a refused stream: 404s and 429s leave the cap whole', async () => {
    const member = await addUser(app, org.admin.http);
    const ids = await awaitingRun(member.http);
    const missing = { threadId: ids.threadId, runId: randomId() };
    for (let i = 0; i < CAP * 2; i++) {
      const res = await open(member.token, missing);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const streams = await fill(member.token, ids);
    for (let i = 0; i < CAP; i++) expectCapped(await open(member.token, ids));
    streams[0]!.close();
    const reopened = await eventually(async () => {
      const conn = await open(member.token, ids);
      expect(conn.status).toBe(200);
      return conn;
    });
    for (const s of [...streams, reopened]) s.close();
  });
});

describe('configuration', () => {
  it('defaults to 20 streams per principal and a re-check every 30 s, and refuses nonsense', () => {
    const { sse } = loadConfig(testEnv());
    expect(sse.maxStreamsPerPrincipal).toBe(20);
    expect(sse.recheckMs).toBe(30_000);
    const custom = loadConfig(testEnv({ ATRIUM_SSE_MAX_STREAMS_PER_PRINCIPAL: '5', ATRIUM_SSE_RECHECK_MS: '250' }));
    expect(custom.sse).toMatchObject({ maxStreamsPerPrincipal: 5, recheckMs: 250 });
    for (const bad of ['0', '-1', 'many', '2.5']) {
      expect(() => loadConfig(testEnv({ ATRIUM_SSE_MAX_STREAMS_PER_PRINCIPAL: bad }))).toThrow(ConfigError);
      expect(() => loadConfig(testEnv({ ATRIUM_SSE_RECHECK_MS: bad }))).toThrow(ConfigError);
    }
  });
});
