import type {
  ActivityState,
  TurnActivity,
  TurnArtifact,
  TurnDocument,
  TurnInterrupt,
  TurnStatus,
} from './turn-patch.ts';
import {
  isTerminalStatus,
  type RunSnapshot,
  type RunStatus,
  type SnapshotAct,
  type SnapshotArtifact,
} from './types.ts';

/** The activity entry standing for a run-level error (`run.error`, `errors.raised`). */
export const RUN_ERROR_ACTIVITY_ID = 'run:error';
export const RUN_ERROR_LABEL = 'The run failed';

const ACT_STATES: Record<string, ActivityState> = {
  pending: 'pending',
  running: 'active',
  awaiting: 'active',
  completed: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

export const activityState = (actStatus: string): ActivityState => ACT_STATES[actStatus] ?? 'pending';

/** A turn activity id is the act's key: interrupts name their act by `actKey`, which matches it. */
export function activityOf(act: Pick<SnapshotAct, 'key' | 'status' | 'description' | 'error'>): TurnActivity {
  return {
    id: act.key,
    label: act.description || act.key,
    state: activityState(act.status),
    detail: act.error ?? null,
  };
}

export function runErrorActivity(message: string): TurnActivity {
  return { id: RUN_ERROR_ACTIVITY_ID, label: RUN_ERROR_LABEL, state: 'failed', detail: message };
}

export const turnStatus = (status: RunStatus | string): TurnStatus =>
  status === 'queued' ? 'running' : (status as TurnStatus);

/** The newest awaiting act that carries its question. */
export function interruptOf(acts: readonly SnapshotAct[]): TurnInterrupt | null {
  for (let i = acts.length - 1; i >= 0; i--) {
    const act = acts[i];
    if (act?.status === 'awaiting' && act.interrupt) {
      const { type, prompt, options, multiSelect } = act.interrupt;
      return { type, actId: act.id, actKey: act.key, prompt, options: [...options], multiSelect };
    }
  }
  return null;
}

/** A snapshot's artifact (the REST view, snake_case) as the document lists it. */
export function artifactOf(artifact: SnapshotArtifact): TurnArtifact {
  return {
    id: artifact.id,
    filename: artifact.filename,
    title: artifact.title,
    mimeType: artifact.mime_type,
    sizeBytes: artifact.size_bytes,
    status: artifact.status,
    createdByTool: artifact.created_by_tool,
  };
}

/** The reply text: the output message once the run is over and it exists, the draft before. */
function messageOf(snapshot: RunSnapshot): string {
  const content = snapshot.outputMessage?.content;
  if (isTerminalStatus(snapshot.run.status) && typeof content === 'string') return content;
  return snapshot.partialText;
}

/** The `turn.snapshot` document (v 0) of a run snapshot. */
export function buildTurnDocument(snapshot: RunSnapshot): TurnDocument {
  const activity = snapshot.acts.map(activityOf);
  if (snapshot.run.error) activity.push(runErrorActivity(snapshot.run.error.message));
  return {
    v: 0,
    runId: snapshot.run.id,
    threadId: snapshot.run.thread_id,
    status: turnStatus(snapshot.run.status),
    activity,
    message: messageOf(snapshot),
    narration: snapshot.narration?.text ?? '',
    interrupt: isTerminalStatus(snapshot.run.status) ? null : interruptOf(snapshot.acts),
    artifacts: snapshot.artifacts.map(artifactOf),
  };
}
