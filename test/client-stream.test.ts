import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AtriumClient, createAtriumClient, type TurnDocument, unwrap } from '../client/src/index.ts';
import { OFFLINE_INTRO } from '../src/platform/models/offline/reply.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';

/**
 * streamTurn and awaitDelivery over the real engine: a slow offline model keeps each run live for about a second,
 * and a proxy between client and server breaks the first `/turn` connection the way networks and servers do.
 */
let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  app = await startTestApp({ ATRIUM_OFFLINE_DELTA_DELAY_MS: '40' });
  org = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

/** Long enough for about twenty token deltas; short enough to be echoed whole. */
const PROMPT = `Tell me about streams. ${'Streams carry text a little at a time. '.repeat(7)}`.trim();
const REPLY = `${OFFLINE_INTRO}\nYou said: "${PROMPT}"`;

/** What the proxy does with one frame of the first `/turn` connection (`patches`: turn.patch frames so far). */
type FrameVerdict = 'forward' | 'drop' | 'cut';

interface Proxy {
  url: string;
  /** `/turn` requests received so far. */
  turnRequests: number;
}

const closeServers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closeServers.splice(0).map((close) => close()));
});

/**
 * Forwards everything to the app. `firstTurn` judges each frame of the first `/turn` response: forwarded,
 * dropped, or the socket cut there. `unavailable` answers every `/turn` with 503 instead.
 */
