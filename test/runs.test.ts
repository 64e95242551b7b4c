import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  type TestOrg,
} from './helpers/fixtures.ts';
import { REDIS_URL } from './helpers/processes.ts';
import { awaiting, postAndRun, waitForRun } from './helpers/runs.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let alice: OrgUser;
let bob: OrgUser;

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  alice = await addUser(app, orgA.admin.http);
  bob = await addUser(app, orgA.admin.http);
});
afterAll(() => app?.close());

const newThread = async (who: OrgUser = alice) => (await who.http.post('/v1/threads', { title: 'T' })).body;
const MESSAGE_KEYS = [
  'attachments',
  'content',
  'created_at',
  'created_by_id',
  'created_by_type',
  'id',
  'metadata',
  'role',
  'run_id',
  'thread_id',
];

describe('posting a message', () => {
  it('creates the message and a queued run atomically; the run ends with exactly one output message', async () => {
    const thread = await newThread();
    const res = await alice.http.post(`/v1/threads/${thread.id}/messages`, {
      content: 'Hello there',
      metadata: { source: 'test' },
    });
    expect(res.status, res.text).toBe(201);
    const { message, run } = res.body;
    expect(Object.keys(message).sort()).toEqual(MESSAGE_KEYS);
    expect(message).toMatchObject({
      thread_id: thread.id,
      role: 'user',
      content: 'Hello there',
      run_id: null,
      created_by_type: 'user',
      created_by_id: alice.user.id,
      metadata: { source: 'test' },
      attachments: [],
    });
    expect(message.created_at).toMatch(ISO_MS);
    expect(run).toMatchObject({
      thread_id: thread.id,
      status: 'queued',
      agent_id: null,
      workflow_id: null,
      error: null,
    });
    expect(run.id).toMatch(UUID);

    const snapshot = await waitForRun(alice.http, thread.id, run.id);
    expect(snapshot.run.status).toBe('completed');
    expect(snapshot.run.completed_at).toMatch(ISO_MS);
    expect(snapshot.outputMessage).toMatchObject({ id: snapshot.outputMessageId, role: 'assistant', run_id: run.id });
    expect(snapshot.outputMessage.content).toContain('offline');
    expect(snapshot.partialText).toBe(snapshot.outputMessage.content);

    const transcript = await alice.http.get(`/v1/threads/${thread.id}/messages`);
    expect(transcript.body.data.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    expect(transcript.body.data[1].id).toBe(snapshot.outputMessageId);

    const thread2 = await alice.http.get(`/v1/threads/${thread.id}`);
    expect(thread2.body.active_run_id).toBeNull();
  });

  it('posts without a run when run is false', async () => {
    const thread = await newThread();
    const res = await alice.http.post(`/v1/threads/${thread.id}/messages`, { content: 'note', run: false });
    expect(res.status).toBe(201);
    expect(res.body.run).toBeNull();
    expect((await alice.http.get(`/v1/threads/${thread.id}/runs`)).body.data).toEqual([]);
  });

  it('answers 409 run_in_progress while a run is live, and shows it as active_run_id', async () => {
    const thread = await newThread();
    const first = await postAndRun(
      alice.http,
      thread.id,
      '/tool ask_user {"prompt":"Which region?","options":["EU","US"]}',
    );
    await waitForRun(alice.http, thread.id, first.run.id, awaiting);
    expectError(
      await alice.http.post(`/v1/threads/${thread.id}/messages`, { content: 'again' }),
      409,
      'run_in_progress',
    );
    expect((await alice.http.get(`/v1/threads/${thread.id}`)).body.active_run_id).toBe(first.run.id);
  });

  it('lets exactly one of several racing posts start a run (the one-live-run index decides)', async () => {
    // A slow offline model keeps the first run live while the others arrive.
    const slow = await startTestApp({ ATRIUM_OFFLINE_DELTA_DELAY_MS: '150' });
    try {
      const org = await createOrgWithAdmin(slow);
      const thread = (await org.admin.http.post('/v1/threads', {})).body;
      const racing = await Promise.all(
        [1, 2, 3].map(() => org.admin.http.post(`/v1/threads/${thread.id}/messages`, { content: 'race' })),
      );
      expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      for (const r of racing.filter((x) => x.status === 409)) expectError(r, 409, 'run_in_progress');
      expect((await org.admin.http.get(`/v1/threads/${thread.id}/messages`)).body.data).toHaveLength(1);
      const winner = racing.find((r) => r.status === 201)!.body.run;
      await org.admin.http.post(`/v1/threads/${thread.id}/runs/${winner.id}/cancel`);
    } finally {
      await slow.close();
    }
  });

  it('validates the body', async () => {
    const thread = await newThread();
    const post = (body: unknown) => alice.http.post(`/v1/threads/${thread.id}/messages`, body);
    expectError(await post({}), 400, 'invalid_request');
    expectError(await post({ content: '   ' }), 400, 'invalid_request');
    expectError(await post({ content: 'x'.repeat(100_001) }), 400, 'invalid_request');
    expectError(await post({ content: 'x', run: 'yes' }), 400, 'invalid_request');
    expectError(await post({ content: 'x', extra: 1 }), 400, 'invalid_request');
    expectError(
      await post({ content: 'x', attachments: [{ type: 'artifact', id: randomId() }] }),
      422,
      'validation_error',
    );
    expect((await alice.http.get(`/v1/threads/${thread.id}/messages`)).body.data).toEqual([]);
  });

  it('owes the security cases; other members and other orgs get 404', async () => {
    const thread = await newThread();
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/threads/:id/messages',
      path: `/v1/threads/${thread.id}/messages`,
      body: { content: 'hi' },
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/threads/${randomId()}/messages` },
    });
    expectError(await bob.http.post(`/v1/threads/${thread.id}/messages`, { content: 'hi' }), 404, 'not_found');
  });
});

describe('DLP on messages', () => {
  it('refuses a message a deny rule matches, unless an allow rule matches too; nothing is stored', async () => {
    const rules = orgA.admin.http;
    const deny = await rules.post('/v1/organization/dlp-rules', {
      name: 'Cards',
      pattern: '\\b\\d{4}-\\d{4}\\b',
      action: 'deny',
    });
    expect(deny.status, deny.text).toBe(201);
    const thread = await newThread();
    const blocked = await alice.http.post(`/v1/threads/${thread.id}/messages`, { content: 'card 1234-5678' });
    expectError(blocked, 422, 'dlp_blocked');
    expect((await alice.http.get(`/v1/threads/${thread.id}/messages`)).body.data).toEqual([]);
    expect((await alice.http.get(`/v1/threads/${thread.id}/runs`)).body.data).toEqual([]);

    const allow = await rules.post('/v1/organization/dlp-rules', {
      name: 'Test card',
      pattern: '1234-5678',
      action: 'allow',
    });
    expect(allow.status).toBe(201);
    const allowed = await alice.http.post(`/v1/threads/${thread.id}/messages`, {
      content: 'card 1234-5678',
      run: false,
    });
    expect(allowed.status, allowed.text).toBe(201);
    await rules.delete(`/v1/organization/dlp-rules/${deny.body.id}`);
    await rules.delete(`/v1/organization/dlp-rules/${allow.body.id}`);
  });
});

describe('runs', () => {
  it('starts a run on the latest user message or on new content (canonical start-run)', async () => {
    const thread = await newThread();
    expectError(await alice.http.post(`/v1/threads/${thread.id}/runs`, {}), 400, 'invalid_request');
    await alice.http.post(`/v1/threads/${thread.id}/messages`, { content: 'first', run: false });
    const res = await alice.http.post(`/v1/threads/${thread.id}/runs`);
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['message', 'run', 'thread']);
    expect(res.body.message.content).toBe('first');
    expect(res.body.thread.id).toBe(thread.id);
    await waitForRun(alice.http, thread.id, res.body.run.id);

    const withContent = await alice.http.post(`/v1/threads/${thread.id}/runs`, { content: 'second' });
    expect(withContent.status).toBe(201);
    expect(withContent.body.message.content).toBe('second');
    await waitForRun(alice.http, thread.id, withContent.body.run.id);

    const list = await alice.http.get(`/v1/threads/${thread.id}/runs?limit=1`);
    expect(list.body.data.map((r: any) => r.id)).toEqual([withContent.body.run.id]);
    expect(list.body.has_more).toBe(true);
    const next = await alice.http.get(`/v1/threads/${thread.id}/runs?cursor=${list.body.next_cursor}`);
    expect(next.body.data.map((r: any) => r.id)).toEqual([res.body.run.id]);
  });

  it('runs a tool that makes an artifact, visible in the snapshot and the thread artifacts', async () => {
    const thread = await newThread();
    const args = JSON.stringify({
      title: 'Sales',
      filename: 'sales.xlsx',
      sheets: [
        {
          name: 'Q1',
          columns: ['Region', 'Total'],
          rows: [
            ['EU', 10],
            ['US', 12],
          ],
        },
      ],
    });
    const { run } = await postAndRun(alice.http, thread.id, `/tool create_spreadsheet ${args}`);
    const snapshot = await waitForRun(alice.http, thread.id, run.id);
    expect(snapshot.run.status).toBe('completed');
    expect(snapshot.acts).toHaveLength(1);
    expect(snapshot.acts[0]).toMatchObject({ key: 'call-1', status: 'completed', dependsOn: [], error: null });
    expect(snapshot.artifacts).toHaveLength(1);
    expect(snapshot.artifacts[0]).toMatchObject({ created_by_tool: 'create_spreadsheet', status: 'ready' });
    const listed = await alice.http.get(`/v1/threads/${thread.id}/artifacts`);
    expect(listed.body.data.map((a: any) => a.id)).toEqual([snapshot.artifacts[0].id]);
  });

  it('pauses on a clarification, lists it in approvals, and resumes with the answer', async () => {
    const thread = await newThread();
    const { run } = await postAndRun(
      alice.http,
      thread.id,
      '/tool ask_user {"prompt":"Which region?","options":["EU","US"]}',
    );
    const paused = await waitForRun(alice.http, thread.id, run.id, awaiting);
    const act = paused.acts[0];
    expect(act).toMatchObject({
      status: 'awaiting',
      interrupt: { type: 'clarification', prompt: 'Which region?', options: ['EU', 'US'], multiSelect: false },
    });
    const approvals = await alice.http.get('/v1/approvals');
    expect(approvals.body.data).toContainEqual(
      expect.objectContaining({
        id: act.id,
        type: 'clarification',
        run_id: run.id,
        thread_id: thread.id,
        thread_title: thread.title,
        act_key: act.key,
      }),
    );
    expect((await bob.http.get('/v1/approvals')).body.data.map((a: any) => a.id)).not.toContain(act.id);

    expectError(await alice.http.post(`/v1/threads/${thread.id}/runs/${run.id}/approve`, {}), 422, 'validation_error');
    expectError(
      await alice.http.post(`/v1/threads/${thread.id}/runs/${run.id}/resume`, {
        interrupt_id: randomId(),
        answer: 'EU',
      }),
      422,
      'validation_error',
    );
    expectError(await alice.http.post(`/v1/threads/${thread.id}/runs/${run.id}/resume`, {}), 400, 'invalid_request');
    const resumed = await alice.http.post(`/v1/threads/${thread.id}/runs/${run.id}/resume`, { answer: 'EU' });
    expect(resumed.status, resumed.text).toBe(202);
    expect(resumed.body).toEqual({ run: { id: run.id, status: 'running' } });
    const done = await waitForRun(alice.http, thread.id, run.id);
    expect(done.run.status).toBe('completed');
    expect(done.acts[0].status).toBe('completed');
    expect(done.outputMessage.content).toContain('EU');
    expectError(
      await alice.http.post(`/v1/threads/${thread.id}/runs/${run.id}/resume`, { answer: 'US' }),
      409,
      'run_not_awaiting',
    );
  });

  it('rejects a clarification: the act completes as declined and the run goes on', async () => {
    const thread = await newThread();
    const { run } = await postAndRun(alice.http, thread.id, '/tool ask_user {"prompt":"Your budget?"}');
    await waitForRun(alice.http, thread.id, run.id, awaiting);
    // The spec lists 422 for reject's validation failures (approve and resume answer 400).
    const rejectPath = `/v1/threads/${thread.id}/runs/${run.id}/reject`;
    for (const bad of [{ reason: 5 }, { interruptId: 'zz' }]) {
      expectError(await alice.http.post(rejectPath, bad), 422, 'validation_error');
    }
    // An unknown field in a strict body stays 400 invalid_request, as the Errors table has it.
    expectError(await alice.http.post(rejectPath, { foo: 1 }), 400, 'invalid_request');
    expectError(
      await alice.http.post(`/v1/threads/${thread.id}/runs/${run.id}/approve`, { foo: 1 }),
      400,
      'invalid_request',
    );
    const rejected = await alice.http.post(rejectPath, { reason: 'private' });
    expect(rejected.status, rejected.text).toBe(202);
    expect(rejected.body).toEqual({ run: { id: run.id, status: 'running' } });
    const done = await waitForRun(alice.http, thread.id, run.id);
    expect(done.run.status).toBe('completed');
    expect(done.acts[0]).toMatchObject({ status: 'completed', error: null });
    expectError(await alice.http.post(`/v1/threads/${thread.id}/runs/${run.id}/reject`, {}), 409, 'run_not_awaiting');
  });

  it('cancels an awaiting run: cancelled, acts cancelled, exactly one output message', async () => {
    const thread = await newThread();
    const { run } = await postAndRun(alice.http, thread.id, '/tool ask_user {"prompt":"Go on?"}');
    await waitForRun(alice.http, thread.id, run.id, awaiting);
    const cancelled = await alice.http.post(`/v1/threads/${thread.id}/runs/${run.id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(202);
    expect(cancelled.body).toEqual({ run: { id: run.id, status: 'cancelled' } });
    const snapshot = await waitForRun(alice.http, thread.id, run.id);
    expect(snapshot.run.status).toBe('cancelled');
    expect(snapshot.acts[0].status).toBe('cancelled');
    expect(snapshot.outputMessage.content).toBeTruthy();
    expectError(await alice.http.post(`/v1/threads/${thread.id}/runs/${run.id}/cancel`), 409, 'run_finished');
    const transcript = (await alice.http.get(`/v1/threads/${thread.id}/messages`)).body.data;
    expect(transcript.filter((m: any) => m.role === 'assistant')).toHaveLength(1);
    // The thread takes a new run afterwards.
    expect((await alice.http.post(`/v1/threads/${thread.id}/messages`, { content: 'next' })).status).toBe(201);
  });

  it('pages the transcript oldest first', async () => {
    const thread = await newThread();
    for (const content of ['a', 'b', 'c']) {
      await alice.http.post(`/v1/threads/${thread.id}/messages`, { content, run: false });
    }
    const page1 = await alice.http.get(`/v1/threads/${thread.id}/messages?limit=2`);
    expect(page1.body.data.map((m: any) => m.content)).toEqual(['a', 'b']);
    const page2 = await alice.http.get(`/v1/threads/${thread.id}/messages?limit=2&cursor=${page1.body.next_cursor}`);
    expect(page2.body.data.map((m: any) => m.content)).toEqual(['c']);
    expectError(await alice.http.get(`/v1/threads/${thread.id}/messages?limit=0`), 400, 'invalid_request');
  });

  it('lets a service account converse on its own threads', async () => {
    const { key } = await createServiceAccountWithKey(orgA.admin.http);
    const bot = app.http.as(key);
    const thread = (await bot.post('/v1/threads', {})).body;
    const res = await bot.post(`/v1/threads/${thread.id}/messages`, { content: 'ping' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message.created_by_type).toBe('service_account');
    await waitForRun(bot, thread.id, res.body.run.id);
  });

  it('owes the security cases on every run route', async () => {
    const thread = await newThread();
    const { run } = await postAndRun(alice.http, thread.id, 'hi');
    await waitForRun(alice.http, thread.id, run.id);
    const base = `/v1/threads/${thread.id}`;
    const other = `/v1/threads/${thread.id}/runs/${randomId()}`;
    for (const c of [
      { route: 'GET /v1/threads/:id/messages', path: `${base}/messages`, body: undefined },
      { route: 'GET /v1/threads/:id/runs', path: `${base}/runs`, body: undefined },
      { route: 'POST /v1/threads/:id/runs', path: `${base}/runs`, body: {} },
      { route: 'GET /v1/threads/:id/runs/:runId', path: `${base}/runs/${run.id}`, body: undefined },
      { route: 'POST /v1/threads/:id/runs/:runId/cancel', path: `${base}/runs/${run.id}/cancel`, body: undefined },
      { route: 'POST /v1/threads/:id/runs/:runId/approve', path: `${base}/runs/${run.id}/approve`, body: {} },
      { route: 'POST /v1/threads/:id/runs/:runId/reject', path: `${base}/runs/${run.id}/reject`, body: {} },
      {
        route: 'POST /v1/threads/:id/runs/:runId/resume',
        path: `${base}/runs/${run.id}/resume`,
        body: { answer: 'x' },
      },
      // The live streams: a refused caller gets a plain JSON error before any frame.
      { route: 'GET /v1/threads/:threadId/runs/:runId/events', path: `${base}/runs/${run.id}/events`, body: undefined },
      { route: 'GET /v1/threads/:threadId/runs/:runId/turn', path: `${base}/runs/${run.id}/turn`, body: undefined },
    ] as const) {
      const { path, body } = c;
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path,
        body,
        crossOrg: {
          credential: orgB.admin.token,
          missingPath: path.includes(run.id) ? path.replace(run.id, randomId()) : path.replace(thread.id, randomId()),
        },
      });
      expectError(await bob.http.request(c.route.split(' ')[0]!, path, { body }), 404, 'not_found');
    }
    expectError(await alice.http.get(other), 404, 'not_found');
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/approvals', path: '/v1/approvals' });
  });
});

describe('aggregates fed by threads and runs', () => {
  it('counts runs of the last 30 days as tasks and a project’s threads as conversations', async () => {
    const org = await createOrgWithAdmin(app);
    const project = (await org.admin.http.post('/v1/projects', { name: 'Counted' })).body;
    const other = (await org.admin.http.post('/v1/projects', { name: 'Other' })).body;
    const inProject = [1, 2].map(() => org.admin.http.post('/v1/threads', { project_id: project.id }));
    const threads = (await Promise.all(inProject)).map((r) => r.body);
    await org.admin.http.post('/v1/threads', { project_id: other.id });
    await org.admin.http.post('/v1/threads', {});
    for (const thread of threads) {
      const { run } = await postAndRun(org.admin.http, thread.id, 'count me');
      await waitForRun(org.admin.http, thread.id, run.id);
    }
    const projects = (await org.admin.http.get('/v1/projects')).body.data;
    expect(projects.find((p: any) => p.id === project.id).conversation_count).toBe(2);
    expect(projects.find((p: any) => p.id === other.id).conversation_count).toBe(1);

    const console = app.http.as(app.consoleKey);
    expect((await console.get(`/v1/admin/organizations/${org.org.id}`)).body.task_count_last30d).toBe(2);
    const listed = await console.get(`/v1/admin/organizations?search=${encodeURIComponent(org.org.name)}`);
    expect(listed.body.data[0].task_count_last30d).toBe(2);
  });
});

describe('a queued run (API role, no worker to claim it)', () => {
  it('is not the thread’s active_run_id until it runs, yet already blocks a second run', async () => {
    const apiOnly = await startTestApp({ ATRIUM_ROLE: 'api', REDIS_URL });
    try {
      const org = await createOrgWithAdmin(apiOnly);
      const thread = (await org.admin.http.post('/v1/threads', {})).body;
      const posted = await org.admin.http.post(`/v1/threads/${thread.id}/messages`, { content: 'hello' });
      expect(posted.status, posted.text).toBe(201);
      expect(posted.body.run.status).toBe('queued');
      expect((await org.admin.http.get(`/v1/threads/${thread.id}`)).body.active_run_id).toBeNull();
      expectError(
        await org.admin.http.post(`/v1/threads/${thread.id}/messages`, { content: 'again' }),
        409,
        'run_in_progress',
      );
    } finally {
      await apiOnly.close();
    }
  });
});
