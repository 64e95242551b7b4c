/**
 * Benchmark child for (i): holds many SSE streams open against one server and records, for every `bench.tick`
 * frame, receive time − send time (the publisher puts `process.hrtime` in µs in the payload as `sent`; hrtime is
 * CLOCK_MONOTONIC, shared by every process of the machine). Driven by the parent's commands (child-rpc.ts):
 *   open { paths, parallel }   opens one stream per entry of `paths`, `parallel` at a time; resolves when each has
 *                              sent its first frame (the stream is live); replies { opened, failed, firstError }
 *   reset { phase }            forgets the latencies recorded so far; from now on only ticks of `phase` count
 *   report                     replies { latencies (ms), received, ended }
 *   close                      drops every stream
 * BENCH_TARGET is the server's URL, BENCH_AUTH the authorization header value (optional).
 */
import { announce, exitWithParent } from './child.ts';
import { serveCommands } from './child-rpc.ts';
import { openSseStream } from './sse-reader.ts';

const target = new URL(process.env.BENCH_TARGET ?? 'http://127.0.0.1:1');
const headers: Record<string, string> = process.env.BENCH_AUTH ? { authorization: process.env.BENCH_AUTH } : {};
const streams = new Set<() => void>();
let latencies: number[] = [];
/** Ticks carry the publisher's phase (warm-up, measured): a late warm-up tick must not count. */
let phase: unknown = null;
let received = 0;
/** Streams the server ended (or that failed) after they had opened. */
let ended = 0;

const hrtimeUs = () => Number(process.hrtime.bigint() / 1000n);

function onTick(data: string) {
  const at = hrtimeUs();
  const payload = (JSON.parse(data) as { payload?: { sent?: number; phase?: unknown } }).payload;
  const sent = payload?.sent;
  if (typeof sent !== 'number' || payload?.phase !== phase) return;
  received++;
  latencies.push((at - sent) / 1000);
}

function openOne(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let live = false;
    const drop = openSseStream(
      { host: target.hostname, port: Number(target.port), path, headers },
      {
        onFrame(event, data) {
          if (!live) {
            live = true;
            streams.add(drop);
            resolve();
          }
          if (event === 'bench.tick') onTick(data);
        },
        onEnd(status, error) {
          streams.delete(drop);
          if (live) ended++;
          else reject(new Error(`${path}: HTTP ${status}${error ? ` ${error.message}` : ''} before the first frame`));
        },
      },
    );
  });
}

async function open(paths: string[], parallel: number) {
  let next = 0;
  let opened = 0;
  let failed = 0;
  let firstError: string | null = null;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      try {
        await openOne(path);
        opened++;
      } catch (error) {
        failed++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return { opened, failed, firstError };
}

exitWithParent(async () => {
  for (const drop of [...streams]) drop();
});
serveCommands({
  open: (args) => open(args.paths as string[], Number(args.parallel ?? 32)),
  reset: (args) => {
    phase = args.phase ?? null;
    latencies = [];
    received = 0;
    ended = 0;
  },
  report: () => ({ latencies: latencies.map((v) => Math.round(v * 1000) / 1000), received, ended }),
  close: () => {
    const count = streams.size;
    for (const drop of [...streams]) drop();
    return count;
  },
});
announce({ pid: process.pid, url: target.toString() });
