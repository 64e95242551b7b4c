import type { RunEvent } from '../../../platform/events/types.ts';
import { placeDelta } from './token-dedupe.ts';
import {
  activityOf,
  buildTurnDocument,
  interruptOf,
  RUN_ERROR_ACTIVITY_ID,
  runErrorActivity,
} from './turn-document.ts';
import {
  type ActivityState,
  applyOps,
  type TurnActivity,
  type TurnArtifact,
  type TurnDocument,
  type TurnInterrupt,
  type TurnOp,
} from './turn-patch.ts';
import { isTerminalStatus, type RunSnapshot, type SnapshotAct } from './types.ts';

/** What the reducer knows: the document, and act id → key (activities are named by key, events by act id). */
export interface TurnState {
  doc: TurnDocument;
  actKeys: Readonly<Record<string, string>>;
  /** The model round the document's narration came from (0: none yet). */
  narrationRound: number;
}

export interface Reduction {
  state: TurnState;
  /** Empty: the event changes nothing (a `turn.live`). */
  ops: TurnOp[];
  /**
   * The message cannot follow by appending: a token delta starts past it (deltas were lost) or disagrees with
   * it, or the final message does not continue it (the draft was rewritten). The stream must re-snapshot.
   */
  gap: boolean;
}

export function initialTurnState(snapshot: RunSnapshot): TurnState {
  return {
    doc: buildTurnDocument(snapshot),
    actKeys: Object.fromEntries(snapshot.acts.map((a) => [a.id, a.key])),
    narrationRound: snapshot.narration?.round ?? 0,
  };
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const sameInterrupt = (a: TurnInterrupt | null, b: TurnInterrupt | null) => JSON.stringify(a) === JSON.stringify(b);

/** `set` ops for the fields of an existing entry that differ, or one `append` for a new one. */
function activityOps(activity: readonly TurnActivity[], entry: TurnActivity, fields = ['label', 'state', 'detail']) {
  const index = activity.findIndex((a) => a.id === entry.id);
  if (index === -1) return [{ p: '/activity', o: 'append', v: entry } as TurnOp];
  const current = activity[index] as TurnActivity;
  return fields
    .filter((f) => current[f as keyof TurnActivity] !== entry[f as keyof TurnActivity])
    .map((f) => ({ p: `/activity/${index}/${f}`, o: 'set', v: entry[f as keyof TurnActivity] }) as TurnOp);
}

function parseActs(value: unknown): SnapshotAct[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw): SnapshotAct[] => {
    const act = record(raw);
    const id = str(act?.id);
    const key = str(act?.key);
    if (!act || !id || !key) return [];
    const question = record(act.interrupt);
    const type = question?.type === 'clarification' ? 'clarification' : 'approval';
    return [
      {
        id,
        key,
        status: (str(act.status) ?? 'pending') as SnapshotAct['status'],
        description: str(act.description) ?? '',
        dependsOn: Array.isArray(act.dependsOn) ? act.dependsOn.map(String) : [],
        error: str(act.error),
        interrupt: question
          ? {
              type,
              prompt: str(question.prompt) ?? '',
              options: Array.isArray(question.options) ? question.options.map(String) : [],
              multiSelect: question.multiSelect === true,
            }
          : null,
      },
    ];
  });
}

/** The artifact of an `artifacts.created` payload (camelCase, as the document lists it), or null without an id. */
function parseArtifact(value: unknown): TurnArtifact | null {
  const artifact = record(value);
  const id = str(artifact?.id);
  if (!artifact || !id) return null;
  return {
    id,
    filename: str(artifact.filename) ?? '',
    title: str(artifact.title),
    mimeType: str(artifact.mimeType) ?? 'application/octet-stream',
    sizeBytes: typeof artifact.sizeBytes === 'number' ? artifact.sizeBytes : 0,
    status: str(artifact.status) ?? 'ready',
    createdByTool: str(artifact.createdByTool),
  };
}

const OPEN_ACTIVITY: readonly ActivityState[] = ['pending', 'active'];

