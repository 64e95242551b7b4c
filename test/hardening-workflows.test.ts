import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acts, workflows } from '../src/platform/db/schema/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { createOrgWithAdmin, type TestOrg, unique } from './helpers/fixtures.ts';
import { waitForRun } from './helpers/runs.ts';

/**
 * Nested workflows as an amplification bomb (issue finding 2): validation reads each nested workflow once, a
 * definition may expand to at most 200 steps, and a run refuses a workflow that grew past that since.
 */
let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  app = await startTestApp();
  org = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

const modelSteps = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    name: `Model ${i}`,
    type: 'model',
    config: { prompt: 'Hi' },
  }));
const nestSteps = (workflowId: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `w${i}`,
    name: `Nested ${i}`,
    type: 'workflow',
    config: { workflow_id: workflowId, input: {} },
  }));

const post = (steps: unknown[]) =>
  org.admin.http.post('/v1/workflows', { name: unique('Flow'), definition: { steps } });
const patch = (id: string, steps: unknown[]) => org.admin.http.patch(`/v1/workflows/${id}`, { definition: { steps } });

async function create(steps: unknown[]) {
  const res = await post(steps);
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function expectTooLarge(res: Awaited<ReturnType<typeof post>>, expandsTo: number) {
  expectError(res, 400, 'invalid_request');
  expect(res.body.error).toBe(
    `Invalid definition: A workflow may expand to at most 200 steps (nested workflows included); this one expands to ${expandsTo}`,
  );
}

async function runToEnd(workflowId: string) {
  const started = await org.admin.http.post(`/v1/workflows/${workflowId}/run`, { input: {} });
  expect(started.status, started.text).toBe(201);
  return waitForRun(org.admin.http, started.body.thread.id, started.body.run.id);
}

describe('expanded steps', () => {
  it('allows 200 expanded steps and refuses more on create and on patch, naming the limit', async () => {
    const fifty = await create(modelSteps(50));
    const atLimit = await create(nestSteps(fifty, 4));
    await expectTooLarge(await post(nestSteps(fifty, 5)), 250);
    await expectTooLarge(await patch(atLimit, [...nestSteps(fifty, 4), ...modelSteps(1)]), 201);
    // A nested workflow counts each time it is referenced, at every level: 3 × (2 × 50) = 300.
    const twice = await create(nestSteps(fifty, 2));
    await expectTooLarge(await post(nestSteps(twice, 3)), 300);
    expect((await org.admin.http.get(`/v1/workflows/${atLimit}`)).body.definition.steps).toHaveLength(4);
  });

  it('judges a definition reaching 10^5 nested paths from each workflow read once, as fast as a plain one', async () => {
    // Built top-down so that every write is valid when made: each level nests the one below ten times.
    const levels: string[] = [];
    for (let i = 0; i < 5; i++) levels.push(await create(modelSteps(1)));
    for (let i = 4; i >= 1; i--) expect((await patch(levels[i]!, nestSteps(levels[i - 1]!, 10))).status).toBe(200);

    const timed = async (steps: unknown[]) => {
      const started = performance.now();
      const res = await post(steps);
      return { res, ms: performance.now() - started };
    };
    const baselines: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { res, ms } = await timed(nestSteps(levels[0]!, 1));
      expect(res.status, res.text).toBe(201);
      baselines.push(ms);
    }
    const baseline = baselines.sort((a, b) => a - b)[1]!;

    // Ten steps each reaching 11,111 nested workflows by path (five distinct ones): read level by level instead.
    const bomb = await timed(nestSteps(levels[4]!, 10));
    await expectTooLarge(bomb.res, 100_000);
    expect(bomb.ms).toBeLessThan(baseline * 20 + 2_000);
  });
});

describe('runs of workflows whose nested workflows changed since', () => {
  it('fails the run before any step runs when its nested workflows now expand past the limit', async () => {
    const child = await create(modelSteps(40));
    const parent = await create(nestSteps(child, 5));
    // The child alone is valid; its parent now expands to 5 × 41.
    expect((await patch(child, modelSteps(41))).status).toBe(200);

    const done = await runToEnd(parent);
    expect(done.run).toMatchObject({
      status: 'failed',
      error: {
        code: 'limit_reached',
        message: 'A workflow may expand to at most 200 steps (nested workflows included); this one expands to 205',
      },
    });
    expect(done.acts).toEqual([]);
    expect(done.outputMessage.content).toMatch(/^The run failed: A workflow may expand to at most 200 steps/);
  });

  it('fails the run naming the step when a nested workflow is archived or a cycle was written around the checks', async () => {
    const child = await create(modelSteps(1));
    const parent = await create(nestSteps(child, 1));
    expect((await org.admin.http.delete(`/v1/workflows/${child}`)).status).toBe(204);
    const archived = await runToEnd(parent);
    expect(archived.run.error).toEqual({
      code: 'step_failed',
      message: `Step "w0": workflow ${child} is not an active workflow you can use`,
    });

    // Two edits racing each other's checks can close a loop; the run refuses it instead of nesting five levels.
    const a = await create(modelSteps(1));
    const b = await create(nestSteps(a, 1));
    await app.server.database.db
      .update(workflows)
      .set({ definition: { steps: nestSteps(b, 1) } })
      .where(eq(workflows.id, a));
    const looped = await runToEnd(b);
    expect(looped.run.error).toEqual({
      code: 'step_failed',
      message: `Step "w0": nesting workflow ${a} makes a cycle`,
    });
    expect(await app.server.database.db.select().from(acts).where(eq(acts.runId, looped.run.id))).toEqual([]);
  });
});
