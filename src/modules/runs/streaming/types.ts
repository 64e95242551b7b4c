import type { RequestContext } from '../../../platform/auth/actor.ts';

export type RunStatus = 'queued' | 'running' | 'awaiting' | 'completed' | 'failed' | 'cancelled';
export type ActStatus = 'pending' | 'running' | 'awaiting' | 'completed' | 'failed' | 'cancelled';

export interface SnapshotInterrupt {
  type: 'approval' | 'clarification';
  prompt: string;
  options: string[];
  multiSelect: boolean;
}

export interface SnapshotAct {
  id: string;
  key: string;
  status: ActStatus;
  description: string;
  dependsOn: string[];
  error: string | null;
  interrupt: SnapshotInterrupt | null;
}

export interface SnapshotArtifact {
  id: string;
  filename: string;
  title: string | null;
  mime_type: string;
  size_bytes: number;
  status: string;
  created_by_tool: string | null;
  [k: string]: unknown;
}

/** The durable state of a run: `GET …/runs/:runId` and the `snapshot` frame of `/events`. */
export interface RunSnapshot {
  run: {
    id: string;
    thread_id: string;
    status: RunStatus;
    agent_id: string | null;
    workflow_id: string | null;
    error: { code: string; message: string } | null;
    created_at: string;
    updated_at: string;
    completed_at: string | null;
  };
  acts: SnapshotAct[];
  partialText: string;
  artifacts: SnapshotArtifact[];
  outputMessageId: string;
  outputMessage: Record<string, unknown> | null;
}

/** Implemented by the runs service. */
export interface RunSnapshotReader {
  /** Throws ApiError 404 when the run does not exist in that thread or the caller cannot see the thread. */
  snapshot(ctx: RequestContext, threadId: string, runId: string): Promise<RunSnapshot>;
}

export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ['completed', 'failed', 'cancelled'];
export const isTerminalStatus = (status: string): boolean =>
  (TERMINAL_RUN_STATUSES as readonly string[]).includes(status);

/** `lifecycle.completed | failed | cancelled`: the one terminal event of a run; the stream closes after it. */
export const isTerminalEvent = (event: { channel: string; type: string }): boolean =>
  event.channel === 'lifecycle' && isTerminalStatus(event.type);
