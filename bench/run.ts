/**
 * `npm run bench`: what an Atrium request costs next to the floor of any request that touches PostgreSQL.
 *
 * Creates a throwaway database on the local PostgreSQL (DATABASE_URL as the admin connection, else
 * postgres://postgres@127.0.0.1:5432/postgres), starts Atrium and a bare node:http + pg server in child
 * processes, and drives both from this process with a fixed number of requests in flight. Scenarios run
 * interleaved (a b c d e, a b c d e, ...) and the median of the rounds is reported. It is a report: it never
 * judges wall-clock figures, and exits non-zero only when something fails (a non-200 answer included).
 *
 * Then (f) a 20 MB upload against a file copy, (g) the model gateway's cost per streamed token against a bare
 * SSE client, (h) a run's time to first text against the job queue's enqueue → claim hop, and (i) 10,000 SSE
 * streams fed through Redis against a bare node:http SSE server, each in the same run.
 *
 * Options (bench/options.ts): --only=a,c,...  --rounds=N  --seconds=S  --warmup=S  --concurrency=N
 *          --cpu-prof[=DIR]  (the Atrium child writes a V8 CPU profile to DIR, default $TMPDIR/atrium-bench-profiles)
 *          --runs-sequential=N --runs-bursts=N --runs-burst-size=N  (h)
 *          --sse-streams=N --sse-runs=N --sse-rate=N --sse-seconds=S --sse-clients=N  (i)
 */
import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cpuDelta, databaseCpuUs, processCpuUs } from './cpu.ts';
import { benchGateway } from './gateway.ts';
import { fetchOnce, runLoad } from './load.ts';
import { parseOptions } from './options.ts';
import { int, loadAverage, printReport } from './report.ts';
import { benchRunsLatency, cpuProbe } from './runs-latency.ts';
import { startChild, stopChild } from './spawn.ts';
import { benchSseFanout } from './sse-fanout.ts';
import type { Sample, Scenario, ScenarioId } from './types.ts';
import { benchUpload } from './upload.ts';

const PAGE_SIZE = 20;
const EXTRA_USERS = 24; // plus the admin: 25 users, so the first page is full and has more

// --- PostgreSQL --------------------------------------------------------------------------------------------

const adminUrl = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
/** (i) needs Redis: REDIS_URL when set, else the local default. */
const redisUrl = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// --- Atrium fixtures, created over HTTP as a client would ---------------------------------------------------

const ATRIUM_ENV = {
  DATA_DIR: join(tmpdir(), `atrium-bench-data-${process.pid}`),
  ATRIUM_SECRET_KEY: 'b'.repeat(64),
  ATRIUM_JWT_SECRET: 'atrium-bench-jwt-secret-0123456789abcdef',
  ATRIUM_ADMIN_EMAIL: 'operator@bench.test',
  ATRIUM_ADMIN_PASSWORD: 'operator-password-bench',
  ATRIUM_ADMIN_API_KEY: 'console-bench-key-0123456789abcdef0123456789',
  ATRIUM_WEB_API_KEY: 'web-bench-key-0123456789abcdef0123456789abcdef',
};

async function call(url: string, credential: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return JSON.parse(text);
}

/** An organization with an admin (session), a service account key, and 25 users in all. */
async function createFixtures(url: string): Promise<{ apiKey: string; session: string }> {
  const consoleKey = ATRIUM_ENV.ATRIUM_ADMIN_API_KEY;
  const org = await call(url, consoleKey, 'POST', '/v1/admin/organizations', { name: 'Bench Org' });
  const admin = await call(url, consoleKey, 'POST', `/v1/admin/organizations/${org.id}/users`, {
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@bench.test',
    role: 'admin',
    isDeveloper: true,
  });
  const { token: session } = await call(url, ATRIUM_ENV.ATRIUM_WEB_API_KEY, 'POST', '/v1/auth/sessions', {
    email: admin.user.email,
    password: admin.password,
  });
  const account = await call(url, session, 'POST', '/v1/service-accounts', { name: 'bench-bot', role: 'member' });
  const { key: apiKey } = await call(url, session, 'POST', `/v1/service-accounts/${account.id}/api-keys`, {
    name: 'bench',
  });
  for (let i = 0; i < EXTRA_USERS; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, EXTRA_USERS - i) }, (_, j) =>
        call(url, session, 'POST', '/v1/users', {
          first_name: `First${i + j}`,
          last_name: `Last${i + j}`,
          email: `user${i + j}@bench.test`,
          role: 'member',
        }),
      ),
    );
  }
  return { apiKey, session };
}

