import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, UUID } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg } from './helpers/fixtures.ts';
import { waitForRun } from './helpers/runs.ts';
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
  alice = await addUser(app, orgA.admin.http, { first_name: 'Alice' });
  bob = await addUser(app, orgA.admin.http, { first_name: 'Bob' });
});
afterAll(() => app?.close());

describe('POST /v1/agents/:id/run (alias of the canonical start-run)', () => {
  it('starts a run on a new thread created by the agent and answers 201 { message, run, thread }', async () => {
    const agent = await createAgent(alice);
    const res = await alice.http.post(`/v1/agents/${agent.id}/run`, {
      input: { prompt: 'Summarise the week', week: 12 },
      metadata: { source: 'cli' },
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['message', 'run', 'thread']);
    const { message, run, thread } = res.body;
    expect(thread).toMatchObject({
      id: expect.stringMatching(UUID),
      organization_id: orgA.org.id,
      created_by_type: 'agent',
      created_by_id: agent.id,
      project_id: null,
    });
    expect(message).toMatchObject({
      thread_id: thread.id,
      role: 'user',
      content: 'Summarise the week',
      created_by_type: 'user',
      created_by_id: alice.user.id,
      metadata: { source: 'cli' },
    });
    expect(run).toMatchObject({ thread_id: thread.id, status: 'queued', agent_id: agent.id, workflow_id: null });
    const done = await waitForRun(alice.http, thread.id, run.id);
    expect(done.run.status).toBe('completed');
    expect(done.outputMessage).toMatchObject({ created_by_type: 'agent', created_by_id: agent.id });
    // Like the canonical route's answer to the same thread.
    const canonical = await alice.http.post(`/v1/threads/${thread.id}/runs`, { content: 'And next week?' });
    expect(canonical.status, canonical.text).toBe(201);
    expect(Object.keys(canonical.body).sort()).toEqual(['message', 'run', 'thread']);
    await waitForRun(alice.http, thread.id, canonical.body.run.id);
  });

  it('continues a thread of the agent given by threadId, refusing threads of anything else', async () => {
    const agent = await createAgent(alice);
    const first = await alice.http.post(`/v1/agents/${agent.id}/run`, { input: { prompt: 'One' } });
    await waitForRun(alice.http, first.body.thread.id, first.body.run.id);
    const again = await alice.http.post(`/v1/agents/${agent.id}/run`, {
      threadId: first.body.thread.id,
      input: { prompt: 'Two' },
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body.thread.id).toBe(first.body.thread.id);
    expect(again.body.message.metadata).toEqual({});
    await waitForRun(alice.http, first.body.thread.id, again.body.run.id);

    const userThread = (await alice.http.post('/v1/threads', {})).body;
    expectError(
      await alice.http.post(`/v1/agents/${agent.id}/run`, { thread_id: userThread.id, input: { prompt: 'x' } }),
      400,
      'invalid_request',
    );
    // Another person's thread of the same agent is invisible.
    const bobs = await bob.http.post(`/v1/agents/${agent.id}/run`, { input: { prompt: 'Mine' } });
    expect(bobs.status, bobs.text).toBe(201);
    expectError(
      await alice.http.post(`/v1/agents/${agent.id}/run`, { thread_id: bobs.body.thread.id, input: { prompt: 'x' } }),
      404,
      'not_found',
    );
    await waitForRun(bob.http, bobs.body.thread.id, bobs.body.run.id);
  });

  it('validates the body and leaves no thread behind a refused prompt', async () => {
    const agent = await createAgent(alice);
    const bad: unknown[] = [
      {},
      { input: 'hello' },
      { input: {} },
      { input: { prompt: '' } },
      { input: { prompt: '   ' } },
      { input: { prompt: 5 } },
      { input: { prompt: 'x' }, thread_id: 'nope' },
      { input: { prompt: 'x' }, metadata: 'x' },
      { input: { prompt: 'x' }, extra: 1 },
    ];
    for (const body of bad) {
      expectError(await alice.http.post(`/v1/agents/${agent.id}/run`, body), 400, 'invalid_request');
    }
    const rule = await orgA.admin.http.post('/v1/organization/dlp-rules', {
      name: 'No secrets',
      pattern: 'topsecret',
      action: 'deny',
    });
    expect(rule.status, rule.text).toBe(201);
    const before = (await alice.http.get(`/v1/threads?createdById=${agent.id}`)).body.data.length;
    expectError(
      await alice.http.post(`/v1/agents/${agent.id}/run`, { input: { prompt: 'the topsecret plan' } }),
      422,
      'dlp_blocked',
    );
    expect((await alice.http.get(`/v1/threads?createdById=${agent.id}`)).body.data).toHaveLength(before);
  });

  it('is 404 for private agents of someone else and across organizations', async () => {
    const priv = await createAgent(alice, { visibility: 'private' });
    expectError(await bob.http.post(`/v1/agents/${priv.id}/run`, { input: { prompt: 'x' } }), 404, 'not_found');
    expectError(await orgA.admin.http.post(`/v1/agents/${priv.id}/run`, { input: { prompt: 'x' } }), 404, 'not_found');
    const own = await alice.http.post(`/v1/agents/${priv.id}/run`, { input: { prompt: 'x' } });
    expect(own.status, own.text).toBe(201);
    await waitForRun(alice.http, own.body.thread.id, own.body.run.id);
  });

  it('owes the security cases, including the cross-org probe', async () => {
    const agent = await createAgent(alice);
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/agents/:id/run',
      path: `/v1/agents/${agent.id}/run`,
      body: { input: { prompt: 'x' } },
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/agents/${randomId()}/run` },
    });
  });
});
