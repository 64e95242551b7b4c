import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTurnDocument } from '../src/modules/runs/streaming/turn-document.ts';
import { applyPatch, type TurnDocument, type TurnOp } from '../src/modules/runs/streaming/turn-patch.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { awaiting, postAndRun, waitForRun } from './helpers/runs.ts';
import { openSse, type SseConnection, type SseFrame } from './helpers/sse-client.ts';

/**
 * How failures and ends look on the live streams of the real engine: a refused tool call, a failing workflow
 * step, a failed run and a cancelled pause. Each case opens its streams while the run is still live (a pause, or
 * a slow first step) and checks that a live client ends with the document a reconnecting client gets.
 */
let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  app = await startTestApp({ ATRIUM_OFFLINE_DELTA_DELAY_MS: '25' });
  org = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

type EventFrame = Extract<SseFrame, { kind: 'event' }>;

const open = (threadId: string, runId: string, kind: 'events' | 'turn') =>
  openSse(`${app.url}/v1/threads/${threadId}/runs/${runId}/${kind}`, {
    headers: { authorization: `Bearer ${org.admin.token}` },
  });

const eventsOf = (frames: SseFrame[]) => frames.filter((f): f is EventFrame => f.kind === 'event');

/** Applies every turn frame until the stream closes: the final document, and each patch's ops. */
async function followTurn(conn: SseConnection): Promise<{ first: TurnDocument; doc: TurnDocument; ops: TurnOp[][] }> {
  const frames = eventsOf(await conn.rest());
  expect(frames[0]?.event).toBe('turn.snapshot');
  const first = frames[0]!.json as TurnDocument;
  let doc = first;
  const ops: TurnOp[][] = [];
  for (const frame of frames.slice(1)) {
    if (frame.event === 'turn.patch') {
      doc = applyPatch(doc, frame.json);
      ops.push(frame.json.ops);
    } else expect(frame.event).toBe('turn.live');
  }
  return { first, doc, ops };
}

/** The statuses one act went through on `/events`, as `acts.updated` listed it (repeats collapsed). */
function actStatuses(frames: EventFrame[], key: string): string[] {
  const seen: string[] = [];
  for (const f of frames) {
    if (f.event !== 'acts.updated') continue;
    const status = f.json.payload.acts.find((a: { key: string }) => a.key === key)?.status;
    if (status && seen.at(-1) !== status) seen.push(status);
  }
  return seen;
}

const activities = (frames: EventFrame[], actId: string) =>
  frames
    .filter((f) => f.event === 'updates.activity' && f.json.actId === actId)
    .map((f) => ({ status: f.json.payload.status, detail: f.json.payload.detail }));

async function freshTurnDocument(threadId: string, runId: string) {
  const snapshot = await waitForRun(org.admin.http, threadId, runId);
  return { snapshot, doc: buildTurnDocument(snapshot) };
}

