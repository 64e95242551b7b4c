import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  applyPatch,
  type TurnDocument,
  TurnGapError,
  type TurnPatch,
} from '../../src/modules/runs/streaming/turn-patch.ts';
import { cloneTestDatabase } from './database.ts';
import { withDatabase } from './global-setup.ts';
import { type Client, client } from './http.ts';
import { openSse, type SseConnection } from './sse-client.ts';

/**
 * The real service as separate processes (`atrium serve` with ATRIUM_ROLE=api, `atrium worker`) on one
 * PostgreSQL database and one Redis, for the fault tests of the delivery contract; and a client that follows
 * that contract (reconnect, snapshot, poll) the way the spec tells integrators to.
 */

const BIN = join(process.cwd(), 'bin', 'atrium.mjs');
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A database of its own for processes to share. Always PostgreSQL: the run's cloned test database when
 * DATABASE_URL is set, otherwise one created on the local server (present on this machine and in CI).
 */
export async function ownPostgres(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const cloned = await cloneTestDatabase();
    // The processes open their own pools; the test needs only the URL.
    await cloned.database.close();
    return { url: cloned.url!, drop: cloned.drop };
  }
  const name = `atrium_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: LOCAL_POSTGRES });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(LOCAL_POSTGRES, name),
    async drop() {
      const client = new pg.Client({ connectionString: LOCAL_POSTGRES });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** One installation's shared environment: database, Redis, secrets, bootstrap credentials, blob directory. */
export interface Installation {
  env: Record<string, string>;
  operator: { email: string; password: string };
  consoleKey: string;
  webKey: string;
}

export function installation(databaseUrl: string, overrides: Record<string, string> = {}): Installation {
  const operator = { email: 'operator@atrium.test', password: 'operator-password-1' };
  const consoleKey = `console-${randomBytes(24).toString('hex')}`;
  const webKey = `web-${randomBytes(24).toString('hex')}`;
  return {
    operator,
    consoleKey,
    webKey,
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      HOST: '127.0.0.1',
      PORT: '0',
      // Processes of one installation share the blob directory, as they would share a bucket.
      DATA_DIR: mkdtempSync(join(tmpdir(), 'atrium-procs-')),
      ATRIUM_SECRET_KEY: randomBytes(32).toString('hex'),
      ATRIUM_JWT_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'warn',
      // As the suite does: every JSON response is checked against its documented schema.
      ATRIUM_VALIDATE_RESPONSES: 'true',
      ATRIUM_ADMIN_EMAIL: operator.email,
      ATRIUM_ADMIN_PASSWORD: operator.password,
      ATRIUM_ADMIN_API_KEY: consoleKey,
      ATRIUM_WEB_API_KEY: webKey,
      ...overrides,
    },
  };
}

export interface AtriumProcess {
  name: string;
  child: ChildProcess;
  /** Base URL of a `serve` process (empty for a worker). */
  url: string;
  /** Everything it printed, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly alive: boolean;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every child started here, so a test (and, as a last resort, this process's exit) can end them all. */
const started = new Set<AtriumProcess>();
process.once('exit', () => {
  for (const proc of started) if (proc.alive) proc.child.kill('SIGKILL');
});

function spawnAtrium(command: 'serve' | 'worker', name: string, env: Record<string, string>): AtriumProcess {
  // Only what the installation sets (and PATH, HOME, TMPDIR): nothing of the test run's environment leaks in.
  const child = spawn(process.execPath, [BIN, command], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), TMPDIR: tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const proc: AtriumProcess = {
    name,
    child,
    url: '',
    output: () => output,
    exited,
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    async kill() {
      if (proc.alive) child.kill('SIGKILL');
      return exited;
    },
  };
  started.add(proc);
  void exited.then(() => started.delete(proc));
  return proc;
}

/** Waits for a line of output; fails with everything the process printed if it exits or time runs out. */
async function waitForOutput(proc: AtriumProcess, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(proc.output());
    if (match) return match;
    if (!proc.alive) throw new Error(`${proc.name} exited before printing ${pattern}:\n${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`${proc.name} printed no ${pattern} in time:\n${proc.output()}`);
    await sleep(50);
  }
}

/** `atrium serve` as an API process (ATRIUM_ROLE=api by default): resolves once it listens and is ready. */
export async function startApi(inst: Installation, name: string, env: Record<string, string> = {}) {
  const proc = spawnAtrium('serve', name, { ATRIUM_ROLE: 'api', ...inst.env, ...env });
  const [, url] = (await waitForOutput(proc, /listening on (http:\/\/\S+)/, 60_000)) as unknown as [string, string];
  proc.url = url;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await fetch(`${url}/readyz`)
      .then(async (res) => {
        await res.text();
        return res.status;
      })
      .catch(() => 0);
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`${name} never became ready:\n${proc.output()}`);
    await sleep(50);
  }
  return proc;
}

