import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  mintSession,
  type TestOrg,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { waitForRun } from './helpers/runs.ts';
import {
  answer,
  awaitingRun,
  deliveredTerminal,
  expectEndedWith,
  framesUntilEnd,
  openLive,
  type RunIds,
} from './helpers/stream-access.ts';

/**
 * Finding 12, the periodic half: an open stream re-checks its caller every ATRIUM_SSE_RECHECK_MS (short here) and
 * ends with a comment once the caller may no longer read it. Each run waits on a clarification, so nothing but the
 * re-check can end these streams (keepalive and lifetime are far off): a stream that ends on the comment while its
 * run still waits was ended by the re-check. Valid streams beside them must keep flowing to the run's end.
 */
let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  app = await startTestApp({ ATRIUM_SSE_RECHECK_MS: '100' });
  org = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

const keyPath = (accountId: string, keyId: string) => `/v1/service-accounts/${accountId}/api-keys/${keyId}`;

async function expectStillAwaiting(viewer: Client, ids: RunIds) {
  const snapshot = await waitForRun(viewer, ids.threadId, ids.runId, () => true);
  expect(snapshot.run.status).toBe('awaiting');
}

describe('an open stream ends once its credential is no longer valid', () => {
  it('an API key revoked: its /events and /turn streams end with `: credential-revoked`', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(org.admin.http);
    const sibling = await org.admin.http.post(`/v1/service-accounts/${account.id}/api-keys`, { name: 'sibling' });
    expect(sibling.status, sibling.text).toBe(201);
    const ids = await awaitingRun(app.http.as(key));
    const events = await openLive(app, key, ids, 'events');
    const turn = await openLive(app, key, ids, 'turn');
    // The same account's other key keeps its stream: the re-check is per credential.
    const kept = await openLive(app, sibling.body.key, ids, 'events');

    expect((await org.admin.http.delete(keyPath(account.id, keyRecord.id))).status).toBe(204);
    await expectEndedWith(events, 'credential-revoked');
    await expectEndedWith(turn, 'credential-revoked');
    await expectStillAwaiting(app.http.as(sibling.body.key), ids);

    await answer(app.http.as(sibling.body.key), ids);
    const frames = await framesUntilEnd(kept);
    expect(frames.at(-1)).toMatchObject({ kind: 'event', event: 'lifecycle.completed' });
  });

  it('the key that minted a session revoked: the session stream ends; a session of another key keeps flowing', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(org.admin.http);
    const minted = await mintSession(app, key, org.admin.user.email, org.admin.password);
    const ids = await awaitingRun(org.admin.http);
    const revoked = await openLive(app, minted, ids, 'events');
    const revokedTurn = await openLive(app, minted, ids, 'turn');
    const kept = await openLive(app, org.admin.token, ids, 'turn');

    expect((await org.admin.http.delete(keyPath(account.id, keyRecord.id))).status).toBe(204);
    await expectEndedWith(revoked, 'credential-revoked');
    await expectEndedWith(revokedTurn, 'credential-revoked');
    await expectStillAwaiting(org.admin.http, ids);

    await answer(org.admin.http, ids);
    expect(deliveredTerminal(await framesUntilEnd(kept))).toBe(true);
  });

  it('a suspended service account: the streams of its key end', async () => {
    const { account, key } = await createServiceAccountWithKey(org.admin.http);
    const ids = await awaitingRun(app.http.as(key));
    const conn = await openLive(app, key, ids, 'events');
    const suspend = await org.admin.http.patch(`/v1/service-accounts/${account.id}`, { is_suspended: true });
    expect(suspend.status, suspend.text).toBe(200);
    await expectEndedWith(conn, 'credential-revoked');
  });

  it('a suspended user: the streams of their sessions end', async () => {
    const member = await addUser(app, org.admin.http);
    const ids = await awaitingRun(member.http);
    const conn = await openLive(app, member.token, ids, 'turn');
    const suspend = await org.admin.http.post(`/v1/users/${member.user.id}/suspend`);
    expect(suspend.status, suspend.text).toBe(200);
    await expectEndedWith(conn, 'credential-revoked');
  });

  it('a suspended organization: the streams of its people and keys end', async () => {
    const other = await createOrgWithAdmin(app);
    const { key } = await createServiceAccountWithKey(other.admin.http);
    const ids = await awaitingRun(other.admin.http);
    const keyIds = await awaitingRun(app.http.as(key));
    const person = await openLive(app, other.admin.token, ids, 'events');
    const machine = await openLive(app, key, keyIds, 'turn');
    const suspend = await app.http.as(app.consoleKey).post(`/v1/admin/organizations/${other.org.id}/suspend`);
    expect(suspend.status, suspend.text).toBe(200);
    await expectEndedWith(person, 'credential-revoked');
    await expectEndedWith(machine, 'credential-revoked');
  });
});

describe('an open stream ends once its run is no longer visible', () => {
  it('a member removed from the project: `: access-revoked`, while the owner streams on', async () => {
    const member = await addUser(app, org.admin.http);
    const project = await org.admin.http.post('/v1/projects', { name: 'Shared' });
    expect(project.status, project.text).toBe(201);
    const add = await org.admin.http.post(`/v1/projects/${project.body.id}/members`, { user_id: member.user.id });
    expect(add.status, add.text).toBe(201);
    const ids = await awaitingRun(org.admin.http, { project_id: project.body.id });
    const removedStream = await openLive(app, member.token, ids, 'events');
    const ownerStream = await openLive(app, org.admin.token, ids, 'events');

    const remove = await org.admin.http.delete(`/v1/projects/${project.body.id}/members/${member.user.id}`);
    expect(remove.status, remove.text).toBe(204);
    await expectEndedWith(removedStream, 'access-revoked');

    await answer(org.admin.http, ids);
    const frames = await framesUntilEnd(ownerStream);
    expect(frames.at(-1)).toMatchObject({ kind: 'event', event: 'lifecycle.completed' });
  });
});