// --- Main --------------------------------------------------------------------------------------------------

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const dbName = `atrium_bench_${process.pid}`;
  const benchUrl = databaseUrl(dbName);
  // (h)'s floor runs its own job worker, on a database Atrium's worker does not poll.
  const floorDbName = `${dbName}_jobs`;
  const children: ChildProcess[] = [];
  const created: string[] = [];

  const cleanup = async () => {
    await Promise.allSettled(children.map(stopChild));
    await rm(ATRIUM_ENV.DATA_DIR, { recursive: true, force: true });
    const drop = created.splice(0);
    if (drop.length > 0)
      await withAdmin(async (c) => {
        for (const name of drop) await c.query(`drop database if exists ${name} with (force)`);
      });
  };
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write('\ninterrupted: cleaning up\n');
    cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const version = await withAdmin(async (c) => {
      await c.query(`create database ${dbName}`);
      created.push(dbName);
      if (options.only.has('h')) {
        await c.query(`create database ${floorDbName}`);
        created.push(floorDbName);
      }
      return (await c.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    });
    const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
    process.stdout.write(
      `Atrium benchmark: PostgreSQL ${version} (database ${dbName}), Node ${process.version}, ` +
        `${availableParallelism()} CPUs (${cpuModel}), ${new Date().toISOString()}\n` +
        `load average before: ${loadAverage()} (anything else running competes with the scenarios for CPU)\n`,
    );

    const childEnv = {
      ...process.env,
      DATABASE_URL: benchUrl,
      ...ATRIUM_ENV,
      ...(options.logLevel ? { BENCH_LOG_LEVEL: options.logLevel } : {}),
    };
    const profileArgs = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
    const atrium = await startChild('atrium-server.ts', childEnv, profileArgs);
    children.push(atrium.process);
    const bare = await startChild('bare-server.ts', childEnv);
    children.push(bare.process);
    process.stdout.write('setting up: organization, admin session, service account key, 25 users...\n');
    const { apiKey, session } = await createFixtures(atrium.info.url);

    const atriumUrl = atrium.info.url;
    const bareUrl = bare.info.url;
    const page = (body: any) => Array.isArray(body?.data) && body.data.length === PAGE_SIZE && body.has_more === true;
    const all: Scenario[] = [
      {
        id: 'a',
        label: 'bare node:http + pg: primary-key SELECT',
        server: 'bare',
        target: { url: bareUrl, path: '/pk', headers: {} },
        check: (status, body) => status === 200 && typeof body?.id === 'string',
      },
      {
        id: 'b',
        label: 'bare node:http + pg: 20-row users page',
        server: 'bare',
        target: { url: bareUrl, path: '/page', headers: {} },
        check: (status, body) => status === 200 && page(body),
      },
      {
        id: 'c',
        label: 'GET /v1/auth/identity, API key',
        server: 'atrium',
        target: { url: atriumUrl, path: '/v1/auth/identity', headers: { authorization: `Bearer ${apiKey}` } },
        check: (status, body) => status === 200 && body?.credential_type === 'api_key',
      },
      {
        id: 'd',
        label: 'GET /v1/auth/identity, session JWT',
        server: 'atrium',
        target: { url: atriumUrl, path: '/v1/auth/identity', headers: { authorization: `Bearer ${session}` } },
        check: (status, body) => status === 200 && body?.credential_type === 'session_token',
      },
      {
        id: 'e',
        label: 'GET /v1/users (20 rows), org admin session',
        server: 'atrium',
        target: { url: atriumUrl, path: '/v1/users', headers: { authorization: `Bearer ${session}` } },
        check: (status, body) => status === 200 && page(body),
      },
    ];
    const scenarios = all.filter((s) => options.only.has(s.id));

    for (const s of scenarios) {
      const { status, body } = await fetchOnce(s.target);
      if (!s.check(status, body)) {
        throw new Error(`(${s.id}) ${s.label} answered unexpectedly: HTTP ${status} ${JSON.stringify(body)}`);
      }
    }

    const pids = { bare: bare.info.pid, atrium: atrium.info.pid };
    const samples = new Map<ScenarioId, Sample[]>(scenarios.map((s) => [s.id, []]));
    await withAdmin(async (admin) => {
      for (let round = 1; round <= options.rounds; round++) {
        for (const s of scenarios) {
          process.stdout.write(`round ${round}/${options.rounds}: (${s.id}) ${s.label}... `);
          await runLoad(s.target, options.concurrency, options.warmup * 1000);
          const serverBefore = processCpuUs(pids[s.server]);
          const dbBefore = await databaseCpuUs(admin, dbName);
          const loadBefore = process.cpuUsage();
          const m = await runLoad(s.target, options.concurrency, options.seconds * 1000);
          const load = process.cpuUsage(loadBefore);
          const serverAfter = processCpuUs(pids[s.server]);
          const dbAfter = await databaseCpuUs(admin, dbName);
          if (m.failures > 0) throw new Error(`(${s.id}) ${m.failures} failed request(s), first: ${m.firstFailure}`);
          samples.get(s.id)!.push({
            ...m,
            serverCpuUs: serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore,
            dbCpuUs: cpuDelta(dbBefore, dbAfter),
            loadCpuUs: load.user + load.system,
          });
          process.stdout.write(`${int(m.rps)} req/s, p99 ${m.p99Ms.toFixed(2)} ms\n`);
        }
      }
    });
    if (scenarios.length > 0) printReport(scenarios, samples, options);
    if (options.only.has('f')) process.stdout.write(`${await benchUpload(atriumUrl, session, options.rounds)}\n`);
    if (options.only.has('g'))
      process.stdout.write(
        `${await benchGateway({
          atriumUrl,
          consoleKey: ATRIUM_ENV.ATRIUM_ADMIN_API_KEY,
          databaseUrl: benchUrl,
          secretKeyHex: ATRIUM_ENV.ATRIUM_SECRET_KEY,
          rounds: options.rounds,
          seconds: options.seconds,
          warmup: options.warmup,
        })}\n`,
      );
    if (options.only.has('h')) {
      const report = await withAdmin((admin) => {
        const cpu = cpuProbe(admin, { atrium: atrium.info.pid, atriumDb: dbName, floorDb: floorDbName });
        return benchRunsLatency({
          atriumUrl,
          session,
          floorDatabaseUrl: databaseUrl(floorDbName),
          rounds: options.rounds,
          ...options.runs,
          cpu,
        });
      });
      process.stdout.write(`${report}\n`);
    }
    if (options.only.has('i')) {
      // The Atrium child of (a)-(h) is stopped: (i) starts its own, on Redis, and its worker alone runs jobs.
      await stopChild(atrium.process);
      process.stdout.write(
        `${await benchSseFanout({ childEnv, session, redisUrl, children, rounds: options.rounds, ...options.fanout })}\n`,
      );
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
    if (options.cpuProfDir) process.stdout.write(`CPU profile of the Atrium child written to ${options.cpuProfDir}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