async function startProxy(
  options: { firstTurn?: (frame: string, patches: number) => FrameVerdict; unavailable?: boolean } = {},
): Promise<Proxy> {
  const proxy: Proxy = { url: '', turnRequests: 0 };
  const server = createServer((req, res) => {
    const isTurn = /\/turn(\?|$)/.test(req.url ?? '');
    if (isTurn) proxy.turnRequests++;
    if (isTurn && options.unavailable) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'No live events', code: 'events_unavailable', request_id: 'proxy' }));
      return;
    }
    const judge = isTurn && proxy.turnRequests === 1 ? options.firstTurn : undefined;
    const upstream = request(`${app.url}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      if (!judge) return void up.pipe(res);
      let pending = '';
      let patches = 0;
      up.setEncoding('utf8');
      up.on('data', (chunk: string) => {
        pending += chunk;
        for (let end = pending.indexOf('\n\n'); end !== -1; end = pending.indexOf('\n\n')) {
          const frame = pending.slice(0, end + 2);
          pending = pending.slice(end + 2);
          if (frame.startsWith('event: turn.patch\n')) patches++;
          const verdict = judge(frame, patches);
          if (verdict === 'cut') {
            res.socket?.destroy();
            up.destroy();
            return;
          }
          if (verdict === 'forward') res.write(frame);
        }
      });
      up.on('end', () => res.end());
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closeServers.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

const clientOf = (baseUrl: string, token = org.admin.token) => createAtriumClient({ baseUrl, token });

async function startRun(client: AtriumClient, content = PROMPT) {
  const thread = unwrap(await client.api.POST('/v1/threads', { body: {} }));
  const posted = unwrap(
    await client.api.POST('/v1/threads/{id}/messages', { params: { path: { id: thread.id } }, body: { content } }),
  );
  return { threadId: thread.id, runId: posted.run!.id };
}

async function collect(documents: AsyncIterable<TurnDocument>): Promise<TurnDocument[]> {
  const all: TurnDocument[] = [];
  for await (const doc of documents) all.push(doc);
  return all;
}

/** The document as the client shows it, without `v` (a stream sequence that restarts on every connection). */
const content = ({ v: _, ...doc }: TurnDocument) => doc;

/** Each document moves forward: the reply only grows, no document twice, and only the last one is terminal. */
function expectSteadyProgress(docs: TurnDocument[]) {
  for (let i = 1; i < docs.length; i++) {
    const [before, after] = [docs[i - 1]!, docs[i]!];
    expect(after.message.startsWith(before.message), `document ${i} continues the reply`).toBe(true);
    expect(content(after), `document ${i} differs from the one before`).not.toEqual(content(before));
  }
  expect(docs.slice(0, -1).map((d) => d.status)).not.toContain('completed');
  expect(docs.at(-1)).toMatchObject({ status: 'completed', message: REPLY, interrupt: null });
}

async function snapshotOf(client: AtriumClient, threadId: string, runId: string) {
  return unwrap(await client.api.GET('/v1/threads/{id}/runs/{runId}', { params: { path: { id: threadId, runId } } }));
}

describe('streamTurn', () => {
  it('yields the snapshot, then each patched document in order, ending with the completed reply', async () => {
    const client = clientOf(app.url);
    const { threadId, runId } = await startRun(client);
    const docs = await collect(client.streamTurn(threadId, runId));

    expect(docs[0]).toMatchObject({ v: 0, runId, threadId, status: 'running' });
    expect(docs.length).toBeGreaterThan(5);
    expect(docs.map((d) => d.v)).toEqual(docs.map((_, i) => docs[0]!.v + i));
    expectSteadyProgress(docs);
    expect((await snapshotOf(client, threadId, runId)).outputMessage?.content).toBe(REPLY);
  });

  it('reconnects after the connection is cut mid-run, without losing or repeating text', async () => {
    const proxy = await startProxy({ firstTurn: (_frame, patches) => (patches > 3 ? 'cut' : 'forward') });
    const client = clientOf(proxy.url);
    const { threadId, runId } = await startRun(client);
    const docs = await collect(client.streamTurn(threadId, runId));

    expect(proxy.turnRequests).toBe(2);
    expect(docs.slice(0, 4).map((d) => d.v)).toEqual([0, 1, 2, 3]);
    expectSteadyProgress(docs);
  });

  it('recovers from a gap in v (a lost patch) by re-basing on a fresh snapshot', async () => {
    const lost: string[] = [];
    const proxy = await startProxy({
      firstTurn: (frame, patches) => {
        if (!frame.startsWith('event: turn.patch\n') || patches !== 3) return 'forward';
        lost.push(frame);
        return 'drop';
      },
    });
    const client = clientOf(proxy.url);
    const { threadId, runId } = await startRun(client);
    const docs = await collect(client.streamTurn(threadId, runId));

    expect(lost).toHaveLength(1);
    expect(proxy.turnRequests).toBe(2);
    // v1 and v2 applied, v3 lost, v4 a gap: the next document is the new connection's snapshot.
    expect(docs.slice(0, 4).map((d) => d.v)).toEqual([0, 1, 2, 0]);
    expectSteadyProgress(docs);
  });

  it('ends quietly when the signal aborts', async () => {
    const client = clientOf(app.url);
    const { threadId, runId } = await startRun(client);
    const abort = new AbortController();
    const docs: TurnDocument[] = [];
    for await (const doc of client.streamTurn(threadId, runId, { signal: abort.signal })) {
      docs.push(doc);
      if (docs.length === 2) abort.abort();
    }
    expect(docs).toHaveLength(2);
    expect(docs[1]?.status).toBe('running');
  });

  it('throws AtriumApiError not_found for another organization’s run, without retrying', async () => {
    const { threadId, runId } = await startRun(clientOf(app.url));
    const other = await createOrgWithAdmin(app);
    const proxy = await startProxy();
    const outsider = clientOf(proxy.url, other.admin.token);
    await expect(collect(outsider.streamTurn(threadId, runId))).rejects.toMatchObject({
      name: 'AtriumApiError',
      status: 404,
      code: 'not_found',
    });
    expect(proxy.turnRequests).toBe(1);
    await expect(outsider.awaitDelivery(threadId, runId)).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});

/** An SSE server whose n-th connection gets the n-th body, written in chunks of `chunk` bytes, then closed. */
async function scriptedSse(bodies: string[], chunk = 7) {
  let connections = 0;
  const server = createServer((_req, res) => {
    const body = bodies[connections++] ?? '';
    const bytes = Buffer.from(body);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let at = 0; at < bytes.length; at += chunk) res.write(bytes.subarray(at, at + chunk));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closeServers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections };
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const doc = (message: string): TurnDocument => ({
  v: 0,
  runId: 'run-1',
  threadId: 'thread-1',
  status: 'running',
  activity: [],
  message,
  narration: '',
  interrupt: null,
  artifacts: [],
});
const append = (v: number, text: string) => frame('turn.patch', { v, ops: [{ p: '/message', o: 'append', v: text }] });

describe('streamTurn against a scripted stream', () => {
  it('skips a re-based snapshot that is behind what was yielded, and repeats, until the stream catches up', async () => {
    const activity = { id: 'search', label: 'Search', state: 'done', detail: null } as const;
    const sse = await scriptedSse([
      // The first connection drops after v2 (no terminal status).
      [
        frame('turn.snapshot', doc('Hé')),
        append(1, 'llo'),
        frame('turn.live', {}),
        frame('turn.patch', { v: 2, ops: [{ p: '/activity', o: 'append', v: activity }] }),
      ].join(''),
      // The second starts from an older snapshot (CRLF line ends, a comment, a two-line data field).
      [
        ': keepalive\r\n\r\n',
        `event: turn.snapshot\r\ndata: ${JSON.stringify(doc('Hé')).replace(',', ',\r\ndata: ')}\r\n\r\n`,
        append(1, 'llo'),
        frame('turn.patch', { v: 2, ops: [{ p: '/activity', o: 'append', v: activity }] }),
        append(3, ' world'),
        frame('turn.patch', { v: 4, ops: [{ p: '/status', o: 'set', v: 'completed' }] }),
      ].join(''),
    ]);
    const client = createAtriumClient({ baseUrl: sse.url, retry: { sleep: async () => {} } });
    const docs = await collect(client.streamTurn('thread-1', 'run-1'));

    expect(sse.connections()).toBe(2);
    expect(docs.map((d) => [d.v, d.status, d.message, d.activity.length])).toEqual([
      [0, 'running', 'Hé', 0],
      [1, 'running', 'Héllo', 0],
      [2, 'running', 'Héllo', 1],
      [3, 'running', 'Héllo world', 1],
      [4, 'completed', 'Héllo world', 1],
    ]);
  });

  it('gives up with an error when connections keep closing before their snapshot', async () => {
    const sse = await scriptedSse([]);
    const waits: number[] = [];
    const client = createAtriumClient({ baseUrl: sse.url, retry: { sleep: async (ms) => void waits.push(ms) } });
    await expect(collect(client.streamTurn('thread-1', 'run-1'))).rejects.toThrow(
      'The turn stream of run run-1 failed 3 times in a row before a snapshot',
    );
    expect(sse.connections()).toBe(3);
    expect(waits).toHaveLength(2);
  });
});

/**
 * A stream server whose n-th connection (from 1) `answer(n)` decides: the start of the run (a snapshot, then the
 * connection drops), its end (a later snapshot and the completing patch), or 503 as a restarting server answers.
 */
async function streamServer(answer: (n: number) => 'start' | 'end' | 503) {
  let connections = 0;
  const server = createServer((_req, res) => {
    const what = answer(++connections);
    if (what === 503) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Restarting', code: 'service_unavailable', request_id: 'req_1' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (what === 'start') res.end(frame('turn.snapshot', doc('Hé')));
    else
      res.end(
        frame('turn.snapshot', doc('Héllo')) +
          frame('turn.patch', { v: 1, ops: [{ p: '/status', o: 'set', v: 'completed' }] }),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closeServers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections };
}

describe('streamTurn through an outage', () => {
  it('keeps reconnecting once it has shown the run, past the attempts a single call gets, with capped waits', async () => {
    // Twelve 503s after the start: four failed reconnections of three transport attempts each.
    const sse = await streamServer((n) => (n === 1 ? 'start' : n <= 13 ? 503 : 'end'));
    const waits: number[] = [];
    const client = createAtriumClient({ baseUrl: sse.url, retry: { sleep: async (ms) => void waits.push(ms) } });
    const docs = await collect(client.streamTurn('thread-1', 'run-1'));
    expect(docs.map((d) => [d.status, d.message])).toEqual([
      ['running', 'Hé'],
      ['running', 'Héllo'],
      ['completed', 'Héllo'],
    ]);
    expect(sse.connections()).toBe(14);
    expect(Math.max(...waits)).toBeLessThanOrEqual(4_000);
  });

  it('gives up after ten failed reconnections in a row', async () => {
    const sse = await streamServer((n) => (n === 1 ? 'start' : 503));
    const client = createAtriumClient({ baseUrl: sse.url, retry: { sleep: async () => {} } });
    await expect(collect(client.streamTurn('thread-1', 'run-1'))).rejects.toThrow(
      'The turn stream of run run-1 failed 10 times in a row before a snapshot',
    );
    expect(sse.connections()).toBe(1 + 10 * 3);
  });

  it('throws a failure met before anything was shown, after the transport attempts only', async () => {
    const sse = await streamServer(() => 503);
    const client = createAtriumClient({ baseUrl: sse.url, retry: { sleep: async () => {} } });
    await expect(collect(client.streamTurn('thread-1', 'run-1'))).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
    });
    expect(sse.connections()).toBe(3);
  });
});

describe('awaitDelivery', () => {
  it('resolves with the delivered snapshot and its output message', async () => {
    const client = clientOf(app.url);
    const { threadId, runId } = await startRun(client, 'Deliver this');
    const delivery = await client.awaitDelivery(threadId, runId);

    expect(delivery.run).toEqual(await snapshotOf(client, threadId, runId));
    expect(delivery.run.run.status).toBe('completed');
    expect(delivery.message).toBe(delivery.run.outputMessage);
    expect(delivery.message).toMatchObject({
      id: delivery.run.outputMessageId,
      role: 'assistant',
      content: `${OFFLINE_INTRO}\nYou said: "Deliver this"`,
    });
  });

  it('falls back to polling the snapshot while the stream is unavailable', async () => {
    const proxy = await startProxy({ unavailable: true });
    const client = createAtriumClient({ baseUrl: proxy.url, token: org.admin.token, retry: { baseDelayMs: 1 } });
    const { threadId, runId } = await startRun(client);
    const delivery = await client.awaitDelivery(threadId, runId, { pollMs: 50 });

    expect(delivery.message.content).toBe(REPLY);
    expect(delivery.run.run.status).toBe('completed');
    // Every stream attempt was refused (each retried), so the delivery came from the snapshot alone.
    expect(proxy.turnRequests).toBeGreaterThanOrEqual(3);
  });
});
