import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunHandler, type RunEngineDeps } from '../src/modules/runs/engine/handler.ts';
import { RUN_JOB } from '../src/modules/runs/launch.ts';
import { messages, runs } from '../src/platform/db/schema/index.ts';
import { createMemoryEventBus, type RunEvent } from '../src/platform/events/index.ts';
import { enqueue } from '../src/platform/jobs/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';

/**
 * A delivery that died after ending its run but before publishing the end: the reclaimed delivery finds the run
 * finished and publishes its terminal event again, so open streams still close with the output message.
 */
let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  app = await startTestApp();
  org = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

describe('redelivery of a finished run', () => {
  it('republishes the terminal event on a reclaimed delivery, and stays quiet on a first one', async () => {
    const thread = (await org.admin.http.post('/v1/threads', {})).body;
    const { run } = await postAndRun(org.admin.http, thread.id, 'hello');
    const snapshot = await waitForRun(org.admin.http, thread.id, run.id);

    const bus = createMemoryEventBus();
    const seen: RunEvent[] = [];
    bus.subscribe(run.id, (e) => seen.push(e));
    const handler = createRunHandler({ db: app.server.database.db, bus } as unknown as RunEngineDeps);
    const job = (attempt: number) => ({
      id: 'job',
      kind: 'run.execute',
      payload: { organizationId: org.org.id, runId: run.id },
      attempt,
    });
    const ctx = { signal: new AbortController().signal };

    await handler(job(1), ctx);
    expect(seen).toEqual([]);
    await handler(job(2), ctx);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      channel: 'lifecycle',
      type: 'completed',
      payload: { outputMessageId: snapshot.outputMessageId, outputMessage: snapshot.outputMessage },
    });
    await bus.close();
  });
});

describe('redelivery of a workflow run whose step had failed', () => {
  it("fails the run with that step's error when the delivery died before failing the run", async () => {
    const wf = await org.admin.http.post('/v1/workflows', {
      name: 'Failing flow',
      definition: {
        steps: [
          {
            id: 'save',
            name: 'Save',
            type: 'tool',
            config: { tool: 'create_file', arguments: { filename: 'x.svg', content: 'x' } },
          },
        ],
      },
    });
    expect(wf.status, wf.text).toBe(201);
    const started = await org.admin.http.post(`/v1/workflows/${wf.body.id}/run`, { input: {} });
    const threadId = started.body.thread.id as string;
    const runId = started.body.run.id as string;
    const failed = await waitForRun(org.admin.http, threadId, runId);
    expect(failed.run.status).toBe('failed');

    // Put the run back where a delivery that died between the failed act and the run's end left it.
    const { db } = app.server.database;
    await db.update(runs).set({ status: 'running', completedAt: null, error: null }).where(eq(runs.id, runId));
    await db.delete(messages).where(eq(messages.id, failed.outputMessageId));
    await enqueue(db, { kind: RUN_JOB, payload: { organizationId: org.org.id, runId }, dedupeKey: `again:${runId}` });

    const again = await waitForRun(org.admin.http, threadId, runId);
    expect(again.run.status).toBe('failed');
    expect(again.outputMessage.content).toMatch(/^The run failed: The step "Save" failed: .*text files only/);
  });
});
