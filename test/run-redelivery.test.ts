import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunHandler, type RunEngineDeps } from '../src/modules/runs/engine/handler.ts';
import { createMemoryEventBus, type RunEvent } from '../src/platform/events/index.ts';
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
