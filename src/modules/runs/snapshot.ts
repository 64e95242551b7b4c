import type { z } from 'zod';
import type { Executor } from '../../platform/db/client.ts';
import { narrationOf, readState } from './engine/conversation.ts';
import type { RunSnapshotSchema, SnapshotArtifactSchema } from './schemas.ts';
import { actsStore, LIVE_STATUSES, messagesStore, type RunRow } from './store.ts';
import { toActView, toMessageView, toRunView } from './views.ts';

export type RunSnapshot = z.output<typeof RunSnapshotSchema>;

/** A workflow run plans its steps as acts; an agent run has acts once a round of it has called tools. */
const mayHaveActs = (run: RunRow) =>
  run.workflowId !== null || readState(run.state).rounds.some((round) => round.toolCalls.length > 0);

/** The artifacts module's view of what a run produced (ready ones, oldest first). */
export interface SnapshotArtifacts {
  listForRun(db: Executor, organizationId: string, runId: string): Promise<z.output<typeof SnapshotArtifactSchema>[]>;
}

/**
 * The run's durable state, as `GET …/runs/:runId` and the streams' first frame show it. The output message is
 * looked up under the id reserved at creation, so it is null until the run has ended.
 */
export async function buildSnapshot(db: Executor, artifacts: SnapshotArtifacts, run: RunRow): Promise<RunSnapshot> {
  // Every stream opens with this, so it reads nothing that cannot be there: the output message is written in the
  // transaction that ends the run (none while `run` is live); an agent run's acts are written with the round
  // that called their tools (none while no round did); an artifact is made inside an act (a tool act or a
  // workflow step), so a run without acts has none.
  const [acts, output] = await Promise.all([
    mayHaveActs(run) ? actsStore.listForRun(db, run.organizationId, run.id) : [],
    LIVE_STATUSES.includes(run.status) ? null : messagesStore.find(db, run.organizationId, run.outputMessageId),
  ]);
  const produced = acts.length > 0 ? await artifacts.listForRun(db, run.organizationId, run.id) : [];
  return {
    run: toRunView(run),
    acts: acts.map(toActView),
    partialText: run.partialText,
    narration: narrationOf(readState(run.state).rounds),
    artifacts: produced,
    outputMessageId: run.outputMessageId,
    outputMessage: output ? toMessageView(output) : null,
  };
}
