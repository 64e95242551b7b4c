import { applyEvent, initialTurnState } from './turn-reducer.ts';
import { isTerminalEvent, RECONNECT_COMMENT, type RunSnapshot, type RunStreamWriter } from './types.ts';

/**
 * `/turn`: `turn.snapshot` (v 0), then per envelope a `turn.patch` (v + 1) or, when it changes nothing,
 * `turn.live`. Lost or rewritten token deltas close the stream so the client re-snapshots; so does the terminal
 * event.
 */
export function turnWriter(snapshot: RunSnapshot): RunStreamWriter {
  let state = initialTurnState(snapshot);
  return {
    start(stream) {
      stream.send('turn.snapshot', state.doc);
    },
    event(stream, event) {
      const reduced = applyEvent(state, event);
      if (reduced.gap) {
        stream.close('done', RECONNECT_COMMENT);
        return;
      }
      state = reduced.state;
      if (reduced.ops.length > 0) {
        state = { ...state, doc: { ...state.doc, v: state.doc.v + 1 } };
        stream.send('turn.patch', { v: state.doc.v, ops: reduced.ops });
      } else stream.send('turn.live', {});
      if (isTerminalEvent(event)) stream.close('done');
    },
  };
}
