import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  applyOps,
  applyPatch,
  initialTurnState,
  type RunSnapshot,
  type SnapshotAct,
  type TurnDocument,
  TurnGapError,
  type TurnState,
} from '../src/modules/runs/streaming/index.ts';
import { type RunEvent, runEvent } from '../src/platform/events/index.ts';

const act = (key: string, status: SnapshotAct['status'], extra: Partial<SnapshotAct> = {}): SnapshotAct => ({
  id: `${key}-id`,
  key,
  status,
  description: `Do ${key}`,
  dependsOn: [],
  error: null,
  interrupt: null,
  ...extra,
});

function snapshot(over: Partial<RunSnapshot> = {}, status: RunSnapshot['run']['status'] = 'running'): RunSnapshot {
  return {
    run: {
      id: 'run-1',
      thread_id: 'thread-1',
      status,
      agent_id: null,
      workflow_id: null,
      error: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
      completed_at: null,
    },
    acts: [],
    partialText: '',
    narration: null,
    artifacts: [],
    outputMessageId: 'msg-1',
    outputMessage: null,
    ...over,
  };
}

const ev = (name: string, payload: Record<string, unknown> = {}, actId: string | null = null): RunEvent => {
  const [channel = '', type = ''] = name.split('.');
  return runEvent(channel, type, payload, actId);
};

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Applies events in turn, returning every event's ops and the final state. */
function run(state: TurnState, events: RunEvent[]) {
  const all = [];
  for (const event of events) {
    const reduced = applyEvent(deepFreeze(state), event);
    all.push(reduced.ops);
    state = reduced.state;
  }
  return { state, ops: all };
}

