import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTurnDocument } from '../src/modules/runs/streaming/turn-document.ts';
import { applyPatch, type TurnDocument, type TurnPatch } from '../src/modules/runs/streaming/turn-patch.ts';
import { client } from './helpers/http.ts';
import {
  type AtriumProcess,
  type Installation,
  installation,
  killAll,
  outputs,
  ownPostgres,
  REDIS_URL,
  type SignedIn,
  signInOrgAdmin,
  startApi,
  startWorkerProcess,
} from './helpers/processes.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';
import { openSse, type SseConnection, type SseFrame } from './helpers/sse-client.ts';

/**
 * The server deployment: two `atrium serve` processes with ATRIUM_ROLE=api and one `atrium worker`, on one
 * PostgreSQL database, live events through Redis. A run started through either API process streams, on both,
 * the snapshot first, then the worker's live frames, then its terminal frame, and the stream closes; what each
 * client builds from its stream is what the durable state says.
 */
const DELTA_DELAY_MS = 100;
const message = (n: number) =>
  `Run ${n}, streamed through two API processes: ${'every piece must arrive once and in order, '.repeat(6)}done.`;

let database: { url: string; drop(): Promise<void> } | undefined;
let inst: Installation;
let apis: AtriumProcess[] = [];
let worker: AtriumProcess | undefined;
let admin: SignedIn;
const logs = () => outputs(...apis, worker);

beforeAll(async () => {
  database = await ownPostgres('multiproc');
  inst = installation(database.url, {
    ATRIUM_OFFLINE_DELTA_DELAY_MS: String(DELTA_DELAY_MS),
    // Comments keep the client's idle timer quiet on a loaded machine; they are not events.
    ATRIUM_SSE_KEEPALIVE_MS: '1000',
  });
  // All at once, as a deployment starts: migrations and the first-start bootstrap are advisory-locked.
  [apis, worker] = await Promise.all([
    Promise.all([startApi(inst, 'api 1'), startApi(inst, 'api 2')]),
    startWorkerProcess(inst, 'worker'),
  ]);
  admin = await signInOrgAdmin(apis[0]!.url, inst);
}, 90_000);

afterAll(async () => {
  await killAll();
  await database?.drop();
}, 30_000);

type EventFrame = Extract<SseFrame, { kind: 'event' }>;
type Kind = 'events' | 'turn';

interface Watched {
  api: number;
  kind: Kind;
  conn: SseConnection;
}

