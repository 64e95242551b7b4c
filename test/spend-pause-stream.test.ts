import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTurnDocument } from '../src/modules/runs/streaming/turn-document.ts';
import type { TurnDocument } from '../src/modules/runs/streaming/turn-patch.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { awaiting, postAndRun, waitForRun } from './helpers/runs.ts';
import { addSpendLimit, openWallet, priceOfflineModel, spendLimitNow } from './helpers/spend.ts';
import type { SseConnection } from './helpers/sse-client.ts';
import { openLive, type RunIds } from './helpers/stream-access.ts';
import { type EventFrame, eventsUntil, turnUntil } from './helpers/stream-follow.ts';

/**
 * Issue 15, Enforcement, as a client streaming the run sees it: a run that uses up a spend limit mid-way pauses
 * `awaiting` on an approval of kind `spend_limit`. Its `/events` stream brings `interrupts.approval` and its
 * `/turn` document pauses exactly as a fresh snapshot shows it; an org admin's approval then shows on both
 * streams, which end with the run completed and one output message. A member streaming their own run sees the
 * pause but may not answer it.
 *
 * The run first asks a question (ask_user), so its streams are open before it reaches the spend gate: the round
 * that asked used up the limit, and the gate before the next round pauses the run live on the open streams.
 */
let app: TestApp;
let operator: Client;
let org: TestOrg;

const SPEND_ACT_KEY = 'spend-limit:1';

beforeAll(async () => {
  // Slow deltas keep the reply after the approval streaming while the approval's own events arrive.
  app = await startTestApp({ ATRIUM_OFFLINE_DELTA_DELAY_MS: '20' });
  operator = app.http.as(app.consoleKey);
  await priceOfflineModel(operator);
  org = await createOrgWithAdmin(app);
  await openWallet(operator, org, { credit: 1_000_000 });
});
afterAll(() => app?.close());

const runPath = (ids: RunIds) => `/v1/threads/${ids.threadId}/runs/${ids.runId}`;
const opsAt = (patches: { ops: { p: string; v?: unknown }[] }[], path: string) =>
  patches.flatMap((patch) => patch.ops.filter((op) => op.p === path).map((op) => op.v));
const names = (frames: EventFrame[]) => frames.map((f) => f.event);

/** The run's turn document as a fresh GET of its snapshot gives it, at version `v`. */
async function freshDocument(who: OrgUser, ids: RunIds, v: number): Promise<TurnDocument> {
  const res = await who.http.get(runPath(ids));
  expect(res.status, res.text).toBe(200);
  return { ...buildTurnDocument(res.body), v };
}

interface Paused {
  ids: RunIds;
  events: SseConnection;
  turn: SseConnection;
  /** The `/turn` document at the pause. */
  doc: TurnDocument;
  /** The spend-limit act, as the run snapshot shows it. */
  pause: any;
}

/**
 * `who`'s run under a one-cent monthly limit on `who`: it asks a question, `who` opens both streams and answers,
 * and the streams are read up to the spend-limit pause, each checked against the run snapshot.
 */
async function pausedOnStreams(who: OrgUser): Promise<Paused> {
  const name = `${who.user.first_name} ${who.user.last_name}`;
  const limit = await addSpendLimit(operator, org.org.id, { scope: 'user', scope_id: who.user.id, amount_minor: 1 });
  const thread = await who.http.post('/v1/threads', { title: 'Travel plans' });
  expect(thread.status, thread.text).toBe(201);
  const { run } = await postAndRun(who.http, thread.body.id, '/tool ask_user {"prompt":"Which city?"}');
  const ids = { threadId: thread.body.id, runId: run.id };
  await waitForRun(who.http, ids.threadId, ids.runId, awaiting);
  expect((await spendLimitNow(operator, org.org.id, limit.id)).remaining_minor).toBe(0);

  const events = await openLive(app, who.token, ids, 'events');
  const turn = await openLive(app, who.token, ids, 'turn');
  const seed = (turn.frames[0] as EventFrame).json as TurnDocument;
  expect(seed).toMatchObject({ v: 0, status: 'awaiting', interrupt: { type: 'clarification', actKey: 'call-1' } });

  const answered = await who.http.post(`${runPath(ids)}/resume`, { answer: 'Lisbon' });
  expect(answered.status, answered.text).toBe(202);
  const toPause = await eventsUntil(events, 'interrupts.approval');
  const paused = await turnUntil(turn, seed, (d) => d.interrupt?.actKey === SPEND_ACT_KEY);

  const snapshot = (await who.http.get(runPath(ids))).body;
  expect(snapshot.run.status).toBe('awaiting');
  expect(snapshot.outputMessage).toBeNull();
  const pause = snapshot.acts.find((a: any) => a.key === SPEND_ACT_KEY);
  const prompt = `This run has reached the monthly spend limit of user ${name}. An organization admin may let it continue past the limit, or stop it.`;
  const description = `Waiting for an admin: the monthly spend limit of user ${name} is reached`;
  expect(pause).toMatchObject({ status: 'awaiting', description });
  expect(pause.interrupt).toEqual({
    type: 'approval',
    kind: 'spend_limit',
    prompt,
    options: [],
    multiSelect: false,
    spend_limit: {
      id: limit.id,
      scope: 'user',
      scope_id: who.user.id,
      label: name,
      amount_minor: 1,
      spent_minor: (await spendLimitNow(operator, org.org.id, limit.id)).spent_minor,
    },
  });

  // /events: the act list with the pause, then the approval interrupt naming it; the run has not ended.
  expect(names(toPause)).not.toContain('lifecycle.completed');
  const [actsFrame, interruptFrame] = toPause.slice(-2);
  expect(actsFrame?.event).toBe('acts.updated');
  expect(actsFrame?.json.payload.acts.find((a: any) => a.key === SPEND_ACT_KEY)).toMatchObject({
    id: pause.id,
    status: 'awaiting',
    description,
  });
  expect(interruptFrame?.json).toEqual({
    channel: 'interrupts',
    type: 'approval',
    actId: pause.id,
    payload: { interruptId: pause.id, actKey: SPEND_ACT_KEY, prompt, options: [], multiSelect: false },
    ts: expect.any(Number),
  });

  // /turn: awaiting on the approval, the pause an active activity, equal to a fresh snapshot at its version and to
  // the first document of a stream opened now.
  expect(paused.doc.status).toBe('awaiting');
  expect(paused.doc.interrupt).toEqual({
    type: 'approval',
    actId: pause.id,
    actKey: SPEND_ACT_KEY,
    prompt,
    options: [],
    multiSelect: false,
  });
  expect(paused.doc.activity.find((a) => a.id === SPEND_ACT_KEY)).toEqual({
    id: SPEND_ACT_KEY,
    label: description,
    state: 'active',
    detail: null,
  });
  expect(paused.doc).toEqual(await freshDocument(who, ids, paused.doc.v));
  const reopened = await openLive(app, who.token, ids, 'turn');
  expect((reopened.frames[0] as EventFrame).json).toEqual({ ...paused.doc, v: 0 });
  reopened.close();

  return { ids, events, turn, doc: paused.doc, pause };
}

