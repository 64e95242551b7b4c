import type { FastifyRequest } from 'fastify';
import { type CredentialResolver, parseBearer } from '../../../platform/auth/credentials.ts';
import { contextOfActor } from '../../../platform/auth/guard.ts';
import { loggableError } from '../../../platform/db/errors.ts';
import type { RunEvent } from '../../../platform/events/types.ts';
import { ApiError } from '../../../platform/http/errors.ts';
import type { SseStream } from '../../../platform/http/sse.ts';
import { isTerminalEvent, RECONNECT_COMMENT, type RunStreamWriter, type RunVisibility } from './types.ts';

/** How an open stream re-checks that its caller may still read it. */
export interface StreamAccess {
  credentials: Pick<CredentialResolver, 'resolve'>;
  runs: RunVisibility;
  /** Interval of the re-check while the stream is open (ATRIUM_SSE_RECHECK_MS). */
  recheckMs: number;
}

/** The bearer no longer resolves, or its organization is blocked: reopening would get a 401 or 403. */
export const CREDENTIAL_REVOKED = 'credential-revoked';
/** The bearer is fine but the run is no longer visible to it: reopening would get a 404. */
export const ACCESS_REVOKED = 'access-revoked';

type Verdict = 'ok' | typeof CREDENTIAL_REVOKED | typeof ACCESS_REVOKED;

/** The guard's checks again (one indexed credential read), then the run's visibility (one more). */
async function verdictOf(
  access: StreamAccess,
  request: FastifyRequest,
  ids: { threadId: string; runId: string },
): Promise<Verdict> {
  const credential = parseBearer(request.headers.authorization);
  const resolved = credential ? await access.credentials.resolve(credential) : null;
  if (!resolved || resolved.organizationBlocked) return CREDENTIAL_REVOKED;
  try {
    await access.runs.visibleRun(contextOfActor(resolved.actor, request.id), ids.threadId, ids.runId);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return ACCESS_REVOKED;
    throw err;
  }
  return 'ok';
}

/**
 * A stream outlives the request the guard admitted, so a revoked key, a suspended account, user or organization,
 * an expired session or a lost project membership would otherwise keep it flowing. The stream re-checks every
 * `recheckMs`, and before a terminal event, which (with anything after it) is held until the check passes; a
 * failed check ends the stream with a comment naming why, as errors are plain HTTP only before the first frame.
 * A check that cannot run (the database is unreachable) ends it with `: reconnect`: the client's next open is
 * judged by the guard. Returns `writer` wrapped with the terminal hold.
 */
export function watchAccess(
  request: FastifyRequest,
  stream: SseStream,
  ids: { threadId: string; runId: string },
  access: StreamAccess,
  writer: RunStreamWriter,
): RunStreamWriter {
  /** Resolves true while access holds; otherwise the stream is closed and it resolves false. */
  const recheck = (): Promise<boolean> =>
    verdictOf(access, request, ids).then(
      (verdict) => {
        if (verdict === 'ok') return true;
        request.log.info({ request_id: request.id, reason: verdict }, 'event stream ended by its access re-check');
        stream.close('done', verdict);
        return false;
      },
      (err: unknown) => {
        request.log.warn({ err: loggableError(err), request_id: request.id }, 'event stream access re-check failed');
        stream.close('done', RECONNECT_COMMENT);
        return false;
      },
    );

  let checking = false;
  const timer = setInterval(() => {
    // A slow database must not pile checks up behind each other.
    if (checking) return;
    checking = true;
    void recheck().then(() => {
      checking = false;
    });
  }, access.recheckMs);
  timer.unref();
  stream.onClose(() => clearInterval(timer));

  let held: RunEvent[] | null = null;
  return {
    start: (target) => writer.start(target),
    event(target, event) {
      if (held) held.push(event);
      else if (!isTerminalEvent(event)) writer.event(target, event);
      else {
        held = [event];
        void recheck().then((ok) => {
          const release = held ?? [];
          held = null;
          if (!ok) return;
          for (const next of release) if (!target.closed) writer.event(target, next);
        });
      }
    },
  };
}
