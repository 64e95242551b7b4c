import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ErrorCode } from '../../src/platform/http/error-codes.ts';
import { expectError } from './assertions.ts';
import type { Client } from './http.ts';

export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** A registered route as Fastify knows it: method, a space, the URL template ('GET /v1/agents/:id'). */
export type RouteTemplate = `${RouteMethod} /${string}`;

export interface RouteSecurityCase {
  /** Client without credentials, pointed at the server. */
  http: Client;
  /**
   * The route these cases are for, exactly as registered: 'GET /v1/agents/:id'. test/route-security-coverage.test.ts
   * reads it from the source to tell which routes have their security cases, so write it as a string literal here
   * (or as `c.route` of a `for (const c of [...])` loop over object literals with literal routes).
   */
  route: RouteTemplate;
  /** The route's template with real ids (UUIDs) in place of its parameters, plus a query string if it needs one. */
  path: string;
  /** Parameters that are not ids, with the values they take (a branding slot's name): `{ slot: ['logo_light', …] }`. */
  params?: Record<string, readonly string[]>;
  body?: unknown;
  /**
   * Credentials that are valid but of the wrong caller class, each refused with this code: 403 unless `status` says
   * otherwise (a session-only route answers an API key 401).
   */
  forbidden?: { credential: string; code: string; status?: 401 | 403 }[];
  /**
   * Cross-organization probe: a credential of another organization that would pass the guard, and the
   * route's path with the :id replaced by a random UUID. Both must answer the same 404, with `code` (default
   * `not_found`; some resources have their own, e.g. `billing_profile_not_found`).
   */
  crossOrg?: { credential: string; missingPath: string; code?: ErrorCode };
}

const FORGED_JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IngifQ.eyJzdWIiOiJ4Iiwib3JnIjoieCIsImFraWQiOiJ4In0.c2lnbmF0dXJl';

const UUID_SEGMENT = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** Splits 'GET /v1/agents/:id' into its method and URL template. */
export function parseRouteTemplate(route: string): { method: RouteMethod; url: string } {
  const match = /^(GET|POST|PATCH|PUT|DELETE) (\/\S*)$/.exec(route);
  if (!match) throw new Error(`not a route template: ${JSON.stringify(route)}`);
  return { method: match[1] as RouteMethod, url: match[2]! };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a concrete path (query string aside) is one of the template's: static segments equal, each `:param` a
 * UUID (so '/v1/users/me' is not taken for '/v1/users/:userId') or one of the values `params` lists for it, `*`
 * anything.
 */
export function pathMatchesTemplate(
  url: string,
  path: string,
  params: Record<string, readonly string[]> = {},
): boolean {
  const paramPattern = (name: string) => {
    const values = params[name];
    return values ? `(?:${values.map(escapeRegExp).join('|')})` : UUID_SEGMENT;
  };
  const pattern = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? paramPattern(segment.slice(1)) : segment === '*' ? '.+' : escapeRegExp(segment),
    )
    .join('/');
  return new RegExp(`^${pattern}$`).test(path.split('?')[0]!);
}

/** The security cases every route owes: 401 for bad credentials, 403 per wrong caller class, 404 across orgs. */
export async function expectRouteSecurity(c: RouteSecurityCase): Promise<void> {
  const { method, url } = parseRouteTemplate(c.route);
  expect(pathMatchesTemplate(url, c.path, c.params), `${c.path} is not a path of ${c.route}`).toBe(true);
  if (c.crossOrg) {
    const { missingPath } = c.crossOrg;
    expect(pathMatchesTemplate(url, missingPath, c.params), `${missingPath} is not a path of ${c.route}`).toBe(true);
  }
  const send = (credential: string | null, path = c.path) =>
    c.http.request(method, path, {
      body: c.body,
      headers: credential === null ? {} : { authorization: credential },
    });

  expectError(await send(null), 401, 'unauthorized');
  expectError(await send('Basic dXNlcjpwYXNz'), 401, 'unauthorized');
  expectError(await send(`Bearer atr_${randomUUID()}${randomUUID()}`), 401, 'invalid_credentials');
  expectError(await send(`Bearer ${FORGED_JWT}`), 401, 'invalid_credentials');

  for (const f of c.forbidden ?? []) {
    const refused = await send(`Bearer ${f.credential}`);
    expectError(refused, f.status ?? 403);
    expect(refused.body.code).toBe(f.code);
  }

  if (c.crossOrg) {
    const other = await send(`Bearer ${c.crossOrg.credential}`);
    const missing = await send(`Bearer ${c.crossOrg.credential}`, c.crossOrg.missingPath);
    const code = c.crossOrg.code ?? 'not_found';
    expectError(other, 404, code);
    expectError(missing, 404, code);
    expect(other.body.error).toBe(missing.body.error);
  }
}

export const randomId = () => randomUUID();