/** An org admin approves the pause: both streams show it answered, then the run completing with one reply. */
async function approvedOnStreams(who: OrgUser, paused: Paused) {
  const { ids, events, turn, pause } = paused;
  const approved = await org.admin.http.post(`${runPath(ids)}/approve`, { interrupt_id: pause.id });
  expect(approved.status, approved.text).toBe(202);
  expect(approved.body).toEqual({ run: { id: ids.runId, status: 'running' } });

  const rest = await eventsUntil(events);
  const finished = await turnUntil(turn, paused.doc);
  await Promise.all([events.ended, turn.ended]);
  const final = await waitForRun(who.http, ids.threadId, ids.runId);
  expect(final.run.status).toBe('completed');
  const reply = final.outputMessage.content as string;
  expect(reply).toContain('- ask_user: {"answer":"Lisbon"}');

  // /events: the pause answered, the reply streamed in full, one terminal frame, last.
  const answeredAt = rest.findIndex(
    (f) =>
      f.event === 'acts.updated' && f.json.payload.acts.some((a: any) => a.id === pause.id && a.status === 'completed'),
  );
  expect(answeredAt).toBeGreaterThanOrEqual(0);
  expect(names(rest).filter((n) => n.startsWith('interrupts.'))).toEqual([]);
  expect(names(rest).filter((n) => /^lifecycle\.(completed|failed|cancelled)$/.test(n))).toEqual([
    'lifecycle.completed',
  ]);
  const end = rest.at(-1);
  expect(end?.event).toBe('lifecycle.completed');
  expect(answeredAt).toBeLessThan(rest.length - 1);
  expect(end?.json.payload.outputMessageId).toBe(final.outputMessageId);
  const streamed = rest.filter((f) => f.event === 'tokens.delta').map((f) => f.json.payload.text as string);
  expect(streamed.join('')).toBe(reply);

  // /turn: back to running with the interrupt cleared, then completed, equal to a fresh snapshot.
  expect(opsAt(finished.patches, '/status')).toEqual(['running', 'completed']);
  expect(opsAt(finished.patches, '/interrupt')).toEqual([null]);
  expect(finished.doc).toMatchObject({ status: 'completed', interrupt: null, message: reply });
  expect(finished.doc.activity.find((a) => a.id === SPEND_ACT_KEY)?.state).toBe('done');
  expect(finished.doc).toEqual(await freshDocument(who, ids, finished.doc.v));

  const transcript = (await who.http.get(`/v1/threads/${ids.threadId}/messages`)).body.data;
  expect(transcript.filter((m: any) => m.role === 'assistant').map((m: any) => m.id)).toEqual([final.outputMessageId]);
}

describe('a run paused on a spend limit, over its streams', () => {
  it("an org admin's own run: the pause streams live, the admin approves, both streams end completed", async () => {
    const paused = await pausedOnStreams(org.admin);
    await approvedOnStreams(org.admin, paused);
  });

  it("a member's run: the member's streams show the pause, the member may not answer it, an admin's approval ends it", async () => {
    const member = await addUser(app, org.admin.http);
    const paused = await pausedOnStreams(member);
    const path = runPath(paused.ids);
    expectError(await member.http.post(`${path}/approve`, { interrupt_id: paused.pause.id }), 403, 'forbidden');
    expectError(await member.http.post(`${path}/reject`, { interrupt_id: paused.pause.id }), 403, 'forbidden');
    // Refused, nothing changed: the run still awaits the same pause, as a fresh snapshot of the turn shows it.
    expect(await freshDocument(member, paused.ids, paused.doc.v)).toEqual(paused.doc);
    // The admin answers from the approvals list, without seeing the member's thread.
    const listed = (await org.admin.http.get('/v1/approvals')).body.data;
    expect(listed.map((a: any) => [a.id, a.kind])).toEqual([[paused.pause.id, 'spend_limit']]);
    await approvedOnStreams(member, paused);
  });
});