const open = (api: AtriumProcess, threadId: string, runId: string, kind: Kind) =>
  openSse(`${api.url}/v1/threads/${threadId}/runs/${runId}/${kind}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });

/** Every frame until the server closes the stream; the wire format checked frame by frame. */
async function framesOf(watched: Watched): Promise<EventFrame[]> {
  const frames = await watched.conn.rest();
  const label = `/${watched.kind} on api ${watched.api + 1}`;
  expect(
    frames.filter((f) => f.kind === 'invalid'),
    label,
  ).toEqual([]);
  await watched.conn.ended;
  return frames.filter((f): f is EventFrame => f.kind === 'event');
}

/** `/events`: snapshot first, live deltas placed by offset, one terminal frame last; returns the draft built. */
function checkEvents(frames: EventFrame[], runId: string, final: any, label: string): string {
  const names = frames.map((f) => f.event);
  expect(names[0], label).toBe('snapshot');
  const snapshot = frames[0]!.json;
  expect(snapshot.run.id).toBe(runId);
  expect(snapshot.outputMessageId).toBe(final.outputMessageId);
  let draft: string = snapshot.partialText;
  for (const frame of frames.slice(1)) {
    expect(Object.keys(frame.json).sort(), label).toEqual(['actId', 'channel', 'payload', 'ts', 'type']);
    expect(frame.event).toBe(`${frame.json.channel}.${frame.json.type}`);
    if (frame.event === 'tokens.delta') {
      expect(frame.json.payload.offset, label).toBe(draft.length);
      draft += frame.json.payload.text;
    }
  }
  // Live: the snapshot did not hold the reply yet, the rest came as deltas of the worker in the other process.
  expect(names.filter((n) => n === 'tokens.delta').length, label).toBeGreaterThan(0);
  expect(snapshot.partialText.length, label).toBeLessThan(final.outputMessage.content.length);
  expect(
    names.filter((n) => n === 'tokens.completed'),
    label,
  ).toHaveLength(1);
  expect(
    names.filter((n) => /^lifecycle\.(completed|failed|cancelled)$/.test(n)),
    label,
  ).toEqual(['lifecycle.completed']);
  expect(names.at(-1), label).toBe('lifecycle.completed');
  expect(frames.at(-1)!.json.payload).toMatchObject({
    outputMessageId: final.outputMessageId,
    outputMessage: { id: final.outputMessageId, content: final.outputMessage.content },
  });
  return draft;
}

/** `/turn`: turn.snapshot first, every patch applied in order with applyPatch, the terminal patch last. */
function checkTurn(frames: EventFrame[], label: string): TurnDocument {
  expect(frames[0]?.event, label).toBe('turn.snapshot');
  let doc = frames[0]!.json as TurnDocument;
  expect(doc.v).toBe(0);
  let appended = 0;
  for (const frame of frames.slice(1)) {
    if (frame.event === 'turn.live') continue;
    expect(frame.event, label).toBe('turn.patch');
    const patch = frame.json as TurnPatch;
    // A gap would throw TurnGapError: nothing may be lost or reordered between the processes.
    doc = applyPatch(doc, patch);
    appended += patch.ops.filter((op) => op.p === '/message').length;
  }
  expect(appended, label).toBeGreaterThan(0);
  const last = frames.at(-1)!;
  expect(last.event, label).toBe('turn.patch');
  expect((last.json as TurnPatch).ops, label).toContainEqual({ p: '/status', o: 'set', v: 'completed' });
  return doc;
}

describe('two API processes and one worker on PostgreSQL and Redis', () => {
  it('serve one run’s streams from either process: snapshot, live frames, terminal frame, close', async () => {
    // One run posted through each API process; both streams of each run opened on both processes.
    const started = await Promise.all(
      apis.map(async (via, i) => {
        const http = client(via.url, admin.token);
        const thread = (await http.post('/v1/threads', { title: `Through api ${i + 1}` })).body;
        const { run } = await postAndRun(http, thread.id, message(i + 1));
        const watched: Watched[] = await Promise.all(
          (['events', 'turn'] as const).flatMap((kind) =>
            apis.map(async (api, n) => ({ api: n, kind, conn: await open(api, thread.id, run.id, kind) })),
          ),
        );
        return { thread, run, watched, poster: i };
      }),
    );
    for (const { watched } of started)
      for (const w of watched) {
        expect(w.conn.status, logs()).toBe(200);
        expect(w.conn.headers['content-type']).toContain('text/event-stream');
      }

    for (const { thread, run, watched, poster } of started) {
      const frames = await Promise.all(watched.map(framesOf));
      // Read back through the process the run was not posted through.
      const other = client(apis[1 - poster]!.url, admin.token);
      const final = await waitForRun(other, thread.id, run.id);
      expect(final.run.status, logs()).toBe('completed');
      const content: string = final.outputMessage.content;
      expect(content).toContain(message(poster + 1));
      const fresh = buildTurnDocument((await other.get(`/v1/threads/${thread.id}/runs/${run.id}`)).body);

      watched.forEach((w, i) => {
        const label = `run posted through api ${poster + 1}: /${w.kind} on api ${w.api + 1}`;
        if (w.kind === 'events') expect(checkEvents(frames[i]!, run.id, final, label), label).toBe(content);
        else {
          const doc = checkTurn(frames[i]!, label);
          expect({ ...doc, v: 0 }, label).toEqual(fresh);
          expect(doc.message, label).toBe(content);
        }
      });
      const transcript = (await other.get(`/v1/threads/${thread.id}/messages`)).body.data;
      expect(transcript.map((m: any) => [m.role, m.id])).toEqual([
        ['user', expect.any(String)],
        ['assistant', final.outputMessageId],
      ]);
    }

    // Every stream closed, so no process still listens on the runs' Redis channels.
    const redis = new Redis(REDIS_URL);
    try {
      for (const { run } of started) {
        await vi.waitFor(
          async () => {
            const [, count] = (await redis.pubsub('NUMSUB', `atrium:run:${run.id}`)) as [string, number];
            expect(count).toBe(0);
          },
          { timeout: 10_000, interval: 100 },
        );
      }
    } finally {
      redis.disconnect();
    }
  }, 60_000);
});
