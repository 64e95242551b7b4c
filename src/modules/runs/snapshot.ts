import type { z } from 'zod';
import type { Executor } from '../../platform/db/client.ts';
import type { RunSnapshotSchema, SnapshotArtifactSchema } from './schemas.ts';
import { actsStore, messagesStore, type RunRow } from './store.ts';
import { toActView, toMessageView, toRunView } from './views.ts';

export type RunSnapshot = z.output<typeof RunSnapshotSchema>;

/** The artifacts module's view of what a run produced (ready ones, oldest first). */
export interface SnapshotArtifacts {
  listForRun(db: Executor, organizationId: string, runId: string): Promise<z.output<typeof SnapshotArtifactSchema>[]>;
}

/**
 * The run's durable state, as `GET …/runs/:runId` and the streams' first frame show it. The output message is
 * looked up under the id reserved at creation, so it is null until the run has ended.
 */
export async function buildSnapshot(db: Executor, artifacts: SnapshotArtifacts, run: RunRow): Promise<RunSnapshot> {
  const [acts, produced, output] = await Promise.all([
    actsStore.listForRun(db, run.organizationId, run.id),
    artifacts.listForRun(db, run.organizationId, run.id),
    messagesStore.find(db, run.organizationId, run.outputMessageId),
  ]);
  return {
    run: toRunView(run),
    acts: acts.map(toActView),
    partialText: run.partialText,
    artifacts: produced,
    outputMessageId: run.outputMessageId,
    outputMessage: output ? toMessageView(output) : null,
  };
}