/**
 * Whether the list closes acts the document shows open as cancelled or failed, as ending a run does. An awaited
 * act leaves `awaiting` for pending or completed when answered; closed this way, the run did not resume, and the
 * terminal event that follows moves the status.
 */
function closedByRunEnd(doc: TurnDocument, acts: readonly SnapshotAct[]): boolean {
  return acts.some((act) => {
    if (act.status !== 'cancelled' && act.status !== 'failed') return false;
    const shown = doc.activity.find((a) => a.id === act.key);
    return shown !== undefined && OPEN_ACTIVITY.includes(shown.state);
  });
}

/** acts.updated replaces the act list: entries are set or appended, the interrupt and awaiting status follow. */
function actsUpdated(state: TurnState, event: RunEvent) {
  const { doc } = state;
  const acts = parseActs(event.payload.acts);
  const ops: TurnOp[] = [];
  const activity = [...doc.activity];
  for (const act of acts) {
    const entryOps = activityOps(activity, activityOf(act));
    ops.push(...entryOps);
    // A later act of the same list must see an entry appended for an earlier one.
    if (entryOps[0]?.o === 'append') activity.push(activityOf(act));
  }
  const actKeys = { ...state.actKeys, ...Object.fromEntries(acts.map((a) => [a.id, a.key])) };
  if (isTerminalStatus(doc.status)) return { ops, actKeys };

  const awaiting = acts.filter((a) => a.status === 'awaiting');
  let interrupt = interruptOf(acts);
  // A list without the question keeps the one already shown while its act still awaits.
  if (!interrupt && doc.interrupt && awaiting.some((a) => a.id === doc.interrupt?.actId)) interrupt = doc.interrupt;
  if (!sameInterrupt(interrupt, doc.interrupt)) ops.push({ p: '/interrupt', o: 'set', v: interrupt });
  const status = awaiting.length > 0 ? 'awaiting' : closedByRunEnd(doc, acts) ? doc.status : 'running';
  if (doc.status !== status) ops.push({ p: '/status', o: 'set', v: status });
  return { ops, actKeys };
}

const ACTIVITY_STATUS: Record<string, ActivityState> = {
  started: 'active',
  running: 'active',
  active: 'active',
  completed: 'done',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
  pending: 'pending',
};

/** updates.activity: `{ actKey?, status: started|completed|failed|cancelled, label?, detail? }` (detail on failure). */
function activityUpdated(state: TurnState, event: RunEvent): TurnOp[] {
  const { payload } = event;
  const id =
    (event.actId ? state.actKeys[event.actId] : undefined) ?? str(payload.actKey) ?? str(payload.key) ?? event.actId;
  if (!id) return [];
  const stateValue = ACTIVITY_STATUS[str(payload.status) ?? str(payload.state) ?? ''];
  const existing = state.doc.activity.find((a) => a.id === id);
  const detail = stateValue === 'failed' ? (str(payload.detail) ?? existing?.detail ?? null) : existing?.detail;
  const entry: TurnActivity = {
    id,
    label: existing?.label ?? str(payload.label) ?? str(payload.description) ?? id,
    state: stateValue ?? existing?.state ?? 'active',
    detail: detail ?? null,
  };
  return activityOps(state.doc.activity, entry, ['state', 'detail']);
}

function interruptRaised(state: TurnState, event: RunEvent) {
  const { doc } = state;
  const { payload } = event;
  const actId = event.actId ?? str(payload.actId) ?? '';
  const actKey = str(payload.actKey) ?? state.actKeys[actId] ?? actId;
  const interrupt: TurnInterrupt = {
    type: event.type === 'clarification' ? 'clarification' : 'approval',
    actId,
    actKey,
    prompt: str(payload.prompt) ?? '',
    options: Array.isArray(payload.options) ? payload.options.map(String) : [],
    multiSelect: payload.multiSelect === true,
  };
  const ops: TurnOp[] = [];
  if (!sameInterrupt(interrupt, doc.interrupt)) ops.push({ p: '/interrupt', o: 'set', v: interrupt });
  if (doc.status !== 'awaiting') ops.push({ p: '/status', o: 'set', v: 'awaiting' });
  const index = doc.activity.findIndex((a) => a.id === actKey);
  if (index !== -1 && doc.activity[index]?.state !== 'active')
    ops.push({ p: `/activity/${index}/state`, o: 'set', v: 'active' });
  return { ops, actKeys: actId ? { ...state.actKeys, [actId]: actKey } : state.actKeys };
}

