import type { RunEvent } from '../../platform/events/index.ts';
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
