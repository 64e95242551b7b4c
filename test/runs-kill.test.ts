import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTurnDocument } from '../src/modules/runs/streaming/turn-document.ts';
import { OFFLINE_INTRO } from '../src/platform/models/offline/reply.ts';
import { type FakeChatVendor, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import { client } from './helpers/http.ts';
import {
  type AtriumProcess,
  type FollowedRun,
  type FollowedTurn,
  followRun,
  followTurn,
  fullTranscript,
  type Installation,
  installation,
  killAll,
  outputs,
  ownPostgres,
  type SignedIn,
  signInOrgAdmin,
  startApi,
  startWorkerProcess,
} from './helpers/processes.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';

/**
 * The delivery contract under a worker crash: `atrium serve` (ATRIUM_ROLE=api) and two `atrium worker`s run as
 * real processes on one PostgreSQL database and Redis. The worker holding a run is SIGKILLed mid-reply; the
 * other one reclaims the run once the dead worker's lease expires, and the run still ends with exactly one
 * output message, which clients following the contract (reconnect, snapshot, poll) receive. Streams live at
 * most a second here, so those clients also reconnect several times on the way.
 */
const LEASE_MS = 1500;
const DELTA_DELAY_MS = 100;
/** Long enough that the offline model's reply streams in ~20 pieces, about two seconds. */
const MESSAGE = `Please keep this in mind while I am away: ${'the quick brown fox jumps over the lazy dog, '.repeat(7)}thanks.`;
const REPLY = `${OFFLINE_INTRO}\nYou said: "${MESSAGE}"`;

let database: { url: string; drop(): Promise<void> } | undefined;
let inst: Installation;
let api: AtriumProcess;
/** An API process whose streams keep the default lifetime: its clients stay on one connection through a crash. */
let apiLong: AtriumProcess;
let admin: SignedIn;
/** Every worker started, dead or alive, in start order. */
const workers: AtriumProcess[] = [];
/** Replacements still starting (each killed worker gets one, so two are alive for the next test). */
let replacing: Promise<unknown> = Promise.resolve();
const logs = () => outputs(api, apiLong, ...workers);

let named = 0;
function startWorker(): Promise<AtriumProcess> {
  const started = startWorkerProcess(inst, `worker ${String.fromCharCode(65 + named++)}`);
  return started.then((worker) => {
    workers.push(worker);
    return worker;
  });
}

beforeAll(async () => {
  database = await ownPostgres('runkill');
  inst = installation(database.url, {
    ATRIUM_JOB_LEASE_MS: String(LEASE_MS),
    ATRIUM_OFFLINE_DELTA_DELAY_MS: String(DELTA_DELAY_MS),
    ATRIUM_SSE_MAX_LIFETIME_MS: '1000',
    ATRIUM_SSE_KEEPALIVE_MS: '250',
  });
  // All at once, as a deployment starts: migrations and the first-start bootstrap are advisory-locked.
  [api, apiLong] = await Promise.all([
    startApi(inst, 'api'),
    startApi(inst, 'api (long streams)', { ATRIUM_SSE_MAX_LIFETIME_MS: '3600000' }),
    startWorker(),
    startWorker(),
  ]);
  admin = await signInOrgAdmin(api.url, inst);
}, 90_000);

afterAll(async () => {
  await killAll();
  await replacing.catch(() => {});
  await database?.drop();
}, 30_000);

async function query(text: string, values: unknown[]): Promise<any[]> {
  const db = new pg.Client({ connectionString: database!.url });
  await db.connect();
  try {
    return (await db.query(text, values)).rows;
  } finally {
    await db.end();
  }
}

/** The run's job: how many deliveries it took and which worker holds (or finished) it. */
async function jobOf(runId: string): Promise<{ status: string; attempts: number; locked_by: string | null }> {
  const rows = await query(
    `select status, attempts, locked_by from jobs where kind = 'run.execute' and payload->>'runId' = $1`,
    [runId],
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** Worker ids are `host:pid:random`. */
const workerOf = (lockedBy: string | null) => workers.find((w) => lockedBy?.split(':').at(-2) === String(w.child.pid));

async function newThread(who: SignedIn = admin) {
  const res = await who.http.post('/v1/threads', { title: 'Crash course' });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

/**
 * Once the run is running with part of its reply drafted, SIGKILLs the worker holding it and, unless told not
 * to, starts a replacement (so the next test again has two); checks the crash came before the end.
 */
async function killHolder(
  who: SignedIn,
  threadId: string,
  runId: string,
  drafted: (s: any) => boolean,
  { replace = true } = {},
) {
  await waitForRun(who.http, threadId, runId, (s) => s.run.status === 'running' && drafted(s), 30_000);
  const holder = workerOf((await jobOf(runId)).locked_by);
  expect(holder, logs()).toBeDefined();
  expect((await holder!.kill()).signal).toBe('SIGKILL');
  const dead = (await who.http.get(`/v1/threads/${threadId}/runs/${runId}`)).body;
  expect(dead.run.status, logs()).toBe('running');
  expect(dead.outputMessage).toBeNull();
  if (!replace) return { dead, holder: holder! };
  const replacement = startWorker();
  replacement.catch(() => {}); // the last replacement may still be starting when the teardown kills it
  replacing = replacing.then(() => replacement);
  replacing.catch(() => {});
  return { dead, holder: holder! };
}

/** Reclaimed, not finished by the dead worker: a second delivery, completed by a live worker. */
async function expectReclaimed(runId: string, dead: AtriumProcess) {
  const job = await jobOf(runId);
  expect(job).toMatchObject({ status: 'completed', attempts: 2 });
  const finisher = workerOf(job.locked_by);
  expect(finisher).toBeDefined();
  expect(finisher).not.toBe(dead);
}

/** A thread that had one run: the user's message and exactly one reply, under the id reserved for it. */
async function expectOneReply(who: SignedIn, threadId: string, final: any) {
  const transcript = await fullTranscript(who.http, threadId);
  expect(transcript.map((m) => m.role)).toEqual(['user', 'assistant']);
  const reply = transcript[1];
  expect(reply).toMatchObject({
    id: final.outputMessageId,
    run_id: final.run.id,
    content: final.outputMessage.content,
  });
  expect(final.outputMessage).toEqual(reply);
  const runs = await who.http.get(`/v1/threads/${threadId}/runs`);
  expect(runs.body.data.map((r: any) => r.id)).toEqual([final.run.id]);
  return reply;
}

/** What every contract-following client must end with, whatever it saw on the way. */
function expectDelivered(followed: FollowedRun, reply: any) {
  expect(followed.violations).toEqual([]);
  expect(followed.snapshot.outputMessage).toEqual(reply);
  expect(followed.transcript.filter((m) => m.role === 'assistant')).toEqual([reply]);
  // What the stream itself drafted (snapshot + deltas placed by offset) is the reply, whichever worker wrote it.
  expect(followed.streamedDraft).toBe(reply.content);
}

function expectTurnEndsAsSnapshot(turned: FollowedTurn, final: any) {
  expect(turned.violations).toEqual([]);
  expect({ ...turned.doc, v: 0 }).toEqual(buildTurnDocument(final));
}

describe('a worker SIGKILLed mid-run', () => {
  it('is replaced after its lease: the run ends completed with exactly one output message, the full reply', async () => {
    const thread = await newThread();
    const { run } = await postAndRun(admin.http, thread.id, MESSAGE);
    const follow = { urls: [api.url], token: admin.token, threadId: thread.id, runId: run.id };
    // Clients following the contract from the start, through the crash.
    const following = followRun(follow);
    const turning = followTurn(follow);

    const { dead, holder } = await killHolder(admin, thread.id, run.id, (s) => s.partialText.length > 0);
    expect(dead.partialText.length).toBeLessThan(REPLY.length);
    expect(REPLY.startsWith(dead.partialText)).toBe(true);
    // A client arriving while nobody holds the run: its snapshot has the dead worker's draft.
    const late = followRun(follow);
    // The same message on another thread, untouched by any crash: the reply the run must end with.
    const other = await newThread();
    const reference = await postAndRun(admin.http, other.id, MESSAGE);

    const final = await waitForRun(admin.http, thread.id, run.id, undefined, 30_000);
    expect(final.run.status, logs()).toBe('completed');
    expect(final.run.error).toBeNull();
    const undisturbed = await waitForRun(admin.http, other.id, reference.run.id, undefined, 30_000);
    expect(final.outputMessage.content).toBe(undisturbed.outputMessage.content);
    expect(final.outputMessage.content).toBe(REPLY);
    expect(final.partialText).toBe(REPLY);
    expect(final.acts).toEqual([]);
    const reply = await expectOneReply(admin, thread.id, final);
    await expectReclaimed(run.id, holder);

    const [first, second] = await Promise.all([following, late]);
    for (const followed of [first!, second!]) {
      expectDelivered(followed, reply);
      // The one-second stream lifetime made it reconnect on the way.
      expect(followed.connections).toBeGreaterThan(1);
    }
    expect(first!.deltas).toBeGreaterThan(0);
    expectTurnEndsAsSnapshot(await turning, final);
    expect((await turning).doc.message).toBe(reply.content);
  }, 90_000);

  it('after a tool act: the act and its artifact are not repeated, and the summary is the one output message', async () => {
    await replacing;
    const thread = await newThread();
    const { run } = await postAndRun(
      admin.http,
      thread.id,
      '/tool create_file {"filename":"crash-notes.txt","content":"Written once, even across a crash.","title":"Crash notes"}',
    );
    const follow = { urls: [api.url], token: admin.token, threadId: thread.id, runId: run.id };
    const following = followRun(follow);
    const turning = followTurn(follow);

    // Killed while the model summarises the tool's result, after the act completed.
    const { dead, holder } = await killHolder(
      admin,
      thread.id,
      run.id,
      (s) => s.acts.length === 1 && s.acts[0].status === 'completed' && s.partialText.length > 0,
    );
    const actId = dead.acts[0].id;

    const final = await waitForRun(admin.http, thread.id, run.id, undefined, 30_000);
    expect(final.run.status, logs()).toBe('completed');
    expect(final.acts).toHaveLength(1);
    expect(final.acts[0]).toMatchObject({ id: actId, key: 'call-1', status: 'completed' });
    expect(final.artifacts.map((a: any) => a.id)).toEqual([actId]);
    const artifacts = await admin.http.get(`/v1/threads/${thread.id}/artifacts`);
    expect(artifacts.body.data.map((a: any) => a.id)).toEqual([actId]);

    const content: string = final.outputMessage.content;
    expect(content.startsWith(`${OFFLINE_INTRO}\nThe tools returned:\n- create_file:`)).toBe(true);
    // The summary once: the rerun replaced the dead worker's draft instead of appending to it.
    expect(content.indexOf(OFFLINE_INTRO)).toBe(content.lastIndexOf(OFFLINE_INTRO));
    expect(content.startsWith(dead.partialText)).toBe(true);
    const reply = await expectOneReply(admin, thread.id, final);
    await expectReclaimed(run.id, holder);

    expectDelivered(await following, reply);
    expectTurnEndsAsSnapshot(await turning, final);
  }, 90_000);

  describe('with a vendor model that words its rerun differently', () => {
    let vendor: FakeChatVendor;
    let member: SignedIn;

    beforeAll(async () => {
      vendor = await startFakeOpenAIChat();
      // A provider of the catalog pointing at the fake vendor, chosen by a new organization.
      const operator = client(api.url, inst.consoleKey);
      const suffix = randomBytes(4).toString('hex');
      const provider = await operator.post('/v1/admin/ai-providers', {
        name: `Fake ${suffix}`,
        slug: `fake-${suffix}`,
        base_url: vendor.baseUrl,
        api_key: `sk-${suffix}`,
      });
      expect(provider.status, provider.text).toBe(201);
      const family = await operator.post('/v1/admin/ai-model-families', {
        providerId: provider.body.id,
        name: `Fake family ${suffix}`,
        slug: `fake-family-${suffix}`,
      });
      expect(family.status, family.text).toBe(201);
      const version = await operator.post('/v1/admin/ai-model-versions', {
        familyId: family.body.id,
        modelId: 'fake-chat',
        version: '1',
        displayName: 'Fake chat',
        outputModalities: ['text'],
        supportsToolUse: true,
        supportsStreaming: true,
      });
      expect(version.status, version.text).toBe(201);
      member = await signInOrgAdmin(api.url, inst);
      const selected = await member.http.put('/v1/organization/model-selections', {
        selections: [{ key: 'text', model_version_id: version.body.id }],
      });
      expect(selected.status, selected.text).toBe(200);
    });
    afterAll(() => vendor?.close());

    it("clients end with the rerun's reply, not the dead worker's draft spliced onto it", async () => {
      await replacing;
      const words = (label: string) => Array.from({ length: 24 }, (_, i) => `${i === 0 ? '' : ' '}${label}${i + 1}`);
      // The dead worker's delivery streams the first reply; the rerun gets the second, as a sampled model would.
      vendor.script(
        { text: words('first'), chunkDelayMs: DELTA_DELAY_MS },
        { text: words('second'), chunkDelayMs: DELTA_DELAY_MS / 2 },
      );
      const thread = await newThread(member);
      const { run } = await postAndRun(member.http, thread.id, 'Say something, twice if you must');
      const follow = { urls: [apiLong.url], token: member.token, threadId: thread.id, runId: run.id };
      const following = followRun(follow);
      const turning = followTurn(follow);

      const { dead, holder } = await killHolder(member, thread.id, run.id, (s) => s.partialText.length > 20, {
        replace: false,
      });
      expect(dead.partialText.startsWith('first1 first2')).toBe(true);

      const final = await waitForRun(member.http, thread.id, run.id, undefined, 30_000);
      expect(final.run.status, logs()).toBe('completed');
      expect(final.outputMessage.content).toBe(words('second').join(''));
      expect(vendor.requests).toHaveLength(2);
      const reply = await expectOneReply(member, thread.id, final);
      await expectReclaimed(run.id, holder);

      // On one long-lived connection each, through the crash: the rerun's first piece disagreed with the draft
      // the stream had sent, so the server closed it with `: reconnect` and the client re-based on a snapshot.
      const followed = await following;
      expectDelivered(followed, reply);
      expect(followed.reconnects).toContain('closed after ": reconnect"');
      const turned = await turning;
      expectTurnEndsAsSnapshot(turned, final);
      expect(turned.connections).toBeGreaterThan(1);
      expect(turned.doc.message).not.toContain('first');
    }, 90_000);
  });
});
