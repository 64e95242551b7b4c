import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, createServiceAccountWithKey, mintSession, type TestOrg } from './helpers/fixtures.ts';
import { waitForRun } from './helpers/runs.ts';
import {
  answer,
  awaitingRun,
  deliveredTerminal,
  eventNames,
  expectEndedWith,
  framesUntilEnd,
  openLive,
} from './helpers/stream-access.ts';

/**
 * Finding 12, the terminal half: before a stream forwards its run's end (`lifecycle.completed|failed|cancelled`
 * on /events, the terminal status patch on /turn) it re-checks its caller, and a caller no longer valid gets
 * `: credential-revoked` instead. The periodic re-check keeps its 30 s default here, so within these tests only
 * the terminal re-check can end a stream: without it, the revoked streams below would deliver the run's end.
 */
let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  app = await startTestApp();
  org = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

const revoke = async (accountId: string, keyId: string) =>
  expect((await org.admin.http.delete(`/v1/service-accounts/${accountId}/api-keys/${keyId}`)).status).toBe(204);

describe('a run ending after the credential was revoked', () => {
  it('a session minted by a revoked key: neither /events nor /turn delivers the end; a valid session does', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(org.admin.http);
    const minted = await mintSession(app, key, org.admin.user.email, org.admin.password);
    const ids = await awaitingRun(org.admin.http);
    const events = await openLive(app, minted, ids, 'events');
    const turn = await openLive(app, minted, ids, 'turn');
    const validEvents = await openLive(app, org.admin.token, ids, 'events');
    const validTurn = await openLive(app, org.admin.token, ids, 'turn');

    await revoke(account.id, keyRecord.id);
    await answer(org.admin.http, ids);
    await waitForRun(org.admin.http, ids.threadId, ids.runId);

    const eventFrames = await expectEndedWith(events, 'credential-revoked');
    // The run's progress before its end still flowed: only the end waits for the re-check.
    expect(eventNames(eventFrames)).toContain('tokens.delta');
    await expectEndedWith(turn, 'credential-revoked');

    const valid = await framesUntilEnd(validEvents);
    expect(eventNames(valid).at(-1)).toBe('lifecycle.completed');
    expect(deliveredTerminal(await framesUntilEnd(validTurn))).toBe(true);
  });

  it('a revoked API key: its streams end on the comment while its sibling key sees the run complete', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(org.admin.http);
    const sibling = await org.admin.http.post(`/v1/service-accounts/${account.id}/api-keys`, { name: 'sibling' });
    expect(sibling.status, sibling.text).toBe(201);
    const ids = await awaitingRun(app.http.as(key));
    const events = await openLive(app, key, ids, 'events');
    const turn = await openLive(app, key, ids, 'turn');
    const kept = await openLive(app, sibling.body.key, ids, 'turn');

    await revoke(account.id, keyRecord.id);
    await answer(app.http.as(sibling.body.key), ids);

    await expectEndedWith(events, 'credential-revoked');
    await expectEndedWith(turn, 'credential-revoked');
    expect(deliveredTerminal(await framesUntilEnd(kept))).toBe(true);
  });

  it('a cancelled run: `lifecycle.cancelled` is held back from a session whose key was revoked', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(org.admin.http);
    const minted = await mintSession(app, key, org.admin.user.email, org.admin.password);
    const ids = await awaitingRun(org.admin.http);
    const conn = await openLive(app, minted, ids, 'events');
    await revoke(account.id, keyRecord.id);
    const cancel = await org.admin.http.post(`/v1/threads/${ids.threadId}/runs/${ids.runId}/cancel`);
    expect(cancel.status, cancel.text).toBe(202);
    await expectEndedWith(conn, 'credential-revoked');
    const snapshot = await waitForRun(org.admin.http, ids.threadId, ids.runId);
    expect(snapshot.run.status).toBe('cancelled');
  });
});
