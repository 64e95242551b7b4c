import type { RunEvent } from '../../platform/events/index.ts';
import type { ArtifactRow } from '../artifacts/service.ts';
import type { ActRow, MessageRow } from './store.ts';
import { toActView, toMessageView } from './views.ts';

export type { RunEvent };

/** Where run events go after the write they describe has committed. */
export interface RunEventPublisher {
  publish(runId: string, event: RunEvent): Promise<void>;
}

export const runEvent = (
  channel: string,
  type: string,
  payload: Record<string, unknown> = {},
  actId: string | null = null,
): RunEvent => ({ channel, type, actId, payload, ts: Date.now() / 1000 });

/** `acts.updated` carries the complete act list: clients replace their state wholesale. */
export const actsUpdated = (acts: ActRow[]) =>
  runEvent('acts', 'updated', {
    acts: acts.map((a) => {
      const { interrupt: _interrupt, ...view } = toActView(a);
      return view;
    }),
  });

/** Longest act error: it is also the `updates.activity` detail, which must equal it for the turn to match a snapshot. */
const ACT_ERROR_MAX = 500;

/** The act error of a failure message: the same text goes to the act and to its failed `updates.activity`. */
export const actError = (message: string) => message.slice(0, ACT_ERROR_MAX);

/** `updates.activity` of an act; `detail` is its error when it failed. */
export const actActivity = (act: ActRow, status: 'started' | 'completed' | 'failed', detail: string | null = null) =>
  runEvent('updates', 'activity', { status, actKey: act.key, label: act.description, detail }, act.id);

/** `artifacts.created` carries the artifact as the turn document lists it: camelCase, like every SSE payload. */
export const artifactCreated = (artifact: ArtifactRow, actId: string) =>
  runEvent(
    'artifacts',
    'created',
    {
      artifact: {
        id: artifact.id,
        filename: artifact.filename,
        title: artifact.title,
        mimeType: artifact.mimeType,
        sizeBytes: artifact.sizeBytes,
        status: artifact.status,
        createdByTool: artifact.createdByTool,
      },
    },
    actId,
  );

/** `lifecycle.completed|failed|cancelled` carries the output message, so a live turn document ends as a snapshot. */
export const terminalEvent = (
  status: 'completed' | 'failed' | 'cancelled',
  output: MessageRow,
  error?: { code: string; message: string },
) =>
  runEvent('lifecycle', status, {
    outputMessageId: output.id,
    outputMessage: toMessageView(output),
    ...(error ? { error } : {}),
  });