/** `atrium worker`: resolves once it claims jobs. */
export async function startWorkerProcess(inst: Installation, name: string, env: Record<string, string> = {}) {
  const proc = spawnAtrium('worker', name, { ...inst.env, ATRIUM_ROLE: 'worker', ...env });
  await waitForOutput(proc, /worker started: claiming jobs/, 60_000);
  return proc;
}

/** SIGKILLs every child still alive (test teardown, failures included). */
export async function killAll(): Promise<void> {
  await Promise.all([...started].map((proc) => proc.kill()));
}

/** What each process printed: attach to a failure message. */
export const outputs = (...procs: (AtriumProcess | undefined)[]) =>
  procs
    .filter((p): p is AtriumProcess => p !== undefined)
    .map((p) => `--- ${p.name} ---\n${p.output()}`)
    .join('\n');

export interface SignedIn {
  http: Client;
  token: string;
}

/** A new organization, its admin signed in through the web key: a client with that session. */
export async function signInOrgAdmin(url: string, inst: Installation): Promise<SignedIn> {
  const console = client(url, inst.consoleKey);
  const org = await console.post('/v1/admin/organizations', { name: `Faults ${randomBytes(4).toString('hex')}` });
  if (org.status !== 201) throw new Error(`creating the organization: ${org.status} ${org.text}`);
  const user = await console.post(`/v1/admin/organizations/${org.body.id}/users`, {
    firstName: 'Fay',
    lastName: 'Ults',
    email: `faults-${randomBytes(4).toString('hex')}@example.test`,
    role: 'admin',
  });
  if (user.status !== 201) throw new Error(`creating the user: ${user.status} ${user.text}`);
  const session = await client(url, inst.webKey).post('/v1/auth/sessions', {
    email: user.body.user.email,
    password: user.body.password,
  });
  if (session.status !== 200) throw new Error(`signing in: ${session.status} ${session.text}`);
  return { http: client(url, session.body.token), token: session.body.token };
}

/** The delivery contract's predicate on a run snapshot. */
export const delivered = (snapshot: any): boolean =>
  TERMINAL.has(snapshot.run.status) && snapshot.outputMessageId !== null && snapshot.outputMessage != null;

/** Every transcript page, oldest first. */
export async function fullTranscript(http: Client, threadId: string): Promise<any[]> {
  const messages: any[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
    const page = await http.get(`/v1/threads/${threadId}/messages${query}`);
    if (page.status !== 200) throw new Error(`transcript page: ${page.status} ${page.text}`);
    messages.push(...page.body.data);
    cursor = page.body.next_cursor;
  } while (cursor);
  return messages;
}

export interface FollowOptions {
  /** API base URLs; each (re)connection takes the next one, as a load balancer might. */
  urls: string[];
  token: string;
  threadId: string;
  runId: string;
  /** Safety net against a hung test, never an assertion about timing. */
  timeoutMs?: number;
}

export interface FollowedRun {
  /** The snapshot that satisfied the delivery predicate. */
  snapshot: any;
  /** All transcript pages, reloaded after delivery. */
  transcript: any[];
  /** SSE connections opened (1 + reconnects). */
  connections: number;
  /** Why each connection ended without a terminal frame (stream lifetime, dropped connection, refused). */
  reconnects: string[];
  /** Whether the terminal status came live (a lifecycle frame) or only in a snapshot frame. */
  terminalFrom: 'event' | 'snapshot' | null;
  /** The draft as the stream built it (snapshot partialText + deltas) when the terminal frame arrived. */
  streamedDraft: string | null;
  /** Live tokens.delta frames received, over all connections. */
  deltas: number;
  /** Breaches of the stream's promises: frames before the snapshot, deltas off the draft's end, bad frames. */
  violations: string[];
}

/**
 * A client following the durable delivery contract on `/events`: on close or error it reconnects (the new
 * snapshot re-bases its draft); after a terminal frame it fetches the snapshot and polls until the run is
 * delivered (terminal status, output message id, readable output message), then reloads the transcript.
 */
