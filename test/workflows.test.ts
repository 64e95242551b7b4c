import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg } from './helpers/fixtures.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let org: TestOrg;
let other: TestOrg;
let member: OrgUser;

beforeAll(async () => {
  app = await startTestApp();
  org = await createOrgWithAdmin(app);
  other = await createOrgWithAdmin(app);
  member = await addUser(app, org.admin.http);
});
afterAll(() => app?.close());

const modelStep = (id: string, dependsOn: string[] = [], extra: Record<string, unknown> = {}) => ({
  id,
  name: `Step ${id}`,
  depends_on: dependsOn,
  type: 'model',
  config: { prompt: `Do ${id}` },
  ...extra,
});

const definition = { steps: [modelStep('a'), modelStep('b', ['a'])] };

async function createWorkflow(http = org.admin.http, body: Record<string, unknown> = {}) {
  const res = await http.post('/v1/workflows', { name: 'Weekly report', definition, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('workflows: create and validation', () => {
  it('creates a workflow and answers its record (camelCase step fields accepted)', async () => {
    const res = await org.admin.http.post('/v1/workflows', {
      name: '  Digest  ',
      description: 'Daily digest',
      definition: {
        steps: [
          modelStep('fetch'),
          { id: 'write', name: 'Write', dependsOn: ['fetch'], type: 'model', config: { prompt: 'x' } },
          {
            id: 'file',
            name: 'File it',
            depends_on: ['write'],
            type: 'tool',
            config: { tool: 'create_file', arguments: { filename: 'a.md', content: '{{steps.write.output}}' } },
            requiresConfirmation: true,
            confirmationMessage: 'Save the file?',
          },
        ],
      },
      config: { color: 'blue' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      organization_id: org.org.id,
      name: 'Digest',
      description: 'Daily digest',
      config: { color: 'blue' },
      visibility: 'organization',
      discussion_agent_id: null,
      created_by: org.admin.user.id,
      status: 'active',
    });
    expect(res.body.definition.steps[1].depends_on).toEqual(['fetch']);
    expect(res.body.definition.steps[2]).toMatchObject({
      requires_confirmation: true,
      confirmation_message: 'Save the file?',
    });
  });

  it('refuses bad bodies and bad definitions with 400 naming the problem', async () => {
    const post = (body: Record<string, unknown>) => org.admin.http.post('/v1/workflows', body);
    expectError(await post({ definition }), 400, 'invalid_request');
    expectError(await post({ name: 'x', definition, surprise: 1 }), 400, 'invalid_request');

    const dup = await post({ name: 'x', definition: { steps: [modelStep('a'), modelStep('a')] } });
    expectError(dup, 400, 'invalid_request');
    expect(dup.body.error).toContain('duplicate step id');

    const forward = await post({ name: 'x', definition: { steps: [modelStep('a', ['b']), modelStep('b')] } });
    expectError(forward, 400, 'invalid_request');
    expect(forward.body.error).toContain('earlier step');

    const self = await post({ name: 'x', definition: { steps: [modelStep('a', ['a'])] } });
    expectError(self, 400, 'invalid_request');

    // A model step's model must be an active catalog version, as an agent's config.model must.
    const ghostModel = { ...modelStep('a'), config: { prompt: 'Hi', model: 'no-such-model' } };
    const badModel = await post({ name: 'x', definition: { steps: [ghostModel] } });
    expectError(badModel, 400, 'invalid_request');
    expect(badModel.body.error).toContain('model "no-such-model" is not an active model version');
    const offline = { ...modelStep('a'), config: { prompt: 'Hi', model: 'atrium-offline' } };
    expect((await post({ name: 'x', definition: { steps: [offline] } })).status).toBe(201);

    const unknown = await post({ name: 'x', definition: { steps: [modelStep('a', ['ghost'])] } });
    expectError(unknown, 400, 'invalid_request');
    expect(unknown.body.error).toContain('not a step');

    const badType = await post({ name: 'x', definition: { steps: [{ ...modelStep('a'), type: 'script' }] } });
    expectError(badType, 400, 'invalid_request');

    const noPrompt = await post({ name: 'x', definition: { steps: [{ ...modelStep('a'), config: {} }] } });
    expectError(noPrompt, 400, 'invalid_request');

    const toolStep = { id: 't', name: 'T', depends_on: [], type: 'tool', config: { tool: 'rm_rf', arguments: {} } };
    const badTool = await post({ name: 'x', definition: { steps: [toolStep] } });
    expectError(badTool, 400, 'invalid_request');
    expect(badTool.body.error).toContain('unknown tool');

    const agentStep = {
      id: 'g',
      name: 'G',
      depends_on: [],
      type: 'agent',
      config: { agent_id: randomId(), prompt: 'p' },
    };
    expectError(await post({ name: 'x', definition: { steps: [agentStep] } }), 400, 'invalid_request');

    const skillStep = {
      id: 's',
      name: 'S',
      depends_on: [],
      type: 'skill',
      config: { skill: 'no-such-skill', prompt: 'p' },
    };
    expectError(await post({ name: 'x', definition: { steps: [skillStep] } }), 400, 'invalid_request');

    const nested = {
      id: 'w',
      name: 'W',
      depends_on: [],
      type: 'workflow',
      config: { workflow_id: randomId(), input: {} },
    };
    expectError(await post({ name: 'x', definition: { steps: [nested] } }), 400, 'invalid_request');

    expectError(await post({ name: 'x', definition, discussion_agent_id: randomId() }), 400, 'invalid_request');
  });

  it('refuses nesting cycles and self-nesting on PATCH', async () => {
    const child = await createWorkflow();
    const nest = (id: string) => ({
      id: 'n',
      name: 'Nested',
      depends_on: [],
      type: 'workflow',
      config: { workflow_id: id, input: {} },
    });
    const parent = await createWorkflow(org.admin.http, { definition: { steps: [nest(child.id)] } });
    const cycle = await org.admin.http.patch(`/v1/workflows/${child.id}`, { definition: { steps: [nest(parent.id)] } });
    expectError(cycle, 400, 'invalid_request');
    expect(cycle.body.error).toContain('cycle');
    expectError(
      await org.admin.http.patch(`/v1/workflows/${child.id}`, { definition: { steps: [nest(child.id)] } }),
      400,
    );
  });
});

describe('workflows: list, get, patch, delete', () => {
  it('lists newest first with search and pagination; private ones only for their creator', async () => {
    const tag = randomId().slice(0, 8);
    const first = await createWorkflow(org.admin.http, { name: `List ${tag} one` });
    const second = await createWorkflow(org.admin.http, { name: `List ${tag} two`, visibility: 'private' });
    const mine = await org.admin.http.get(`/v1/workflows?search=${tag}`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data.map((w: any) => w.id)).toEqual([second.id, first.id]);
    const page = await org.admin.http.get(`/v1/workflows?search=${tag}&limit=1`);
    expect(page.body).toMatchObject({ has_more: true, data: [{ id: second.id }] });
    const next = await org.admin.http.get(`/v1/workflows?search=${tag}&limit=1&cursor=${page.body.next_cursor}`);
    expect(next.body).toMatchObject({ has_more: false, next_cursor: null, data: [{ id: first.id }] });

    const theirs = await member.http.get(`/v1/workflows?search=${tag}`);
    expect(theirs.body.data.map((w: any) => w.id)).toEqual([first.id]);
    expectError(await member.http.get(`/v1/workflows/${second.id}`), 404, 'not_found');
    expectError(await member.http.post(`/v1/workflows/${second.id}/run`, { input: {} }), 404, 'not_found');
    expectError(await app.http.as(org.admin.token).get('/v1/workflows?cursor=nope'), 400, 'invalid_request');
  });

  it('gets and patches; only the creator or an admin may change it', async () => {
    const wf = await createWorkflow(member.http);
    const got = await org.admin.http.get(`/v1/workflows/${wf.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(wf);

    const renamed = await member.http.patch(`/v1/workflows/${wf.id}`, { name: 'Renamed', description: null });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', description: null, definition: wf.definition });

    const byAdmin = await org.admin.http.patch(`/v1/workflows/${wf.id}`, { definition: { steps: [modelStep('z')] } });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body.definition.steps.map((s: any) => s.id)).toEqual(['z']);

    const adminsOwn = await createWorkflow();
    expectError(await member.http.patch(`/v1/workflows/${adminsOwn.id}`, { name: 'Mine now' }), 403, 'forbidden');
    expectError(await member.http.delete(`/v1/workflows/${adminsOwn.id}`), 403, 'forbidden');
    expectError(await org.admin.http.patch(`/v1/workflows/${wf.id}`, {}), 400, 'invalid_request');
    const bad = await org.admin.http.patch(`/v1/workflows/${wf.id}`, {
      definition: { steps: [modelStep('a', ['b']), modelStep('b')] },
    });
    expectError(bad, 400, 'invalid_request');
  });

  it('archives on DELETE: gone from GET and lists, new runs 409, its threads stay readable', async () => {
    const wf = await createWorkflow();
    const ran = await org.admin.http.post(`/v1/workflows/${wf.id}/run`, { input: { topic: 'x' } });
    expect(ran.status, ran.text).toBe(201);
    const threadId = ran.body.thread.id;
    expect(ran.body.thread).toMatchObject({ created_by_type: 'workflow', created_by_id: wf.id });

    const del = await org.admin.http.delete(`/v1/workflows/${wf.id}`);
    expect(del.status, del.text).toBe(204);
    expectError(await org.admin.http.get(`/v1/workflows/${wf.id}`), 404, 'not_found');
    expectError(await org.admin.http.patch(`/v1/workflows/${wf.id}`, { name: 'y' }), 404, 'not_found');
    expectError(await org.admin.http.delete(`/v1/workflows/${wf.id}`), 404, 'not_found');
    const list = await org.admin.http.get('/v1/workflows?limit=100');
    expect(list.body.data.map((w: any) => w.id)).not.toContain(wf.id);
    expectError(await org.admin.http.post(`/v1/workflows/${wf.id}/run`, { input: {} }), 409, 'workflow_archived');
    expect((await org.admin.http.get(`/v1/threads/${threadId}`)).status).toBe(200);
    const thread = await org.admin.http.post('/v1/threads', { created_by_type: 'workflow', created_by_id: wf.id });
    expectError(thread, 400, 'invalid_request');
  });

  it('threads may be created on behalf of an active workflow', async () => {
    const wf = await createWorkflow();
    const res = await org.admin.http.post('/v1/threads', { createdByType: 'workflow', createdById: wf.id });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ created_by_type: 'workflow', created_by_id: wf.id });
    expectError(
      await other.admin.http.post('/v1/threads', { created_by_type: 'workflow', created_by_id: wf.id }),
      400,
      'invalid_request',
    );
  });

  it('run validates its body: input is a required object; an unknown thread is 404', async () => {
    const wf = await createWorkflow();
    expectError(await org.admin.http.post(`/v1/workflows/${wf.id}/run`, {}), 400, 'invalid_request');
    expectError(await org.admin.http.post(`/v1/workflows/${wf.id}/run`, { input: 'x' }), 400, 'invalid_request');
    expectError(
      await org.admin.http.post(`/v1/workflows/${wf.id}/run`, { input: {}, thread_id: randomId() }),
      404,
      'not_found',
    );
    const ok = await org.admin.http.post(`/v1/workflows/${wf.id}/run`, { input: { prompt: 'Go' } });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.run).toMatchObject({ status: 'queued', workflow_id: wf.id, thread_id: ok.body.thread.id });
    expect(ok.body.message).toMatchObject({ role: 'user', content: 'Go', thread_id: ok.body.thread.id });
    expectError(await org.admin.http.post(`/v1/workflows/${wf.id}/refine`, { messages: [] }), 400, 'invalid_request');
  });
});

describe('workflows: drafts without steps', () => {
  it('saves a workflow with only a name (no steps yet), refuses to run or nest it until it has steps', async () => {
    const draft = await org.admin.http.post('/v1/workflows', { name: 'Draft' });
    expect(draft.status, draft.text).toBe(201);
    expect(draft.body.definition).toEqual({ steps: [] });
    const empty = await org.admin.http.post('/v1/workflows', { name: 'Empty', definition: { steps: [] } });
    expect(empty.status, empty.text).toBe(201);

    const ran = await org.admin.http.post(`/v1/workflows/${draft.body.id}/run`, { input: {} });
    expectError(ran, 400, 'invalid_request');
    expect(ran.body.error).toContain('no steps');
    const nesting = await org.admin.http.post('/v1/workflows', {
      name: 'Parent',
      definition: {
        steps: [{ id: 'n', name: 'Nested', type: 'workflow', config: { workflow_id: draft.body.id, input: {} } }],
      },
    });
    expectError(nesting, 400, 'invalid_request');
    expect(nesting.body.error).toContain('has no steps');

    const filled = await org.admin.http.patch(`/v1/workflows/${draft.body.id}`, { definition });
    expect(filled.status, filled.text).toBe(200);
    expect((await org.admin.http.post(`/v1/workflows/${draft.body.id}/run`, { input: {} })).status).toBe(201);
  });
});

describe('workflows: run placement', () => {
  it('runs in any thread the caller sees, bound to the workflow; a refused input leaves no thread behind', async () => {
    const wf = await createWorkflow();
    const plain = await org.admin.http.post('/v1/threads', { title: 'Chat' });
    const ran = await org.admin.http.post(`/v1/workflows/${wf.id}/run`, {
      input: { prompt: 'Here' },
      threadId: plain.body.id,
    });
    expect(ran.status, ran.text).toBe(201);
    expect(ran.body.run).toMatchObject({ workflow_id: wf.id, agent_id: null, thread_id: plain.body.id });
    expect(ran.body.thread.id).toBe(plain.body.id);

    const rule = await org.admin.http.post('/v1/organization/dlp-rules', {
      name: 'No codes',
      pattern: 'zebra-\\d+',
      action: 'deny',
    });
    expect(rule.status, rule.text).toBe(201);
    const threadsOf = async () => (await org.admin.http.get(`/v1/threads?createdById=${wf.id}`)).body.data.length;
    const before = await threadsOf();
    expectError(
      await org.admin.http.post(`/v1/workflows/${wf.id}/run`, { input: { prompt: 'zebra-42' } }),
      422,
      'dlp_blocked',
    );
    expect(await threadsOf()).toBe(before);
    await org.admin.http.delete(`/v1/organization/dlp-rules/${rule.body.id}`);
  });
});

describe('workflows: security', () => {
  it('every route: 401 without a valid credential, 404 across organizations', async () => {
    const wf = await createWorkflow();
    for (const c of [
      { route: 'GET /v1/workflows', path: '/v1/workflows', body: undefined, missing: undefined },
      { route: 'POST /v1/workflows', path: '/v1/workflows', body: { name: 'x', definition }, missing: undefined },
      {
        route: 'GET /v1/workflows/:id',
        path: `/v1/workflows/${wf.id}`,
        body: undefined,
        missing: `/v1/workflows/${randomId()}`,
      },
      {
        route: 'PATCH /v1/workflows/:id',
        path: `/v1/workflows/${wf.id}`,
        body: { name: 'y' },
        missing: `/v1/workflows/${randomId()}`,
      },
      {
        route: 'DELETE /v1/workflows/:id',
        path: `/v1/workflows/${wf.id}`,
        body: undefined,
        missing: `/v1/workflows/${randomId()}`,
      },
      {
        route: 'POST /v1/workflows/:id/run',
        path: `/v1/workflows/${wf.id}/run`,
        body: { input: {} },
        missing: `/v1/workflows/${randomId()}/run`,
      },
      {
        route: 'POST /v1/workflows/:id/refine',
        path: `/v1/workflows/${wf.id}/refine`,
        body: { messages: [{ role: 'user', content: 'Add a step' }] },
        missing: `/v1/workflows/${randomId()}/refine`,
      },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: c.path,
        body: c.body,
        crossOrg: c.missing ? { credential: other.admin.token, missingPath: c.missing } : undefined,
      });
    }
    // The other organization's list does not show it either.
    const list = await other.admin.http.get('/v1/workflows?limit=100');
    expect(list.body.data.map((w: any) => w.id)).not.toContain(wf.id);
    expect((await org.admin.http.get(`/v1/workflows/${wf.id}`)).status).toBe(200);
  });
});
