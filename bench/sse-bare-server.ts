/**
 * Benchmark child, the floor of (i): a bare node:http SSE server. `GET /runs/<key>` answers the SSE headers and a
 * small `snapshot` frame, then forwards every message of the Redis channel `<BENCH_CHANNEL_PREFIX><key>` to every
 * stream of that key as `event: <channel>.<type>` / `data: <the message as published>`. One ioredis subscriber
 * connection, a channel subscribed when its first stream opens and dropped with its last: the same transport as
 * Atrium's Redis bus, without authentication, snapshot reads, Fastify, keepalive timers or per-stream state
 * beyond the response itself. Prints its URL when ready; answers `memory` (child-rpc.ts).
 */
import { createServer, type ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { announce, exitWithParent, fail } from './child.ts';
import { serveCommands } from './child-rpc.ts';

const prefix = process.env.BENCH_CHANNEL_PREFIX ?? 'atrium-bench-bare:';
const sub = new Redis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
sub.on('error', () => {});
const streams = new Map<string, Set<ServerResponse>>();
/** Per key: resolves once Redis confirmed the subscription (streams start only then). */
const subscribed = new Map<string, Promise<unknown>>();

sub.on('message', (channel: string, message: string) => {
  const set = streams.get(channel.slice(prefix.length));
  if (!set) return;
  let name = 'message';
  try {
    const parsed = JSON.parse(message) as { channel: string; type: string };
    name = `${parsed.channel}.${parsed.type}`;
  } catch {
    // forwarded as a plain message
  }
  const frame = `event: ${name}\ndata: ${message}\n\n`;
  for (const res of set) res.write(frame);
});

const server = createServer((req, res) => {
  const match = /^\/runs\/([\w-]+)$/.exec(req.url ?? '');
  if (req.method !== 'GET' || !match) {
    res.writeHead(404).end();
    return;
  }
  const key = match[1]!;
  let set = streams.get(key);
  if (!set) {
    set = new Set();
    streams.set(key, set);
    subscribed.set(key, sub.subscribe(prefix + key));
  }
  set.add(res);
  subscribed.get(key)!.then(
    () => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      res.write('event: snapshot\ndata: {}\n\n');
    },
    () => res.destroy(),
  );
  res.on('close', () => {
    set.delete(res);
    if (set.size === 0 && streams.get(key) === set) {
      streams.delete(key);
      subscribed.delete(key);
      sub.unsubscribe(prefix + key).catch(() => {});
    }
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (!address || typeof address === 'string') fail(new Error('no address'));
  exitWithParent(
    () =>
      new Promise<void>((resolve) => {
        sub.disconnect();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  announce({ url: `http://127.0.0.1:${address.port}`, pid: process.pid });
  serveCommands({});
});
