import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_MODEL_ID } from '../src/platform/models/offline/catalog.ts';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg, unique } from './helpers/fixtures.ts';
import { waitForRun } from './helpers/runs.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let alice: OrgUser;
let bob: OrgUser;
let skill: any;

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  alice = await addUser(app, orgA.admin.http, { first_name: 'Alice' });
  bob = await addUser(app, orgA.admin.http, { first_name: 'Bob' });
  const res = await alice.http.post('/v1/skills', {
    slug: unique('style').toLowerCase(),
    name: 'Style',
    when_to_use: 'Always',
    instructions: 'Write plainly.',
  });
  expect(res.status, res.text).toBe(201);
  skill = res.body;
});
afterAll(() => app?.close());

describe('PATCH /v1/agents/:id', () => {
  it('changes the given fields; config is replaced as a whole; null clears the description', async () => {
    const agent = await createAgent(alice, { description: 'Old', config: { tools: ['create_file'], keep: 1 } });
    const res = await alice.http.patch(`/v1/agents/${agent.id}`, {
      name: ' Renamed ',
      description: null,
      systemPrompt: 'New prompt',
      config: { model: OFFLINE_MODEL_ID, other: 'x' },
      visibility: 'private',
      default_skill_slugs: [skill.slug],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      ...agent,
      name: 'Renamed',
      description: null,
      system_prompt: 'New prompt',
      config: { model: OFFLINE_MODEL_ID, other: 'x' },
      visibility: 'private',
      default_skill_slugs: [skill.slug],
      updated_at: res.body.updated_at,
    });
    expect(res.body.updated_at >= agent.updated_at).toBe(true);
    expect((await alice.http.get(`/v1/agents/${agent.id}`)).body).toEqual(res.body);
    // An empty patch changes nothing.
    expect((await alice.http.patch(`/v1/agents/${agent.id}`, {})).body).toEqual(res.body);
  });

  it('lets the creator or an org admin change it; other members get 403, private ones 404', async () => {
    const shared = await createAgent(alice);
    expectError(await bob.http.patch(`/v1/agents/${shared.id}`, { name: 'Mine now' }), 403, 'forbidden');
    const byAdmin = await orgA.admin.http.patch(`/v1/agents/${shared.id}`, { name: 'Admin was here' });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body.name).toBe('Admin was here');
    const priv = await createAgent(alice, { visibility: 'private' });
    expectError(await bob.http.patch(`/v1/agents/${priv.id}`, { name: 'x' }), 404, 'not_found');
    expectError(await orgA.admin.http.patch(`/v1/agents/${priv.id}`, { name: 'x' }), 404, 'not_found');
  });

  it('validates like creation: 422 for field values, 400 for unknown fields', async () => {
    const agent = await createAgent(alice);
    const bad: Record<string, unknown>[] = [
      { name: '' },
      { name: 'x'.repeat(256) },
      { system_prompt: '' },
      { system_prompt: null },
      { config: { tools: ['nope'] } },
      { config: { model: 'no-such-model' } },
      { config: null },
      { visibility: 'everyone' },
      { default_skill_slugs: ['no-such-skill'] },
    ];
    for (const body of bad)
      expectError(await alice.http.patch(`/v1/agents/${agent.id}`, body), 422, 'validation_error');
    expectError(await alice.http.patch(`/v1/agents/${agent.id}`, { status: 'archived' }), 400, 'invalid_request');
    expect((await alice.http.get(`/v1/agents/${agent.id}`)).body).toEqual(agent);
  });

  it('owes the security cases, including the cross-org probe', async () => {
    const agent = await createAgent(alice);
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/agents/:id',
      path: `/v1/agents/${agent.id}`,
      body: { name: 'x' },
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/agents/${randomId()}` },
    });
  });
});

describe('DELETE /v1/agents/:id (archive)', () => {
  it('lets the creator or an org admin archive; other members get 403, private ones 404', async () => {
    const shared = await createAgent(alice);
    expectError(await bob.http.delete(`/v1/agents/${shared.id}`), 403, 'forbidden');
    const res = await orgA.admin.http.delete(`/v1/agents/${shared.id}`);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    const priv = await createAgent(alice, { visibility: 'private' });
    expectError(await bob.http.delete(`/v1/agents/${priv.id}`), 404, 'not_found');
    expect((await alice.http.delete(`/v1/agents/${priv.id}`)).status).toBe(204);
  });

  it('removes it from lists and GET; its threads stay readable; new runs through it are 409', async () => {
    const agent = await createAgent(alice, { name: unique('Archived') });
    const thread = (await alice.http.post('/v1/threads', { createdByType: 'agent', createdById: agent.id })).body;
    const first = await alice.http.post(`/v1/threads/${thread.id}/messages`, { content: 'Hello' });
    expect(first.status, first.text).toBe(201);
    await waitForRun(alice.http, thread.id, first.body.run.id);

    expect((await alice.http.delete(`/v1/agents/${agent.id}`)).status).toBe(204);
    expectError(await alice.http.get(`/v1/agents/${agent.id}`), 404, 'not_found');
    expect((await alice.http.get(`/v1/agents?search=${encodeURIComponent(agent.name)}`)).body.data).toEqual([]);
    expectError(await alice.http.patch(`/v1/agents/${agent.id}`, { name: 'x' }), 404, 'not_found');
    expectError(await alice.http.delete(`/v1/agents/${agent.id}`), 404, 'not_found');

    // The thread and its transcript and runs stay readable.
    expect((await alice.http.get(`/v1/threads/${thread.id}`)).status).toBe(200);
    const transcript = await alice.http.get(`/v1/threads/${thread.id}/messages`);
    expect(transcript.body.data.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    expect((await alice.http.get(`/v1/threads/${thread.id}/runs/${first.body.run.id}`)).status).toBe(200);

    // No new run through it, by any path; a message without a run is still accepted.
    expectError(
      await alice.http.post(`/v1/threads/${thread.id}/messages`, { content: 'Again' }),
      409,
      'agent_archived',
    );
    expectError(await alice.http.post(`/v1/threads/${thread.id}/runs`, { content: 'Again' }), 409, 'agent_archived');
    expectError(await alice.http.post(`/v1/threads/${thread.id}/runs`, {}), 409, 'agent_archived');
    expectError(
      await alice.http.post(`/v1/agents/${agent.id}/run`, { input: { prompt: 'Again' } }),
      409,
      'agent_archived',
    );
    const quiet = await alice.http.post(`/v1/threads/${thread.id}/messages`, { content: 'Note', run: false });
    expect(quiet.status, quiet.text).toBe(201);
    expect(quiet.body.run).toBeNull();
    expect((await alice.http.get(`/v1/threads/${thread.id}/runs`)).body.data).toHaveLength(1);
    // Nor a new thread bound to it.
    expectError(
      await alice.http.post('/v1/threads', { createdByType: 'agent', createdById: agent.id }),
      400,
      'invalid_request',
    );
  });

  it('owes the security cases, including the cross-org probe', async () => {
    const agent = await createAgent(alice);
    await expectRouteSecurity({
      http: app.http,
      route: 'DELETE /v1/agents/:id',
      path: `/v1/agents/${agent.id}`,
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/agents/${randomId()}` },
    });
    expect((await alice.http.get(`/v1/agents/${agent.id}`)).status).toBe(200);
  });
});