export async function followRun(options: FollowOptions): Promise<FollowedRun> {
  const { urls, token, threadId, runId } = options;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const path = `/v1/threads/${threadId}/runs/${runId}/events`;
  const result: FollowedRun = {
    snapshot: null,
    transcript: [],
    connections: 0,
    reconnects: [],
    terminalFrom: null,
    streamedDraft: null,
    deltas: 0,
    violations: [],
  };

  for (let attempt = 0; result.terminalFrom === null; attempt++) {
    if (Date.now() > deadline) throw new Error(`no terminal frame for run ${runId}: ${result.reconnects.join('; ')}`);
    if (attempt > 0) await sleep(Math.min(50 * attempt, 250));
    const base = urls[attempt % urls.length]!;
    let conn: SseConnection;
    try {
      conn = await openSse(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    } catch (error) {
      result.reconnects.push(`connect failed: ${(error as Error).message}`);
      continue;
    }
    if (conn.status !== 200) {
      if (conn.status >= 500) {
        result.reconnects.push(`answered ${conn.status}`);
        continue;
      }
      throw new Error(`the stream of run ${runId} answered ${conn.status}: ${JSON.stringify(conn.body)}`);
    }
    result.connections++;
    let draft: string | null = null;
    let ending = 'closed without a terminal frame';
    try {
      for (let frame = await conn.next(); frame; frame = await conn.next()) {
        if (frame.kind === 'invalid') {
          result.violations.push(`invalid frame (${frame.reason}): ${frame.raw}`);
          continue;
        }
        if (frame.kind === 'comment') {
          if (frame.text !== 'keepalive') ending = `closed after ": ${frame.text}"`;
          continue;
        }
        if (frame.event === 'snapshot') {
          if (draft !== null) result.violations.push('a second snapshot frame on one connection');
          draft = frame.json.partialText as string;
          if (TERMINAL.has(frame.json.run.status)) {
            result.terminalFrom = 'snapshot';
            result.streamedDraft = draft;
          }
          continue;
        }
        if (draft === null) {
          result.violations.push(`${frame.event} before the snapshot`);
          continue;
        }
        if (frame.event === 'tokens.delta') {
          result.deltas++;
          const { text, offset } = frame.json.payload as { text: string; offset: number };
          if (offset !== draft.length)
            result.violations.push(`tokens.delta at offset ${offset} on a draft of ${draft.length} characters`);
          draft = draft.slice(0, offset) + text;
        } else if (/^lifecycle\.(completed|failed|cancelled)$/.test(frame.event)) {
          result.terminalFrom = 'event';
          result.streamedDraft = draft;
        }
      }
    } catch (error) {
      // No frame for too long (not even a keepalive): give up on this connection, as a client's idle timer would.
      ending = `idle: ${(error as Error).message.slice(0, 80)}`;
    } finally {
      conn.close();
    }
    if (result.terminalFrom === null) result.reconnects.push(ending);
  }

  // A terminal frame alone is not delivery: poll the snapshot until the predicate holds.
  const http = client(urls[0]!, token);
  for (;;) {
    const res = await http.get(`/v1/threads/${threadId}/runs/${runId}`);
    if (res.status === 200 && delivered(res.body)) {
      result.snapshot = res.body;
      break;
    }
    if (Date.now() > deadline) throw new Error(`run ${runId} was never delivered: ${res.status} ${res.text}`);
    await sleep(100);
  }
  result.transcript = await fullTranscript(http, threadId);
  return result;
}

export interface FollowedTurn {
  doc: TurnDocument;
  connections: number;
  /** Patches refused by applyPatch (version gaps), each followed by a reconnect. */
  gaps: number;
  patches: number;
  violations: string[];
}

/**
 * A `/turn` client: re-bases on every `turn.snapshot`, applies patches with `applyPatch` (a gap means
 * reconnect), and reconnects on close until its document shows a terminal status.
 */
export async function followTurn(options: FollowOptions): Promise<FollowedTurn> {
  const { urls, token, threadId, runId } = options;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const path = `/v1/threads/${threadId}/runs/${runId}/turn`;
  const result: FollowedTurn = {
    doc: null as unknown as TurnDocument,
    connections: 0,
    gaps: 0,
    patches: 0,
    violations: [],
  };
  let doc: TurnDocument | null = null;

  for (let attempt = 0; !doc || !TERMINAL.has(doc.status); attempt++) {
    if (Date.now() > deadline) throw new Error(`the turn of run ${runId} never ended`);
    if (attempt > 0) await sleep(Math.min(50 * attempt, 250));
    let conn: SseConnection;
    try {
      conn = await openSse(`${urls[attempt % urls.length]}${path}`, { headers: { authorization: `Bearer ${token}` } });
    } catch {
      continue;
    }
    if (conn.status !== 200) {
      if (conn.status >= 500) continue;
      throw new Error(`the turn stream of run ${runId} answered ${conn.status}`);
    }
    result.connections++;
    let seenSnapshot = false;
    try {
      for (let frame = await conn.next(); frame; frame = await conn.next()) {
        if (frame.kind === 'invalid') {
          result.violations.push(`invalid frame (${frame.reason}): ${frame.raw}`);
          continue;
        }
        if (frame.kind === 'comment') continue;
        if (frame.event === 'turn.snapshot') {
          if (seenSnapshot) result.violations.push('a second turn.snapshot on one connection');
          seenSnapshot = true;
          doc = frame.json as TurnDocument;
        } else if (frame.event === 'turn.patch') {
          if (!seenSnapshot) result.violations.push('turn.patch before turn.snapshot');
          try {
            doc = applyPatch(doc, frame.json as TurnPatch);
            result.patches++;
          } catch (error) {
            if (!(error instanceof TurnGapError)) throw error;
            result.gaps++;
            break;
          }
        } else if (frame.event !== 'turn.live') result.violations.push(`unexpected ${frame.event} frame`);
      }
    } catch (error) {
      // No frame for too long (not even a keepalive): reconnect, as a client's idle timer would; else a bug.
      if (!(error instanceof Error) || !/No SSE frame/.test(error.message)) throw error;
    } finally {
      conn.close();
    }
  }
  result.doc = doc;
  return result;
}
