import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { expectError } from './assertions.ts';
import type { Client } from './http.ts';

export interface RouteSecurityCase {
  /** Client without credentials, pointed at the server. */
  http: Client;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** Credentials that are valid but of the wrong caller class: each must get 403 with this code. */
  forbidden?: { credential: string; code: string }[];
  /**
   * Cross-organization probe: a credential of another organization that would pass the guard, and the
   * route's path with the :id replaced by a random UUID. Both must answer the same 404.
   */
  crossOrg?: { credential: string; missingPath: string };
}

const FORGED_JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IngifQ.eyJzdWIiOiJ4Iiwib3JnIjoieCIsImFraWQiOiJ4In0.c2lnbmF0dXJl';

/** The security cases every route owes: 401 for bad credentials, 403 per wrong caller class, 404 across orgs. */
export async function expectRouteSecurity(c: RouteSecurityCase): Promise<void> {
  const send = (credential: string | null, path = c.path) =>
    c.http.request(c.method, path, {
      body: c.body,
      headers: credential === null ? {} : { authorization: credential },
    });

  expectError(await send(null), 401, 'unauthorized');
  expectError(await send('Basic dXNlcjpwYXNz'), 401, 'unauthorized');
  expectError(await send(`Bearer atr_${randomUUID()}${randomUUID()}`), 401, 'invalid_credentials');
  expectError(await send(`Bearer ${FORGED_JWT}`), 401, 'invalid_credentials');

  for (const f of c.forbidden ?? []) {
    const refused = await send(`Bearer ${f.credential}`);
    expectError(refused, 403);
    expect(refused.body.code).toBe(f.code);
  }

  if (c.crossOrg) {
    const other = await send(`Bearer ${c.crossOrg.credential}`);
    const missing = await send(`Bearer ${c.crossOrg.credential}`, c.crossOrg.missingPath);
    expectError(other, 404, 'not_found');
    expectError(missing, 404, 'not_found');
    expect(other.body.error).toBe(missing.body.error);
  }
}

export const randomId = () => randomUUID();