describe('applyEvent', () => {
  it('acts.updated appends new acts, sets only changed fields, and is idempotent', () => {
    const start = initialTurnState(snapshot({ acts: [act('a', 'running')] }));
    const list = [act('a', 'completed'), act('b', 'pending')];
    const { ops, state } = run(start, [ev('acts.updated', { acts: list }), ev('acts.updated', { acts: list })]);
    expect(ops[0]).toEqual([
      { p: '/activity/0/state', o: 'set', v: 'done' },
      { p: '/activity', o: 'append', v: { id: 'b', label: 'Do b', state: 'pending', detail: null } },
    ]);
    expect(ops[1]).toEqual([]);
    expect(state.actKeys).toEqual({ 'a-id': 'a', 'b-id': 'b' });
  });

  it('acts.updated keeps a shown question while its act awaits and clears it when none awaits', () => {
    const q = { type: 'clarification' as const, prompt: 'Which?', options: ['x', 'y'], multiSelect: true };
    const start = initialTurnState(snapshot({ acts: [act('a', 'running')] }));
    const { ops, state } = run(start, [
      ev('interrupts.clarification', { prompt: 'Which?', options: ['x', 'y'], multiSelect: true, actKey: 'a' }, 'a-id'),
      ev('acts.updated', { acts: [act('a', 'awaiting')] }),
      ev('acts.updated', { acts: [act('a', 'running')] }),
    ]);
    expect(ops[0]).toEqual([
      { p: '/interrupt', o: 'set', v: { ...q, actId: 'a-id', actKey: 'a' } },
      { p: '/status', o: 'set', v: 'awaiting' },
    ]);
    expect(ops[1]).toEqual([]);
    expect(ops[2]).toEqual([
      { p: '/interrupt', o: 'set', v: null },
      { p: '/status', o: 'set', v: 'running' },
    ]);
    expect(state.doc.interrupt).toBeNull();
  });

  it('acts.updated closing the awaited act (cancel, failure) keeps awaiting for the terminal event; an answer resumes', () => {
    const q = { type: 'clarification' as const, prompt: '?', options: [], multiSelect: false };
    const start = initialTurnState(
      snapshot({ acts: [act('done', 'failed'), act('ask', 'awaiting', { interrupt: q })] }, 'awaiting'),
    );
    const closed = (status: SnapshotAct['status']) =>
      ev('acts.updated', { acts: [act('done', 'failed'), act('ask', status)] });
    for (const [status, terminal] of [
      ['cancelled', 'lifecycle.cancelled'],
      ['failed', 'lifecycle.failed'],
    ] as const) {
      const { ops, state } = run(start, [closed(status), ev(terminal)]);
      expect(ops[0]).toEqual([
        { p: '/activity/1/state', o: 'set', v: status },
        { p: '/interrupt', o: 'set', v: null },
      ]);
      expect(ops[1]).toContainEqual({ p: '/status', o: 'set', v: status });
      expect(ops.flat()).not.toContainEqual({ p: '/status', o: 'set', v: 'running' });
      expect(state.doc.status).toBe(status);
    }
    // Answered: rejected (completed) or approved/resumed (pending), with an earlier failed act in the list.
    for (const status of ['completed', 'pending'] as const)
      expect(applyEvent(start, closed(status)).ops).toContainEqual({ p: '/status', o: 'set', v: 'running' });
  });

  it('updates.activity sets state, takes a detail only on failure, and appends an unknown activity', () => {
    const start = initialTurnState(snapshot({ acts: [act('a', 'pending')] }));
    const { ops } = run(start, [
      ev('updates.activity', { status: 'started', detail: 'raw text' }, 'a-id'),
      ev('updates.activity', { status: 'failed', detail: 'ENOENT' }, 'a-id'),
      ev('updates.activity', { status: 'started', actKey: 'fetch', label: 'Fetching the page' }),
      ev('updates.activity', { status: 'completed' }),
    ]);
    expect(ops).toEqual([
      [{ p: '/activity/0/state', o: 'set', v: 'active' }],
      [
        { p: '/activity/0/state', o: 'set', v: 'failed' },
        { p: '/activity/0/detail', o: 'set', v: 'ENOENT' },
      ],
      [{ p: '/activity', o: 'append', v: { id: 'fetch', label: 'Fetching the page', state: 'active', detail: null } }],
      [],
    ]);
  });

  it('tokens.delta appends, drops what the message holds, keeps an overlap tail, and flags a gap', () => {
    const start = initialTurnState(snapshot({ partialText: 'Hello' }));
    const { ops, state } = run(start, [
      ev('tokens.delta', { text: 'llo', offset: 2 }),
      ev('tokens.delta', { text: 'lo, w', offset: 3 }),
      ev('tokens.delta', { text: 'orld', offset: 8 }),
      ev('tokens.delta', { text: '!' }),
    ]);
    expect(ops).toEqual([
      [],
      [{ p: '/message', o: 'append', v: ', w' }],
      [{ p: '/message', o: 'append', v: 'orld' }],
      [{ p: '/message', o: 'append', v: '!' }],
    ]);
    expect(state.doc.message).toBe('Hello, world!');
    expect(applyEvent(state, ev('tokens.delta', { text: 'x', offset: 99 }))).toMatchObject({ gap: true, ops: [] });
  });

  it('artifacts.created appends once per id', () => {
    // Event payloads are camelCase (the Events section), unlike the snapshot's REST artifact view.
    const artifact = {
      id: 'art-1',
      filename: 'f.txt',
      title: 'F',
      mimeType: 'text/plain',
      sizeBytes: 1,
      status: 'ready',
      createdByTool: 'create_file',
    };
    const { ops } = run(initialTurnState(snapshot()), [
      ev('artifacts.created', { artifact }),
      ev('artifacts.created', { artifact }),
    ]);
    expect(ops[0]).toEqual([
      {
        p: '/artifacts',
        o: 'append',
        v: {
          id: 'art-1',
          filename: 'f.txt',
          title: 'F',
          mimeType: 'text/plain',
          sizeBytes: 1,
          status: 'ready',
          createdByTool: 'create_file',
        },
      },
    ]);
    expect(ops[1]).toEqual([]);
  });

  it('errors.raised is the run:error activity, matching a snapshot with run.error', () => {
    const { ops, state } = run(initialTurnState(snapshot()), [
      ev('errors.raised', { code: 'model_error', message: 'Upstream 502' }),
      ev('errors.raised', { code: 'model_error', message: 'Upstream 502' }),
      ev('errors.raised', { error: { code: 'x', message: 'Other' } }),
    ]);
    expect(ops).toEqual([
      [
        {
          p: '/activity',
          o: 'append',
          v: { id: 'run:error', label: 'The run failed', state: 'failed', detail: 'Upstream 502' },
        },
      ],
      [],
      [{ p: '/activity/0/detail', o: 'set', v: 'Other' }],
    ]);
    const failed = snapshot({}, 'failed');
    failed.run.error = { code: 'x', message: 'Other' };
    expect(initialTurnState(failed).doc.activity).toEqual(state.doc.activity);
  });

  it('a terminal event sets the status, clears the question, and freezes the document', () => {
    const q = { type: 'approval' as const, prompt: 'Go?', options: [], multiSelect: false };
    const start = initialTurnState(
      snapshot({ partialText: 'Hi', acts: [act('a', 'awaiting', { interrupt: q })] }, 'awaiting'),
    );
    expect(start.doc.interrupt).toMatchObject({ actKey: 'a' });
    const { ops, state } = run(start, [
      ev('lifecycle.cancelled'),
      ev('tokens.delta', { text: ' there', offset: 2 }),
      ev('lifecycle.started'),
      ev('interrupts.approval', { prompt: 'Again?', actKey: 'a' }, 'a-id'),
      ev('lifecycle.completed'),
    ]);
    expect(ops).toEqual([
      [
        { p: '/status', o: 'set', v: 'cancelled' },
        { p: '/interrupt', o: 'set', v: null },
      ],
      [],
      [],
      [],
      [],
    ]);
    expect(state.doc).toMatchObject({ status: 'cancelled', message: 'Hi', interrupt: null });
  });

  it('a terminal event carrying the output message completes the text before the status', () => {
    const start = initialTurnState(snapshot({ partialText: 'Hel' }));
    expect(applyEvent(start, ev('lifecycle.completed', { outputMessage: { content: 'Hello' } })).ops).toEqual([
      { p: '/message', o: 'append', v: 'lo' },
      { p: '/status', o: 'set', v: 'completed' },
    ]);
    expect(applyEvent(start, ev('lifecycle.failed', { error: { message: 'Boom' } })).ops).toEqual([
      { p: '/activity', o: 'append', v: { id: 'run:error', label: 'The run failed', state: 'failed', detail: 'Boom' } },
      { p: '/status', o: 'set', v: 'failed' },
    ]);
  });

  it('lifecycle.failed carrying the output message appends the failure reply, as a fresh snapshot shows it', () => {
    const start = initialTurnState(snapshot({ partialText: 'Partly' }));
    const content = 'Partly\n\nThe run failed: Boom';
    const failed = ev('lifecycle.failed', { outputMessage: { content }, error: { code: 'x', message: 'Boom' } });
    const { state } = run(start, [ev('errors.raised', { code: 'x', message: 'Boom' }), failed]);
    const fresh = snapshot({ partialText: 'Partly', outputMessage: { content } }, 'failed');
    fresh.run.error = { code: 'x', message: 'Boom' };
    expect(state.doc).toEqual(initialTurnState(fresh).doc);
    expect(state.doc.message).toBe(content);
  });

  it('a narration of a later round sets the document’s, as a fresh snapshot shows it; older or repeated ones do not', () => {
    const start = initialTurnState(snapshot());
    expect(start.doc.narration).toBe('');
    const first = applyEvent(start, ev('updates.narration', { text: 'Let me look.', round: 1 }));
    expect(first.ops).toEqual([{ p: '/narration', o: 'set', v: 'Let me look.' }]);
    expect(first.state.doc).toEqual(initialTurnState(snapshot({ narration: { round: 1, text: 'Let me look.' } })).doc);
    expect(applyEvent(first.state, ev('updates.narration', { text: 'Let me look.', round: 1 })).ops).toEqual([]);
    const { state } = run(start, [
      ev('updates.narration', { text: 'Now the files.', round: 3 }),
      ev('updates.narration', { text: 'Let me look.', round: 1 }),
    ]);
    expect(state.doc.narration).toBe('Now the files.');
    // Buffered events replayed over a newer snapshot leave its narration alone.
    const newer = initialTurnState(snapshot({ narration: { round: 3, text: 'Now the files.' } }));
    expect(applyEvent(newer, ev('updates.narration', { text: 'Let me look.', round: 1 })).ops).toEqual([]);
    expect(applyEvent(start, ev('updates.narration', { text: 'No round' })).ops).toEqual([]);
  });

  it('tokens.completed, lifecycle.started on a running run and unknown events change nothing', () => {
    const start = initialTurnState(snapshot({}, 'queued'));
    expect(start.doc.status).toBe('running');
    for (const name of ['tokens.completed', 'lifecycle.started', 'deck.slide', 'interrupts.other'])
      expect(applyEvent(start, ev(name, { text: 'x' })).ops).toEqual([]);
    const awaiting = initialTurnState(snapshot({}, 'awaiting'));
    expect(applyEvent(awaiting, ev('lifecycle.started')).ops).toEqual([{ p: '/status', o: 'set', v: 'running' }]);
  });
});

