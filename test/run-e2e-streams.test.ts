import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTurnDocument } from '../src/modules/runs/streaming/turn-document.ts';
import { applyPatch, type TurnDocument } from '../src/modules/runs/streaming/turn-patch.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { addUser, createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { awaiting, postAndRun, waitForRun } from './helpers/runs.ts';
import { randomId } from './helpers/security.ts';
import { openSse, type SseConnection } from './helpers/sse-client.ts';

/**
 * The real engine behind the real streams: a slow offline model keeps runs live long enough for the streams to
 * see snapshot, live frames and the terminal frame; a browser-free client applies every turn patch and must end
 * with the document a fresh snapshot gives.
 */
let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  app = await startTestApp({ ATRIUM_OFFLINE_DELTA_DELAY_MS: '20' });
  org = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

const streamUrl = (threadId: string, runId: string, kind: 'events' | 'turn') =>
  `${app.url}/v1/threads/${threadId}/runs/${runId}/${kind}`;
const open = (threadId: string, runId: string, kind: 'events' | 'turn') =>
  openSse(streamUrl(threadId, runId, kind), { headers: { authorization: `Bearer ${org.admin.token}` } });

/** Applies every turn frame until the stream closes; returns the final document. */
async function followTurn(conn: SseConnection): Promise<{ doc: TurnDocument; names: string[] }> {
  let doc: TurnDocument | null = null;
  const names: string[] = [];
  for (let frame = await conn.nextEvent(); frame; frame = await conn.nextEvent()) {
    names.push(frame.event);
    if (frame.event === 'turn.snapshot') doc = frame.json as TurnDocument;
    else if (frame.event === 'turn.patch') doc = applyPatch(doc, frame.json);
    else expect(frame.event).toBe('turn.live');
  }
  expect(doc).not.toBeNull();
  return { doc: doc!, names };
}

async function freshTurnDocument(threadId: string, runId: string): Promise<TurnDocument> {
  const snapshot = await waitForRun(org.admin.http, threadId, runId);
  return buildTurnDocument(snapshot);
}

