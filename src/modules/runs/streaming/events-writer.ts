import type { RunEvent } from '../../../platform/events/types.ts';
import { sseFrame } from '../../../platform/http/sse.ts';
import { placeDelta } from './token-dedupe.ts';
import { isTerminalEvent, RECONNECT_COMMENT, type RunSnapshot, type RunStreamWriter } from './types.ts';

/** The envelope exactly as the Events section shows it. */
export const envelopeOf = (event: RunEvent) => ({
  channel: event.channel,
  type: event.type,
  actId: event.actId,
  payload: event.payload,
  ts: event.ts,
});

const frames = new WeakMap<RunEvent, string>();

/**
 * The bus hands one event object to every stream of its run, so its frame is serialised once per event, not
 * once per stream.
 */
function frameOf(event: RunEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = sseFrame(`${event.channel}.${event.type}`, envelopeOf(event));
    frames.set(event, frame);
  }
  return frame;
}

/**
 * `/events`: the `snapshot` frame, then every envelope as `<channel>.<type>`. Token deltas are placed against
 * the draft the client holds (the snapshot's partialText plus what was sent since): one already in it is
 * dropped, one overlapping it is cut to its tail (offset moved accordingly). One that starts past it (lost
 * deltas) or disagrees with it (the draft was rewritten: a reclaimed run redrafts its reply) closes the stream
 * with `: reconnect`, so the client re-bases on a new snapshot. Closes after the terminal event.
 */
export function eventsWriter(snapshot: RunSnapshot): RunStreamWriter {
  let draft = snapshot.partialText;
  return {
    start(stream) {
      stream.send('snapshot', snapshot);
    },
    event(stream, event) {
      let out = event;
      if (event.channel === 'tokens' && event.type === 'delta') {
        const verdict = placeDelta(event.payload, draft);
        if (verdict.kind === 'stale') return;
        if (verdict.kind === 'gap' || verdict.kind === 'rewritten') {
          stream.close('done', RECONNECT_COMMENT);
          return;
        }
        if (typeof event.payload.offset === 'number' && verdict.offset !== event.payload.offset)
          out = { ...event, payload: { ...event.payload, text: verdict.text, offset: verdict.offset } };
        draft += verdict.text;
      }
      stream.sendFrame(frameOf(out));
      if (isTerminalEvent(out)) stream.close('done');
    },
  };
}
