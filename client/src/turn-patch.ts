/**
 * The turn document and its patches, as a client of `/turn` sees them: `applyPatch` is the whole client-side
 * protocol. The server's streaming module re-exports this file, so both sides share one copy.
 */
export type TurnStatus = 'running' | 'awaiting' | 'completed' | 'failed' | 'cancelled';
export type ActivityState = 'pending' | 'active' | 'done' | 'failed' | 'cancelled';

export interface TurnActivity {
  id: string;
  /** Human copy. */
  label: string;
  state: ActivityState;
  /** Raw machinery text (an error), or null. */
  detail: string | null;
}

export interface TurnInterrupt {
  type: 'approval' | 'clarification';
  actId: string;
  actKey: string;
  prompt: string;
  options: string[];
  multiSelect: boolean;
}

export interface TurnArtifact {
  id: string;
  filename: string;
  title: string | null;
  mimeType: string;
  sizeBytes: number;
  status: string;
  createdByTool: string | null;
}

export interface TurnDocument {
  v: number;
  runId: string;
  threadId: string;
  status: TurnStatus;
  activity: TurnActivity[];
  message: string;
  /** What the agent said before its latest tool calls ('' until it has said something before acting). */
  narration: string;
  interrupt: TurnInterrupt | null;
  artifacts: TurnArtifact[];
}

export type TurnOp =
  | { p: '/status'; o: 'set'; v: TurnStatus }
  | { p: '/activity'; o: 'append'; v: TurnActivity }
  | { p: `/activity/${number}/label` | `/activity/${number}/detail`; o: 'set'; v: string | null }
  | { p: `/activity/${number}/state`; o: 'set'; v: ActivityState }
  | { p: '/message'; o: 'append'; v: string }
  | { p: '/narration'; o: 'set'; v: string }
  | { p: '/interrupt'; o: 'set'; v: TurnInterrupt | null }
  | { p: '/artifacts'; o: 'append'; v: TurnArtifact };

export interface TurnPatch {
  v: number;
  ops: TurnOp[];
}

/** A patch whose `v` is not the document's plus one: stop, reconnect, and re-base on the new snapshot. */
export class TurnGapError extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`Turn patch v${received} does not follow v${expected - 1}: reconnect and re-snapshot`);
    this.name = 'TurnGapError';
  }
}

const ACTIVITY_FIELD = /^\/activity\/(\d+)\/(label|state|detail)$/;

/** Applies ops in order to a copy of the document (its `v` unchanged). Throws on an op it does not know. */
export function applyOps(doc: TurnDocument, ops: readonly TurnOp[]): TurnDocument {
  const next: TurnDocument = { ...doc, activity: [...doc.activity], artifacts: [...doc.artifacts] };
  for (const op of ops) {
    const { p, o } = op as { p: string; o: string };
    if (p === '/status' && o === 'set') next.status = op.v as TurnStatus;
    else if (p === '/activity' && o === 'append') next.activity.push({ ...(op.v as TurnActivity) });
    else if (p === '/message' && o === 'append') next.message += op.v as string;
    else if (p === '/narration' && o === 'set') next.narration = op.v as string;
    else if (p === '/interrupt' && o === 'set') next.interrupt = op.v === null ? null : { ...(op.v as TurnInterrupt) };
    else if (p === '/artifacts' && o === 'append') {
      const artifact = op.v as TurnArtifact;
      if (!next.artifacts.some((a) => a.id === artifact.id)) next.artifacts.push({ ...artifact });
    } else {
      const field = ACTIVITY_FIELD.exec(p);
      const entry = field ? next.activity[Number(field[1])] : undefined;
      if (!field || !entry || o !== 'set') throw new Error(`Unknown turn op ${o} ${p}`);
      next.activity[Number(field[1])] = { ...entry, [field[2] as string]: op.v };
    }
  }
  return next;
}

/** The client side of `/turn`: a patch applies only as the next version; anything else is a gap. */
export function applyPatch(doc: TurnDocument | null, patch: TurnPatch): TurnDocument {
  if (!doc) throw new TurnGapError(0, patch.v);
  if (patch.v !== doc.v + 1) throw new TurnGapError(doc.v + 1, patch.v);
  return { ...applyOps(doc, patch.ops), v: patch.v };
}