describe('streams over the real engine', () => {
  it('/events: snapshot first, deltas that rebuild the reply, one terminal frame, then close', async () => {
    const thread = (await org.admin.http.post('/v1/threads', {})).body;
    const { run } = await postAndRun(org.admin.http, thread.id, 'Tell me about streams');
    const events = await open(thread.id, run.id, 'events');
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toContain('text/event-stream');
    const turn = await open(thread.id, run.id, 'turn');

    const first = await events.nextEvent();
    expect(first?.event).toBe('snapshot');
    let draft = first!.json.partialText as string;
    const names: string[] = [];
    for (let frame = await events.nextEvent(); frame; frame = await events.nextEvent()) {
      names.push(frame.event);
      expect(Object.keys(frame.json).sort()).toEqual(['actId', 'channel', 'payload', 'ts', 'type']);
      expect(frame.event).toBe(`${frame.json.channel}.${frame.json.type}`);
      if (frame.event === 'tokens.delta') {
        expect(frame.json.payload.offset).toBe(draft.length);
        draft += frame.json.payload.text;
      }
    }
    expect(events.frames.filter((f) => f.kind === 'invalid')).toEqual([]);
    expect(names.filter((n) => n.startsWith('lifecycle.') && n !== 'lifecycle.started')).toEqual([
      'lifecycle.completed',
    ]);
    expect(names.at(-1)).toBe('lifecycle.completed');
    expect(names).toContain('tokens.delta');
    expect(names.filter((n) => n === 'tokens.completed')).toHaveLength(1);

    const snapshot = await waitForRun(org.admin.http, thread.id, run.id);
    expect(draft).toBe(snapshot.outputMessage.content);

    const { doc } = await followTurn(turn);
    expect(doc).toEqual({ ...(await freshTurnDocument(thread.id, run.id)), v: doc.v });
    expect(doc.status).toBe('completed');
  });

  it('a tool run streams its act, activity and artifact; the turn document matches a fresh snapshot', async () => {
    const thread = (await org.admin.http.post('/v1/threads', {})).body;
    const args = JSON.stringify({ title: 'Notes', filename: 'notes.md', content: '# Notes\n\nHello' });
    const { run } = await postAndRun(org.admin.http, thread.id, `/tool create_file ${args}`);
    const events = await open(thread.id, run.id, 'events');
    const turn = await open(thread.id, run.id, 'turn');
    const frames = (await events.rest()).filter((f) => f.kind === 'event');
    const names = frames.map((f) => (f.kind === 'event' ? f.event : ''));
    expect(names[0]).toBe('snapshot');
    const snapshotHasArtifact = (frames[0] as any).json.artifacts.length > 0;
    if (!snapshotHasArtifact) expect(names).toContain('artifacts.created');
    expect(names.at(-1)).toBe('lifecycle.completed');

    const { doc } = await followTurn(turn);
    const fresh = await freshTurnDocument(thread.id, run.id);
    expect(doc).toEqual({ ...fresh, v: doc.v });
    expect(doc.artifacts).toHaveLength(1);
    expect(doc.artifacts[0]).toMatchObject({ filename: 'notes.md', createdByTool: 'create_file', status: 'ready' });
    expect(doc.activity).toEqual([expect.objectContaining({ id: 'call-1', state: 'done' })]);
  });

  it('narration: what the agent says before its tools is its own field, patched in, equal to a fresh snapshot', async () => {
    const thread = (await org.admin.http.post('/v1/threads', {})).body;
    const args = JSON.stringify({ filename: 'plan.md', content: '# Plan' });
    const said = 'I will write the plan down first.';
    const { run } = await postAndRun(org.admin.http, thread.id, `/say ${said}\n/tool create_file ${args}`);
    const turn = await open(thread.id, run.id, 'turn');
    const first = await turn.nextEvent();
    expect(first?.event).toBe('turn.snapshot');
    let doc = first!.json as TurnDocument;
    const narrated = doc.narration === said;
    if (!narrated) expect(doc.narration).toBe('');
    const ops: string[] = [];
    for (let frame = await turn.nextEvent(); frame; frame = await turn.nextEvent()) {
      if (frame.event !== 'turn.patch') continue;
      ops.push(...frame.json.ops.map((op: { p: string }) => op.p));
      doc = applyPatch(doc, frame.json);
    }
    // Seen live unless the snapshot already had it; set once either way.
    expect(ops.filter((p) => p === '/narration')).toHaveLength(narrated ? 0 : 1);
    expect(doc.narration).toBe(said);
    const fresh = await freshTurnDocument(thread.id, run.id);
    expect(doc).toEqual({ ...fresh, v: doc.v });
    expect(fresh.narration).toBe(said);
    const snapshot = await waitForRun(org.admin.http, thread.id, run.id);
    expect(snapshot.narration).toEqual({ round: 1, text: said });
  });

  it('a clarification pauses the turn (awaiting + interrupt), resume clears it and the run completes', async () => {
    const thread = (await org.admin.http.post('/v1/threads', {})).body;
    const { run } = await postAndRun(org.admin.http, thread.id, '/tool ask_user {"prompt":"Which city?"}');
    await waitForRun(org.admin.http, thread.id, run.id, awaiting);
    const turn = await open(thread.id, run.id, 'turn');
    const events = await open(thread.id, run.id, 'events');
    const snap = await turn.nextEvent();
    expect(snap?.event).toBe('turn.snapshot');
    expect(snap!.json).toMatchObject({
      v: 0,
      status: 'awaiting',
      interrupt: { type: 'clarification', actKey: 'call-1', prompt: 'Which city?', options: [], multiSelect: false },
    });
    let doc = snap!.json as TurnDocument;
    expect((await events.nextEvent())?.json.run.status).toBe('awaiting');

    const resumed = await org.admin.http.post(`/v1/threads/${thread.id}/runs/${run.id}/resume`, { answer: 'Lisbon' });
    expect(resumed.status).toBe(202);
    const rest = await followTurnFrom(turn, doc);
    doc = rest;
    expect(doc.status).toBe('completed');
    expect(doc.interrupt).toBeNull();
    expect(doc).toEqual({ ...(await freshTurnDocument(thread.id, run.id)), v: doc.v });
    expect(doc.message).toContain('Lisbon');
    const eventNames = (await events.rest()).flatMap((f) => (f.kind === 'event' ? [f.event] : []));
    expect(eventNames).toContain('acts.updated');
    expect(eventNames.at(-1)).toBe('lifecycle.completed');
  });

  it('cancel mid-stream: lifecycle.cancelled ends both streams and the documents agree', async () => {
    const thread = (await org.admin.http.post('/v1/threads', {})).body;
    const { run } = await postAndRun(org.admin.http, thread.id, 'A long answer please');
    const events = await open(thread.id, run.id, 'events');
    const turn = await open(thread.id, run.id, 'turn');
    expect((await events.nextEvent())?.event).toBe('snapshot');
    const cancel = await org.admin.http.post(`/v1/threads/${thread.id}/runs/${run.id}/cancel`);
    expect([202, 409]).toContain(cancel.status);
    const names = (await events.rest()).flatMap((f) => (f.kind === 'event' ? [f.event] : []));
    const terminal = names.filter((n) => /^lifecycle\.(completed|failed|cancelled)$/.test(n));
    expect(terminal).toHaveLength(1);
    const { doc } = await followTurn(turn);
    expect(doc).toEqual({ ...(await freshTurnDocument(thread.id, run.id)), v: doc.v });
    const transcript = (await org.admin.http.get(`/v1/threads/${thread.id}/messages`)).body.data;
    expect(transcript.filter((m: any) => m.role === 'assistant')).toHaveLength(1);
  });

  it('answers auth and visibility errors as plain JSON before any frame, also across organizations', async () => {
    const thread = (await org.admin.http.post('/v1/threads', {})).body;
    const { run } = await postAndRun(org.admin.http, thread.id, 'private');
    const other = await createOrgWithAdmin(app);
    const member = await addUser(app, org.admin.http);
    for (const kind of ['events', 'turn'] as const) {
      const url = streamUrl(thread.id, run.id, kind);
      const missing = streamUrl(thread.id, randomId(), kind);
      const cases: [Record<string, string>, number, string, string?][] = [
        [{}, 401, 'unauthorized'],
        [{ authorization: 'Bearer atr_nope' }, 401, 'invalid_credentials'],
        [{ authorization: `Bearer ${other.admin.token}` }, 404, 'not_found'],
        [{ authorization: `Bearer ${member.token}` }, 404, 'not_found'],
        [{ authorization: `Bearer ${org.admin.token}` }, 404, 'not_found', missing],
      ];
      for (const [headers, status, code, target] of cases) {
        const conn = await openSse(target ?? url, { headers });
        await conn.ended;
        expect(conn.status).toBe(status);
        expect(conn.headers['content-type']).toContain('application/json');
        expect(conn.body).toMatchObject({ code });
        expect(conn.frames).toEqual([]);
      }
    }
  });

  it('a finished run: snapshot, then the stream closes', async () => {
    const thread = (await org.admin.http.post('/v1/threads', {})).body;
    const { run } = await postAndRun(org.admin.http, thread.id, 'done soon');
    await waitForRun(org.admin.http, thread.id, run.id);
    const events = await open(thread.id, run.id, 'events');
    const frames = (await events.rest()).filter((f) => f.kind === 'event');
    expect(frames.map((f) => (f.kind === 'event' ? f.event : ''))).toEqual(['snapshot']);
  });
});

async function followTurnFrom(conn: SseConnection, start: TurnDocument): Promise<TurnDocument> {
  let doc = start;
  for (let frame = await conn.nextEvent(); frame; frame = await conn.nextEvent()) {
    if (frame.event === 'turn.patch') doc = applyPatch(doc, frame.json);
  }
  return doc;
}
