import type { TurnDocument, TurnStatus } from './turn-patch.ts';

const TERMINAL_STATUSES: readonly TurnStatus[] = ['completed', 'failed', 'cancelled'];

export const isTerminalTurn = (doc: TurnDocument): boolean => TERMINAL_STATUSES.includes(doc.status);

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Equal but for `v`, the stream sequence, which restarts at 0 on every connection. */
function sameContent(a: TurnDocument, b: TurnDocument): boolean {
  return (
    a.status === b.status &&
    a.message === b.message &&
    sameJson(a.interrupt, b.interrupt) &&
    sameJson(a.activity, b.activity) &&
    sameJson(a.artifacts, b.artifacts)
  );
}

const loses = (shown: readonly { id: string }[], next: readonly { id: string }[]) => {
  const ids = new Set(next.map((entry) => entry.id));
  return shown.some((entry) => !ids.has(entry.id));
};

/**
 * Whether `next` is behind `shown` (after a reconnect, a snapshot may be older than the patches already shown):
 * a terminal status went back, the message shrank to a prefix of the one shown, or an activity or artifact
 * entry disappeared. A terminal document is never behind a live one: the durable end of the run supersedes
 * whatever its draft showed.
 */
function isBehind(shown: TurnDocument, next: TurnDocument): boolean {
  if (isTerminalTurn(shown)) return !isTerminalTurn(next);
  if (isTerminalTurn(next)) return false;
  const shrank = next.message.length < shown.message.length && shown.message.startsWith(next.message);
  return shrank || loses(shown.activity, next.activity) || loses(shown.artifacts, next.artifacts);
}

/** Whether `next` is worth showing after `shown`: neither the same document again nor a step back. */
export function movesForward(shown: TurnDocument | null, next: TurnDocument): boolean {
  return shown === null || (!sameContent(shown, next) && !isBehind(shown, next));
}
