/**
 * (h) Time to first text of a run: `POST /v1/threads/:id/messages` → the first draft text on the run's `/events`
 * stream, opened as soon as the 201 (which carries the run id) arrives. Atrium runs API and job worker in one
 * process on PostgreSQL with the zero-latency offline model and the in-process bus. The first text is the first
 * `tokens.delta` frame, or the `snapshot` frame when the draft already holds text by the time the stream has
 * subscribed (the deltas before that are in the snapshot, not sent again): what a client shows first either way.
 *
 * Floor, same run, same PostgreSQL: the real job worker (createJobWorker with the run lane's settings: 500 ms
 * poll, 64 jobs at once, `wake()` after commit) on a scratch database of its own (Atrium's worker would claim its jobs),
 * in this process: `enqueue` in a transaction, commit, `wake()`, until the no-op handler is called (claimed).
 * Both at concurrency 1 (one after the other) and in bursts (e.g. 50 runs on 50 threads, started together).
 */
import { Agent, request } from 'node:http';
import type pg from 'pg';
import { DEFAULT_RUN_CONCURRENCY } from '../src/config.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createJobWorker, enqueue } from '../src/platform/jobs/index.ts';
import { cpuDelta, databaseCpuUs, processCpuUs } from './cpu.ts';
import {
  type CpuTally,
  emptyTally,
  formatRunsLatency,
  type RunSample,
  type RunsLatencyResult,
} from './runs-latency-report.ts';
import { openSseStream } from './sse-reader.ts';

export interface RunsLatencyOptions {
  atriumUrl: string;
  /** A session of an organization member (threads and runs are created with it). */
  session: string;
  /** An empty scratch database on the same PostgreSQL, for the floor's worker. */
  floorDatabaseUrl: string;
  rounds: number;
  /** Runs one after the other, per round. */
  sequential: number;
  /** Bursts per round, and runs per burst (each on its own thread, all posted at once). */
  bursts: number;
  burstSize: number;
  cpu: CpuProbe;
}

const now = () => performance.now();
const MESSAGE = 'How long until the first words of the answer show up?';