describe('ends and failures on the live streams', () => {
  it('a refused tool call fails its act, not the run; the model reads the error; artifacts.created is camelCase', async () => {
    const thread = (await org.admin.http.post('/v1/threads', {})).body;
    // The question pauses the run first, so both streams are open before the other two calls run.
    const content = [
      '/tool ask_user {"prompt":"Ready?"}',
      '/tool create_file {"filename":"x.svg","content":"x"}',
      '/tool create_file {"title":"Notes","filename":"notes.md","content":"# Notes"}',
    ].join('\n');
    const { run } = await postAndRun(org.admin.http, thread.id, content);
    await waitForRun(org.admin.http, thread.id, run.id, awaiting);
    const events = await open(thread.id, run.id, 'events');
    const turn = await open(thread.id, run.id, 'turn');
    const eventFrames = events.rest();
    const turnDone = followTurn(turn);
    const resumed = await org.admin.http.post(`/v1/threads/${thread.id}/runs/${run.id}/resume`, { answer: 'yes' });
    expect(resumed.status, resumed.text).toBe(202);

    const { snapshot, doc: fresh } = await freshTurnDocument(thread.id, run.id);
    expect(snapshot.run.status).toBe('completed');
    expect(snapshot.run.error).toBeNull();
    const [, refused, made] = snapshot.acts;
    expect(refused).toMatchObject({
      key: 'call-2',
      status: 'failed',
      error: expect.stringContaining('text files only'),
    });
    expect(made).toMatchObject({ key: 'call-3', status: 'completed', error: null });
    // The refusal went back to the model as the call's result (the offline model summarises what tools returned).
    expect(snapshot.outputMessage.content).toContain('create_file: {"error":"create_file writes text files only');

    const frames = eventsOf(await eventFrames);
    expect(frames.at(-1)?.event).toBe('lifecycle.completed');
    expect(actStatuses(frames, 'call-2')).toEqual(['pending', 'running', 'failed']);
    expect(activities(frames, refused.id)).toEqual([
      { status: 'started', detail: null },
      { status: 'failed', detail: refused.error },
    ]);
    const created = frames.filter((f) => f.event === 'artifacts.created');
    expect(created.map((f) => f.json.payload.artifact)).toEqual([
      {
        id: snapshot.artifacts[0].id,
        filename: 'notes.md',
        title: 'Notes',
        mimeType: 'text/markdown',
        sizeBytes: 7,
        status: 'ready',
        createdByTool: 'create_file',
      },
    ]);

    const { doc } = await turnDone;
    expect(doc).toEqual({ ...fresh, v: doc.v });
    expect(doc.activity.map((a) => [a.id, a.state])).toEqual([
      ['call-1', 'done'],
      ['call-2', 'failed'],
      ['call-3', 'done'],
    ]);
    expect(doc.artifacts).toEqual([expect.objectContaining({ mimeType: 'text/markdown', sizeBytes: 7 })]);
  });

  it('a failing workflow tool step goes from running to failed once; the live turn ends with the failure reply', async () => {
    const wf = await org.admin.http.post('/v1/workflows', {
      name: 'Failing flow',
      definition: {
        steps: [
          {
            id: 'intro',
            name: 'Intro',
            depends_on: [],
            type: 'model',
            config: { prompt: `Introduce the topic {{input.topic}} at length. ${'Take your time. '.repeat(20)}` },
          },
          {
            id: 'save',
            name: 'Save',
            depends_on: ['intro'],
            type: 'tool',
            config: { tool: 'create_file', arguments: { filename: 'x.svg', content: 'x' } },
          },
        ],
      },
    });
    expect(wf.status, wf.text).toBe(201);
    const started = await org.admin.http.post(`/v1/workflows/${wf.body.id}/run`, { input: { topic: 'otters' } });
    expect(started.status, started.text).toBe(201);
    const threadId = started.body.thread.id as string;
    const runId = started.body.run.id as string;
    const events = await open(threadId, runId, 'events');
    const turn = await open(threadId, runId, 'turn');

    const { snapshot, doc: fresh } = await freshTurnDocument(threadId, runId);
    expect(snapshot.run.status).toBe('failed');
    expect(snapshot.outputMessage.content).toMatch(/^The run failed: The step "Save" failed/);
    const save = snapshot.acts.find((a: { key: string }) => a.key === 'save');
    expect(save).toMatchObject({ status: 'failed', error: expect.stringContaining('text files only') });

    const frames = eventsOf(await events.rest());
    // The slow first step kept the run live while the streams opened: the failure is seen live.
    expect(frames[0]?.json.run.status).not.toBe('failed');
    expect(actStatuses(frames, 'save')).toEqual(['pending', 'running', 'failed']);
    expect(activities(frames, save.id)).toEqual([
      { status: 'started', detail: null },
      { status: 'failed', detail: save.error },
    ]);
    const names = frames.map((f) => f.event);
    expect(names.indexOf('errors.raised')).toBeLessThan(names.indexOf('lifecycle.failed'));
    expect(names.at(-1)).toBe('lifecycle.failed');
    expect(frames.at(-1)?.json.payload).toEqual({
      outputMessageId: snapshot.outputMessageId,
      outputMessage: snapshot.outputMessage,
      error: snapshot.run.error,
    });

    const { first, doc } = await followTurn(turn);
    expect(first.status).toBe('running');
    expect(doc.message).toBe(snapshot.outputMessage.content);
    expect(doc).toEqual({ ...fresh, v: doc.v });
  });

  it('cancelling an awaiting run takes the turn from awaiting to cancelled, never back to running', async () => {
    const thread = (await org.admin.http.post('/v1/threads', {})).body;
    const { run } = await postAndRun(org.admin.http, thread.id, '/tool ask_user {"prompt":"?"}');
    await waitForRun(org.admin.http, thread.id, run.id, awaiting);
    const turn = await open(thread.id, run.id, 'turn');
    const turnDone = followTurn(turn);
    const cancelled = await org.admin.http.post(`/v1/threads/${thread.id}/runs/${run.id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(202);

    const { first, doc, ops } = await turnDone;
    expect(first.status).toBe('awaiting');
    const statuses = ops.flat().filter((op) => op.p === '/status');
    expect(statuses).toEqual([{ p: '/status', o: 'set', v: 'cancelled' }]);
    const { doc: fresh } = await freshTurnDocument(thread.id, run.id);
    expect(doc).toEqual({ ...fresh, v: doc.v });
    expect(doc).toMatchObject({ status: 'cancelled', interrupt: null, message: fresh.message });
  });
});
