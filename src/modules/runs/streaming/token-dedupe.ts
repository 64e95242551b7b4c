/**
 * `tokens.delta` carries `{ text, offset }`, offset being the length of the draft before the delta; the worker
 * persists the draft before publishing. Against the `draft` a client already holds, a delta is:
 * - `stale` when it ends within it (the snapshot already holds it),
 * - trimmed to its unseen tail when it overlaps it,
 * - `gap` when it starts past it (deltas in between were lost),
 * - `rewritten` when the part it shares with the draft differs: the draft was replaced under the client (a
 *   reclaimed run redrafts its reply from the start of the round, and a model rarely words it the same way);
 * - `fresh` otherwise. A delta without a numeric offset cannot be placed and counts as fresh.
 * A gap or a rewrite leaves re-snapshotting as the only repair: the stream closes and the client reconnects.
 */
export type DeltaVerdict =
  | { kind: 'fresh'; text: string; offset: number }
  | { kind: 'stale' }
  | { kind: 'gap'; text: string; offset: number }
  | { kind: 'rewritten' };

export function placeDelta(payload: Record<string, unknown>, draft: string): DeltaVerdict {
  const text = typeof payload.text === 'string' ? payload.text : '';
  const offset = payload.offset;
  const known = draft.length;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0)
    return { kind: 'fresh', text, offset: known };
  if (offset > known) return { kind: 'gap', text, offset };
  const shared = Math.min(text.length, known - offset);
  if (text.slice(0, shared) !== draft.slice(offset, offset + shared)) return { kind: 'rewritten' };
  if (offset + text.length <= known) return { kind: 'stale' };
  return { kind: 'fresh', text: text.slice(known - offset), offset: known };
}
