import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyPatch,
  buildTurnDocument,
  type SnapshotAct,
  type TurnDocument,
} from '../src/modules/runs/streaming/index.ts';
import { newId } from '../src/platform/ids.ts';
import { eventually } from './helpers/assertions.ts';
import { openSse, type SseConnection } from './helpers/sse-client.ts';
import { auth, type FakeRun, ORG_B, type StreamApp, startStreamApp } from './helpers/stream-app.ts';

let s: StreamApp;
beforeAll(async () => {
  s = await startStreamApp();
});
afterAll(async () => {
  await s.close();
});

const act = (key: string, status: SnapshotAct['status'], description: string, extra: Partial<SnapshotAct> = {}) =>
  ({ id: `${key}-id`, key, status, description, dependsOn: [], error: null, interrupt: null, ...extra }) as SnapshotAct;

/** Reads frames until the stream ends, applying patches like a client; returns what it saw. */
async function follow(conn: SseConnection, doc: TurnDocument) {
  const names: string[] = [];
  const versions: number[] = [];
  for (let frame = await conn.nextEvent(); frame; frame = await conn.nextEvent()) {
    names.push(frame.event);
    if (frame.event === 'turn.patch') {
      versions.push(frame.json.v);
      doc = applyPatch(doc, frame.json);
    } else expect(frame.json).toEqual({});
  }
  return { names, versions, doc };
}