function runError(doc: TurnDocument, message: string | null): TurnOp[] {
  if (message === null) return [];
  return activityOps(doc.activity, runErrorActivity(message), ['detail']);
}

/** The terminal event: the rest of the final message when the payload carries it, then status, interrupt. */
function terminal(doc: TurnDocument, event: RunEvent): TurnOp[] {
  const ops: TurnOp[] = [];
  const final = str(record(event.payload.outputMessage)?.content);
  if (final?.startsWith(doc.message) && final.length > doc.message.length)
    ops.push({ p: '/message', o: 'append', v: final.slice(doc.message.length) });
  if (event.type === 'failed') {
    const error = record(event.payload.error);
    if (!doc.activity.some((a) => a.id === RUN_ERROR_ACTIVITY_ID)) ops.push(...runError(doc, str(error?.message)));
  }
  ops.push({ p: '/status', o: 'set', v: event.type as TurnDocument['status'] });
  if (doc.interrupt !== null) ops.push({ p: '/interrupt', o: 'set', v: null });
  return ops;
}

/**
 * One worker envelope → the ops it makes to the turn document (pure: the input state is not touched).
 * Idempotent where the spec allows: replaying an event already reflected in the document yields no ops, so
 * events buffered while the snapshot was read can be applied over it. Decisions (docs/decisions.md):
 * tokens.completed changes nothing (turn.live); a narration of a later round than the document's sets it;
 * errors.raised is the `run:error` activity;
 * after a terminal status the message, status and interrupt are frozen.
 */
export function applyEvent(state: TurnState, event: RunEvent): Reduction {
  const { doc } = state;
  const done = isTerminalStatus(doc.status);
  let ops: TurnOp[] = [];
  let actKeys = state.actKeys;
  let narrationRound = state.narrationRound;
  let gap = false;
  const name = `${event.channel}.${event.type}`;

  if (name === 'acts.updated') ({ ops, actKeys } = actsUpdated(state, event));
  else if (name === 'updates.activity') ops = activityUpdated(state, event);
  else if (name === 'updates.narration') {
    const text = str(event.payload.text);
    const round = event.payload.round;
    if (text !== null && typeof round === 'number' && round > narrationRound) {
      narrationRound = round;
      if (text !== doc.narration) ops = [{ p: '/narration', o: 'set', v: text }];
    }
  } else if (name === 'artifacts.created') {
    const artifact = parseArtifact(event.payload.artifact);
    if (artifact && !doc.artifacts.some((a) => a.id === artifact.id))
      ops = [{ p: '/artifacts', o: 'append', v: artifact }];
  } else if (name === 'errors.raised') {
    const error = record(event.payload.error);
    ops = runError(doc, str(event.payload.message) ?? str(error?.message));
  } else if (!done) {
    if (name === 'lifecycle.started' && doc.status !== 'running') ops = [{ p: '/status', o: 'set', v: 'running' }];
    else if (name === 'interrupts.approval' || name === 'interrupts.clarification')
      ({ ops, actKeys } = interruptRaised(state, event));
    else if (event.channel === 'lifecycle' && isTerminalStatus(event.type)) {
      // A final message that does not continue the document's (its draft was rewritten) cannot be patched in.
      const final = str(record(event.payload.outputMessage)?.content);
      if (final !== null && !final.startsWith(doc.message)) gap = true;
      else ops = terminal(doc, event);
    } else if (name === 'tokens.delta') {
      const verdict = placeDelta(event.payload, doc.message);
      if (verdict.kind === 'gap' || verdict.kind === 'rewritten') gap = true;
      else if (verdict.kind === 'fresh' && verdict.text) ops = [{ p: '/message', o: 'append', v: verdict.text }];
    }
  }
  return { state: { doc: ops.length ? applyOps(doc, ops) : doc, actKeys, narrationRound }, ops, gap };
}
