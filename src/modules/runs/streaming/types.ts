import type { RequestContext } from '../../../platform/auth/actor.ts';
import type { RunEvent } from '../../../platform/events/types.ts';
import type { SseStream } from '../../../platform/http/sse.ts';

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
  /** The agent's words before its latest tool calls and their model round (1-based), or null. */
  narration: { round: number; text: string } | null;
  artifacts: SnapshotArtifact[];
  outputMessageId: string;
  outputMessage: Record<string, unknown> | null;
}

/** Implemented by the runs service. */
export interface RunSnapshotReader {
  /** Throws ApiError 404 when the run does not exist in that thread or the caller cannot see the thread. */
  snapshot(ctx: RequestContext, threadId: string, runId: string): Promise<RunSnapshot>;
}

/** Implemented by the runs service: one indexed read, without building a snapshot. */
export interface RunVisibility {
  /** Throws ApiError 404 when the run does not exist in that thread or the caller cannot see the thread. */
  visibleRun(ctx: RequestContext, threadId: string, runId: string): Promise<unknown>;
}

/** What a stream writes: its first frame(s) from the snapshot, then one reaction per event (it may close). */
export interface RunStreamWriter {
  start(stream: SseStream): void;
  event(stream: SseStream, event: RunEvent): void;
}

/** The comment written before closing a stream that may have missed events (the client reopens it). */
export const RECONNECT_COMMENT = 'reconnect';

export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ['completed', 'failed', 'cancelled'];
export const isTerminalStatus = (status: string): boolean =>
  (TERMINAL_RUN_STATUSES as readonly string[]).includes(status);

/** `lifecycle.completed | failed | cancelled`: the one terminal event of a run; the stream closes after it. */
export const isTerminalEvent = (event: { channel: string; type: string }): boolean =>
  event.channel === 'lifecycle' && isTerminalStatus(event.type);
