/** (i)'s preparations: Redis reachable, descriptor limits, and runs parked in `awaiting` to stream from. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function assertRedis(url: string): Promise<void> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new Error(`(i) needs Redis at ${url} (set REDIS_URL): ${(error as Error).message}`);
  } finally {
    probe.disconnect();
  }
}

/** `ulimit -Hn` of a shell started from here: what a non-root user could raise a limit to. */
export function hardLimitOfShell(): string {
  return spawnSync('bash', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim() || 'unknown';
}

export function fdLimit(pid: number): number {
  const match = /Max open files\s+(\d+|unlimited)/.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
  return !match || match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1]);
}

/** Raises a child's RLIMIT_NOFILE with prlimit (root, or up to the hard limit); returns the soft limit it has. */
export function raiseFdLimit(pid: number, want: number): number {
  if (fdLimit(pid) >= want) return fdLimit(pid);
  spawnSync('prlimit', ['--pid', String(pid), `--nofile=${want}:${want}`]);
  return fdLimit(pid);
}

async function call(url: string, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return JSON.parse(text);
}

/** `count` runs, each on its own thread, parked in `awaiting` on an ask_user question (no worker activity after). */
export async function parkRuns(
  url: string,
  session: string,
  count: number,
): Promise<{ threadId: string; runId: string }[]> {
  const runs: { threadId: string; runId: string }[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, async () => {
      const thread = await call(url, session, 'POST', '/v1/threads', { title: 'bench (i)' });
      const posted = await call(url, session, 'POST', `/v1/threads/${thread.id}/messages`, {
        content: '/tool ask_user {"prompt":"?"}',
      });
      return { threadId: thread.id as string, runId: posted.run.id as string };
    });
    runs.push(...(await Promise.all(batch)));
  }
  const deadline = Date.now() + 60_000;
  for (const run of runs) {
    for (;;) {
      const snapshot = await call(url, session, 'GET', `/v1/threads/${run.threadId}/runs/${run.runId}`);
      if (snapshot.run.status === 'awaiting') break;
      if (snapshot.run.status !== 'queued' && snapshot.run.status !== 'running')
        throw new Error(`(i) run ${run.runId} ended as ${snapshot.run.status} instead of awaiting`);
      if (Date.now() > deadline) throw new Error(`(i) run ${run.runId} did not reach awaiting within 60 s`);
      await sleep(50);
    }
  }
  return runs;
}