describe('applyPatch (client side)', () => {
  const doc = (): TurnDocument => initialTurnState(snapshot()).doc;

  it('applies the next version and refuses gaps, repeats and patches before a snapshot', () => {
    const one = applyPatch(doc(), { v: 1, ops: [{ p: '/message', o: 'append', v: 'a' }] });
    expect(one).toMatchObject({ v: 1, message: 'a' });
    expect(() => applyPatch(one, { v: 3, ops: [] })).toThrow(TurnGapError);
    expect(() => applyPatch(one, { v: 1, ops: [] })).toThrow(TurnGapError);
    expect(() => applyPatch(null, { v: 1, ops: [] })).toThrow(TurnGapError);
  });

  it('keeps artifacts unique by id and refuses unknown ops and missing entries', () => {
    const artifact = {
      id: 'x',
      filename: 'f',
      title: null,
      mimeType: 't',
      sizeBytes: 0,
      status: 'ready',
      createdByTool: null,
    };
    const twice = applyOps(doc(), [
      { p: '/artifacts', o: 'append', v: artifact },
      { p: '/artifacts', o: 'append', v: artifact },
    ]);
    expect(twice.artifacts).toHaveLength(1);
    expect(() => applyOps(doc(), [{ p: '/activity/0/state', o: 'set', v: 'done' }])).toThrow(/Unknown turn op/);
    expect(() => applyOps(doc(), [{ p: '/nope', o: 'set', v: 'x' } as never])).toThrow(/Unknown turn op/);
  });

  it('never mutates the document it is given', () => {
    const original = deepFreeze(doc());
    const next = applyOps(original, [
      { p: '/activity', o: 'append', v: { id: 'a', label: 'A', state: 'pending', detail: null } },
      { p: '/activity/0/state', o: 'set', v: 'done' },
      { p: '/status', o: 'set', v: 'completed' },
    ]);
    expect(next.activity).toEqual([{ id: 'a', label: 'A', state: 'done', detail: null }]);
    expect(original.activity).toEqual([]);
  });
});