describe('GET /v1/threads/:threadId/runs/:runId/turn', () => {
  it('seeds v0 from the snapshot: statuses, labels, interrupt, artifacts, draft', async () => {
    const run = s.run({
      status: 'queued',
      partialText: 'Draft',
      acts: [
        act('search', 'completed', 'Search the files'),
        act('mail', 'awaiting', 'Send the mail', {
          interrupt: { type: 'approval', prompt: 'Send?', options: ['Yes', 'No'], multiSelect: false },
        }),
        act('later', 'pending', ''),
      ],
    });
    run.state.artifacts.push({
      id: newId(),
      filename: 'r.docx',
      title: 'Report',
      mime_type: 'application/docx',
      size_bytes: 12,
      status: 'ready',
      created_by_tool: 'create_document',
      storage_key: 'k',
    });
    const conn = await openSse(s.path(run, 'turn'), auth());
    const first = await conn.nextEvent();
    expect(first?.event).toBe('turn.snapshot');
    expect(first?.json).toEqual({
      v: 0,
      runId: run.id,
      threadId: run.threadId,
      status: 'running',
      activity: [
        { id: 'search', label: 'Search the files', state: 'done', detail: null },
        { id: 'mail', label: 'Send the mail', state: 'active', detail: null },
        { id: 'later', label: 'later', state: 'pending', detail: null },
      ],
      message: 'Draft',
      narration: '',
      interrupt: {
        type: 'approval',
        actId: 'mail-id',
        actKey: 'mail',
        prompt: 'Send?',
        options: ['Yes', 'No'],
        multiSelect: false,
      },
      artifacts: [
        {
          id: run.state.artifacts[0]?.id,
          filename: 'r.docx',
          title: 'Report',
          mimeType: 'application/docx',
          sizeBytes: 12,
          status: 'ready',
          createdByTool: 'create_document',
        },
      ],
    });
    conn.close();
  });

  it('patches every field with consecutive versions and ends equal to a fresh snapshot', async () => {
    const run = s.run({ status: 'queued' });
    const conn = await openSse(s.path(run, 'turn'), auth());
    const seed = await conn.nextEvent();
    expect(seed?.json).toMatchObject({ v: 0, status: 'running', activity: [], message: '', interrupt: null });

    const A = act('search', 'pending', 'Search the files');
    const B = act('report', 'pending', 'Write the report');
    const setActs = (acts: SnapshotAct[]) =>
      run.emit('acts', 'updated', { acts }, { persist: (st) => (st.acts = acts) });
    const artifact = {
      id: newId(),
      filename: 'a.csv',
      title: null,
      mime_type: 'text/csv',
      size_bytes: 3,
      status: 'ready',
      created_by_tool: 'create_file',
    };
    const question = { type: 'approval' as const, prompt: 'Send it?', options: ['yes', 'no'], multiSelect: false };

    await run.emit('lifecycle', 'started', {}, { persist: (st) => (st.run.status = 'running') }); // live
    await setActs([A, B]); // v1
    await run.emit(
      'updates',
      'activity',
      { status: 'started' },
      { actId: A.id, persist: (st) => (st.acts = [{ ...A, status: 'running' }, B]) },
    ); // v2
    await run.emit('updates', 'narration', { text: 'Let me look' }); // live
    await run.delta('Hello'); // v3
    // The snapshot lists the REST view (snake_case); the event carries the camelCase payload.
    const payload = {
      artifact: {
        id: artifact.id,
        filename: artifact.filename,
        title: artifact.title,
        mimeType: artifact.mime_type,
        sizeBytes: artifact.size_bytes,
        status: artifact.status,
        createdByTool: artifact.created_by_tool,
      },
    };
    await run.emit('artifacts', 'created', payload, { persist: (st) => st.artifacts.push(artifact) }); // v4
    await run.emit('artifacts', 'created', payload); // live
    await setActs([
      { ...A, status: 'completed' },
      { ...B, status: 'awaiting', description: 'Write and send the report', interrupt: question },
    ]); // v5
    await run.emit('interrupts', 'approval', { ...question, actKey: B.key }, { actId: B.id }); // live
    await setActs([
      { ...A, status: 'completed' },
      { ...B, status: 'running', description: 'Write and send the report' },
    ]); // v6
    await run.delta(' world'); // v7
    await run.emit('tokens', 'completed'); // live
    await setActs([
      { ...A, status: 'completed' },
      { ...B, status: 'failed', description: 'Write and send the report', error: 'SMTP refused' },
    ]); // v8
    const error = { code: 'tool_failed', message: 'The mail tool failed' };
    await run.emit('errors', 'raised', error, { persist: (st) => (st.run.error = error) }); // v9
    await run.emit(
      'lifecycle',
      'failed',
      {},
      {
        persist: (st) => {
          st.run.status = 'failed';
          st.outputMessage = { id: st.outputMessageId, content: 'Hello world' };
        },
      },
    ); // v10

    const seen = await follow(conn, seed?.json);
    expect(seen.names).toEqual([
      'turn.live',
      'turn.patch',
      'turn.patch',
      'turn.live',
      'turn.patch',
      'turn.patch',
      'turn.live',
      'turn.patch',
      'turn.live',
      'turn.patch',
      'turn.patch',
      'turn.live',
      'turn.patch',
      'turn.patch',
      'turn.patch',
    ]);
    expect(seen.versions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const ops = conn.frames.flatMap((f) => (f.kind === 'event' && f.event === 'turn.patch' ? f.json.ops : []));
    const kinds = new Set(ops.map((op: { p: string; o: string }) => `${op.o} ${op.p.replace(/\d+/, 'i')}`));
    expect([...kinds].sort()).toEqual(
      [
        'append /activity',
        'append /artifacts',
        'append /message',
        'set /activity/i/detail',
        'set /activity/i/label',
        'set /activity/i/state',
        'set /interrupt',
        'set /status',
      ].sort(),
    );
    expect(ops.filter((op: { p: string }) => op.p === '/interrupt').map((op: { v: unknown }) => op.v)).toEqual([
      { ...question, actId: B.id, actKey: B.key },
      null,
    ]);
    expect(seen.doc.v).toBe(10);
    expect(seen.doc.message).toBe('Hello world');
    expect(seen.doc.status).toBe('failed');
    expect({ ...seen.doc, v: 0 }).toEqual(buildTurnDocument(run.state));
    await eventually(() => expect(s.bus.listenerCount(run.id)).toBe(0));
  });

  it('applies events buffered during the snapshot over it without duplicating text or entries', async () => {
    const run = s.run({ partialText: 'He', acts: [act('a', 'running', 'Step A')] });
    s.reader.beforeRead = async (r) => {
      await r.delta('llo');
      await r.emit(
        'acts',
        'updated',
        { acts: [act('a', 'completed', 'Step A')] },
        { persist: (st) => (st.acts = [act('a', 'completed', 'Step A')]) },
      );
    };
    s.reader.afterRead = async (r) => {
      await r.delta(', you');
    };
    try {
      const conn = await openSse(s.path(run, 'turn'), auth());
      const seed = await conn.nextEvent();
      expect(seed?.json).toMatchObject({ message: 'Hello', activity: [{ id: 'a', state: 'done' }] });
      const names: string[] = [];
      let doc: TurnDocument = seed?.json;
      for (let i = 0; i < 3; i++) {
        const frame = await conn.nextEvent();
        names.push(frame?.event ?? 'end');
        if (frame?.event === 'turn.patch') doc = applyPatch(doc, frame.json);
      }
      expect(names).toEqual(['turn.live', 'turn.live', 'turn.patch']);
      expect(doc.message).toBe('Hello, you');
      await run.emit(
        'lifecycle',
        'completed',
        {},
        {
          persist: (st) => {
            st.run.status = 'completed';
            st.outputMessage = { content: st.partialText };
          },
        },
      );
      const end = await follow(conn, doc);
      expect(end.names).toEqual(['turn.patch']);
      expect({ ...end.doc, v: 0 }).toEqual(buildTurnDocument(run.state));
    } finally {
      s.reader.beforeRead = null;
      s.reader.afterRead = null;
    }
  });

  it('closes with a reconnect comment when token deltas were lost', async () => {
    const run = s.run({ partialText: 'abc' });
    const conn = await openSse(s.path(run, 'turn'), auth());
    await conn.nextEvent();
    await run.emit('tokens', 'delta', { text: 'z', offset: 7 });
    expect((await conn.rest()).map((f) => f.raw)).toEqual([': reconnect\n\n']);
  });

  it('a finished run sends its final document and closes', async () => {
    const run: FakeRun = s.run({ status: 'completed', partialText: 'partial' });
    run.state.outputMessage = { content: 'The final answer' };
    const conn = await openSse(s.path(run, 'turn'), auth());
    const frames = await conn.rest();
    expect(frames).toHaveLength(1);
    expect(frames[0]?.kind === 'event' && frames[0].json).toMatchObject({
      v: 0,
      status: 'completed',
      message: 'The final answer',
    });
  });

  it('answers 404 and 401 in JSON before any frame', async () => {
    const theirs = s.run({ organizationId: ORG_B });
    const notVisible = await openSse(s.path(theirs, 'turn'), auth());
    expect(notVisible.status).toBe(404);
    expect(notVisible.body.code).toBe('not_found');
    const anonymous = await openSse(s.path(theirs, 'turn'));
    expect(anonymous.status).toBe(401);
    expect(s.bus.listenerCount(theirs.id)).toBe(0);
  });
});
