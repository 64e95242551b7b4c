import { hash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createMemoryWindows } from './rate-limit-counters.ts';
import { rateLimited } from './rate-limit-errors.ts';

/** The rate-limit key of a client address: IPv4 as is, IPv6 by its /64 (one subscriber's whole allocation). */
export const clientAddressKey = (ip: string): string => normalizeIP(ip);

/**
 * Who a request counts against: its credential, by a digest (the raw bearer is never kept in memory), or its
 * client address when it carries none.
 */
function requestKey(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  if (authorization) return `credential:${hash('sha256', authorization, 'base64url')}`;
  return `address:${clientAddressKey(request.ip)}`;
}

const WINDOW_MS = 60_000;
/** Credentials (and addresses) tracked per process; one a caller invents costs an entry, never more. */
const MAX_TRACKED = 100_000;

/**
 * The per-credential request limit of every route (`ATRIUM_RATE_LIMIT_PER_MINUTE`; 0 = none): a fixed one-minute
 * window per credential in this process's memory. It costs one SHA-256 of the header and a map update, never a
 * network round trip, and is approximate on purpose: with N API processes a credential may get up to N times the
 * limit. It runs before the credential guard, so a caller over its limit costs no database lookup. Over the limit:
 * 429 `rate_limited` with `Retry-After` (the rest of the window).
 */
export function registerRequestRateLimit(app: FastifyInstance, options: { perMinute: number }): void {
  if (options.perMinute === 0) return;
  const windows = createMemoryWindows(MAX_TRACKED);
  // A callback hook with no promise: this runs on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const now = Date.now();
    const window = windows.hit(requestKey(request), WINDOW_MS, now);
    if (window.count <= options.perMinute) return done();
    done(rateLimited('Too many requests for this credential; retry later', (window.endsAt - now) / 1000));
  });
}