function postJson(agent: Agent, url: URL, path: string, token: string, body: unknown): Promise<any> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () =>
          res.statusCode === 201
            ? resolve(JSON.parse(text))
            : reject(new Error(`POST ${path}: ${res.statusCode} ${text}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One run: post, then open its stream at once and wait for the first text and the end of the stream. */
async function oneRun(agent: Agent, url: URL, session: string, threadId: string): Promise<RunSample> {
  const t0 = now();
  const posted = await postJson(agent, url, `/v1/threads/${threadId}/messages`, session, { content: MESSAGE });
  const t1 = now();
  const runId: string = posted.run.id;
  return new Promise((resolve, reject) => {
    let first: { at: number; source: RunSample['source'] } | null = null;
    openSseStream(
      {
        host: url.hostname,
        port: Number(url.port),
        path: `/v1/threads/${threadId}/runs/${runId}/events`,
        headers: { authorization: `Bearer ${session}` },
        agent,
      },
      {
        onFrame(event, data) {
          if (first) return;
          if (event === 'tokens.delta') first = { at: now(), source: 'delta' };
          else if (event === 'snapshot' && JSON.parse(data).partialText !== '')
            first = { at: now(), source: 'snapshot' };
        },
        onEnd(status, error) {
          if (error || status !== 200 || !first) {
            reject(
              new Error(`run ${runId}: stream ended (HTTP ${status}, ${error?.message ?? 'no error'}) without text`),
            );
          } else resolve({ post: t1 - t0, firstText: first.at - t0, source: first.source });
        },
      },
    );
  });
}

async function createThreads(url: URL, session: string, count: number): Promise<string[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const ids: string[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, () =>
      postJson(agent, url, '/v1/threads', session, { title: 'bench (h)' }),
    );
    for (const thread of await Promise.all(batch)) ids.push(thread.id);
  }
  agent.destroy();
  return ids;
}

/** The floor: enqueue → claim through the real worker, on a database of its own. */
async function startFloor(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 10 });
  await migrate(database.db);
  const claimed = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const worker = createJobWorker({
    db: database.db,
    kinds: { only: ['bench.noop'] },
    concurrency: DEFAULT_RUN_CONCURRENCY,
    handlers: {
      'bench.noop': async (job) => {
        const at = now();
        const resolve = waiting.get(job.id);
        if (resolve) resolve(at);
        else claimed.set(job.id, at);
      },
    },
  });
  worker.start();
  const hop = async (): Promise<number> => {
    const t0 = now();
    const id = await database.db.transaction((tx) => enqueue(tx, { kind: 'bench.noop', payload: {} }));
    worker.wake();
    const early = claimed.get(id);
    const at = early ?? (await new Promise<number>((resolve) => waiting.set(id, resolve)));
    claimed.delete(id);
    waiting.delete(id);
    return at - t0;
  };
  return {
    hop,
    async close() {
      await worker.stop();
      await database.close();
    },
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts counting CPU time (the process under test, its database's backends); the result stops it. */
export type CpuProbe = (
  target: 'atrium' | 'floor',
) => Promise<() => Promise<{ process: number; database: number } | null>>;

/**
 * The probe of the parent: the Atrium child's CPU (from /proc) or this process's (the floor's worker runs here),
 * plus the backends of the database each one uses.
 */
export function cpuProbe(admin: pg.Client, ids: { atrium: number; atriumDb: string; floorDb: string }): CpuProbe {
  return async (target) => {
    const own = () => (target === 'atrium' ? processCpuUs(ids.atrium) : ((u) => u.user + u.system)(process.cpuUsage()));
    const name = target === 'atrium' ? ids.atriumDb : ids.floorDb;
    const [p0, d0] = [own(), await databaseCpuUs(admin, name)];
    return async () => {
      const [p1, d1] = [own(), await databaseCpuUs(admin, name)];
      const db = cpuDelta(d0, d1);
      return p0 === null || p1 === null || db === null ? null : { process: p1 - p0, database: db };
    };
  };
}

/** Runs `block` under a CPU probe and adds what it cost to `into` (null once any figure is missing). */
async function charged<T>(probe: CpuProbe, target: 'atrium' | 'floor', into: CpuTally, block: () => Promise<T>) {
  const stop = await probe(target);
  const result = await block();
  const spent = await stop();
  into.processUs = into.processUs === null || spent === null ? null : into.processUs + spent.process;
  into.databaseUs = into.databaseUs === null || spent === null ? null : into.databaseUs + spent.database;
  return result;
}

export async function benchRunsLatency(options: RunsLatencyOptions): Promise<string> {
  const url = new URL(options.atriumUrl);
  const perRound = options.sequential + options.bursts * options.burstSize;
  process.stdout.write(`(h) creating ${perRound * (options.rounds + 1)} threads...\n`);
  const threads = await createThreads(url, options.session, perRound * (options.rounds + 1));
  const agent = new Agent({ keepAlive: true, maxSockets: options.burstSize * 2 });
  const floor = await startFloor(options.floorDatabaseUrl);
  const r: RunsLatencyResult = {
    seq: [],
    burst: [],
    floorSeq: [],
    floorBurst: [],
    cpu: { seq: emptyTally(), burst: emptyTally(), floorSeq: emptyTally(), floorBurst: emptyTally() },
  };
  const run = (id: string) => oneRun(agent, url, options.session, id);
  try {
    // Round 0 is the warm-up (connections, JIT, prepared statements); its samples are dropped.
    for (let round = 0; round <= options.rounds; round++) {
      const keep = round > 0;
      const cpu = keep
        ? r.cpu
        : { seq: emptyTally(), burst: emptyTally(), floorSeq: emptyTally(), floorBurst: emptyTally() };
      process.stdout.write(
        keep ? `round ${round}/${options.rounds}: (h) runs and the floor... ` : '(h) warm-up round... ',
      );
      const f1 = await charged(options.cpu, 'floor', cpu.floorSeq, async () => {
        const out: number[] = [];
        for (let i = 0; i < options.sequential; i++) out.push(await floor.hop());
        return out;
      });
      const s1 = await charged(options.cpu, 'atrium', cpu.seq, async () => {
        const out: RunSample[] = [];
        for (let i = 0; i < options.sequential; i++) out.push(await run(threads.pop()!));
        return out;
      });
      const fb: number[] = [];
      const sb: RunSample[] = [];
      for (let b = 0; b < options.bursts; b++) {
        await pause(100);
        const hops = () => Promise.all(Array.from({ length: options.burstSize }, () => floor.hop()));
        fb.push(...(await charged(options.cpu, 'floor', cpu.floorBurst, hops)));
        await pause(100);
        const mine = threads.splice(-options.burstSize);
        sb.push(...(await charged(options.cpu, 'atrium', cpu.burst, () => Promise.all(mine.map(run)))));
      }
      if (keep) {
        r.floorSeq.push(...f1);
        r.seq.push(...s1);
        r.floorBurst.push(...fb);
        r.burst.push(...sb);
      }
      process.stdout.write('done\n');
    }
  } finally {
    agent.destroy();
    await floor.close();
  }
  return formatRunsLatency(options, r);
}
