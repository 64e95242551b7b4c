import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import {
  expectedForInvalid,
  type FuzzRequest,
  invalidRequestArbitrary,
  notFound,
  validRequestArbitrary,
} from './helpers/fuzz-cases.ts';
import {
  type AuthRequirement,
  type Caller,
  contractProblems,
  type Expected,
  guardRefusal,
  type Operation,
  operationsOf,
  send,
} from './helpers/fuzz-operations.ts';
import { Unsupported } from './helpers/fuzz-schema.ts';
import { buildWorld, type FuzzWorld } from './helpers/fuzz-world.ts';

/**
 * Property-based fuzzing of every operation of the live OpenAPI document: valid and invalid paths, queries and
 * bodies generated from its schemas, sent over real HTTP by every caller class, with these properties:
 * - never a 5xx; every 4xx is exactly `{ error, code, request_id }` with a code of error-codes.ts for that status,
 *   and a status and code the operation documents (transport refusals 408/413/414/415/431 aside);
 * - precedence: a NUL in the URL or a repeated query parameter is 400 before anything, and a path segment longer
 *   than the router's limit 404 (no route matches); then the route's guard
 *   (401 without or with the wrong kind of credential, 403 for the wrong role); then validation (a malformed
 *   path id 404 like a missing resource, a bad query or body 400, or 422 where the route lists it);
 * - an id of another organization's resource answers 404, as a random id does.
 * FUZZ_SEED and FUZZ_RUNS (runs per operation) change the cases; a failure prints the seed that reproduces it.
 *
 * Nothing is skipped for its side effects: the callers' own resources are never addressed by id (ids are random,
 * malformed, or another organization's), so no case can delete or suspend a caller's organization, user or key.
 * The console routes that take an organization id act on a throwaway organization C, which they may suspend or
 * delete. Operations whose schemas use a construct outside the converter's subset are listed in `skipped`.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);

// Each route's declared guard, recorded as the app registers it (as route-security-coverage.test.ts does).
const guards = vi.hoisted(() => new Map<string, unknown>());
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const create = original.default as unknown as (...args: unknown[]) => FastifyInstance;
  const recording = ((...args: unknown[]) => {
    const instance = create(...args);
    instance.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) guards.set(`${method} ${route.url}`, route.config?.auth);
    });
    return instance;
  }) as unknown as typeof original.default;
  Object.assign(recording, original.default);
  return { ...original, default: recording, fastify: recording };
});

let app: TestApp;
let world: FuzzWorld;
let operations: Operation[];
const skipped: string[] = [];

beforeAll(async () => {
  app = await startTestApp({
    // The fuzz sends thousands of requests per credential; the limiter is tested on its own.
    ATRIUM_RATE_LIMIT_PER_MINUTE: '0',
    // Vendor checks (an integration's credentials) fail fast on a closed port instead of reaching the internet.
    ATRIUM_TELEGRAM_API_URL: 'http://127.0.0.1:9',
    ATRIUM_MS_LOGIN_URL: 'http://127.0.0.1:9',
    ATRIUM_MS_GRAPH_URL: 'http://127.0.0.1:9',
  });
  world = await buildWorld(app);
  operations = operationsOf((await app.http.get('/openapi.json')).body);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const guardOf = (op: Operation): AuthRequirement => (guards.get(op.route) as AuthRequirement | undefined) ?? 'public';

const describeRequest = (op: Operation, caller: Caller, request: FuzzRequest) =>
  `${op.method} ${request.url} as ${caller.name} (${request.label}) body ${JSON.stringify(request.body.json ?? request.body.raw)?.slice(0, 400)}`;

/** Sends the request as the caller; returns what is wrong with the answer (nothing when all holds). */
async function check(op: Operation, caller: Caller, request: FuzzRequest, expected: Expected[] | null) {
  const res = await send(app.url, op.method, request.url, caller.credential, request.body);
  const problems = contractProblems(op, res);
  const code = (res.body as { code?: string } | null)?.code;
  if (expected && !expected.some((e) => e.status === res.status && e.code === code))
    problems.push(`expected ${expected.map((e) => `${e.status} ${e.code}`).join(' or ')}`);
  return problems.length === 0
    ? []
    : [
        `${describeRequest(op, caller, request)}\n  → ${res.status} ${res.text.slice(0, 300)}\n  ✗ ${problems.join('; ')}`,
      ];
}

/** Runs one property per operation; returns each failing operation's report (with its seed), none when all hold. */
async function forEveryOperation(
  name: string,
  property: (op: Operation) => fc.IAsyncPropertyWithHooks<any> | null,
): Promise<string[]> {
  const failures: string[] = [];
  for (const op of operations) {
    let prop: fc.IAsyncPropertyWithHooks<any> | null;
    try {
      prop = property(op);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      skipped.push(`${name}: ${op.route}: ${error.message}`);
      continue;
    }
    if (!prop) continue;
    const details = await fc.check(prop, { seed: SEED, numRuns: RUNS, endOnFailure: !process.env.FUZZ_SHRINK });
    if (details.failed)
      failures.push(`${op.route} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})\n${String(details.errorInstance)}`);
  }
  return failures;
}

const fail = (problems: string[]) => {
  if (problems.length > 0) throw new Error(problems.join('\n'));
};

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers valid and invalid requests of every caller class by the contract and its precedence', async () => {
    const consoleOrg = (op: Operation) => (name: string) =>
      op.path.startsWith('/v1/admin/organizations/{id}') && name === 'id' ? world.consoleOrgId : null;
    const failures = await forEveryOperation('callers', (op) => {
      const guard = guardOf(op);
      const cases = fc.record({
        valid: validRequestArbitrary(op, consoleOrg(op)),
        invalid: invalidRequestArbitrary(op, consoleOrg(op)),
      });
      return fc.asyncProperty(cases, async ({ valid, invalid }) => {
        const problems: string[] = [];
        for (const caller of world.callers) {
          const refusal = guardRefusal(guard, caller);
          problems.push(...(await check(op, caller, valid, refusal && [refusal])));
          const expected =
            invalid.kind === 'target'
              ? [{ status: 400, code: 'invalid_request' }]
              : invalid.kind === 'unrouted'
                ? [{ status: 404, code: 'not_found' }]
                : refusal
                  ? [refusal]
                  : [...expectedForInvalid(op, invalid.kind), ...(guard === 'public' ? ownCredentialRefusals(op) : [])];
          problems.push(...(await check(op, caller, invalid, expected)));
        }
        fail(problems);
      });
    });
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 120_000);

  it("answers 404 for another organization's ids, as for missing ones", async () => {
    const failures = await forEveryOperation('cross-org', (op) => {
      const ids = op.pathParams.filter((p) => !p.schema.enum);
      if (op.isPublic || ids.length === 0 || guardRefusal(guardOf(op), world.orgAdmin)) return null;
      const crossOrg = (name: string) => world.crossOrgIds[collectionOf(op.path, name)] ?? null;
      if (ids.some((p) => crossOrg(p.name) === null)) return null;
      const random = fc.record(Object.fromEntries(ids.map((p) => [p.name, fc.uuid()])));
      return fc.asyncProperty(validRequestArbitrary(op, crossOrg), random, async (request, randomIds) => {
        const other = { ...request, label: 'ids of organization B' };
        const missing = { ...request, label: 'random ids', url: withIds(op, request.url, crossOrg, randomIds) };
        const [a, b] = [await sendAs(op, other), await sendAs(op, missing)];
        const problems = [...contractProblems(op, a), ...contractProblems(op, b)];
        // Body rules checked before the lookup answer both the same 400/422; otherwise both are the 404.
        const bodyRule =
          (a.status === 400 || a.status === 422) && a.text === b.text.replace(b.requestId!, a.requestId!);
        const codeOf = (r: typeof a) => (r.body as { code?: string } | null)?.code;
        if (!bodyRule && !notFound(op).some((e) => e.status === a.status && e.code === codeOf(a)))
          problems.push(
            `expected ${notFound(op)
              .map((e) => `404 ${e.code}`)
              .join(' or ')}`,
          );
        if (a.status !== b.status || codeOf(a) !== codeOf(b)) problems.push(`random ids answer ${b.status} ${b.text}`);
        if (problems.length > 0)
          fail([
            `${describeRequest(op, world.orgAdmin, other)}\n  → ${a.status} ${a.text.slice(0, 300)}\n  ✗ ${problems.join('; ')}`,
          ]);
      });
    });
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 60_000);

  it('covers every operation, skipping only constructs the converter does not model', () => {
    expect(operations.length).toBeGreaterThan(200);
    expect(skipped).toEqual([]);
  });
});

/**
 * Public routes that check a credential of their own (a webhook's signature or secret token, the web app's
 * X-Atrium-Web header) do it before validation, as the guard would: their documented 401/403 may answer first.
 */
const ownCredentialRefusals = (op: Operation): Expected[] =>
  [401, 403].flatMap((status) => [...(op.errors.get(status) ?? [])].map((code) => ({ status, code })));

const sendAs = (op: Operation, request: FuzzRequest) =>
  send(app.url, op.method, request.url, world.orgAdmin.credential, request.body);

/** The URL with each cross-organization id swapped for a random one. */
function withIds(op: Operation, url: string, crossOrg: (name: string) => string | null, ids: Record<string, string>) {
  return op.pathParams.reduce((next, p) => {
    const id = crossOrg(p.name);
    return id === null ? next : next.replace(id, ids[p.name]!);
  }, url);
}

/** '/v1/agents/{id}/triggers/{triggerId}', 'triggerId' → '/v1/agents/*\/triggers': where the id's resource lives. */
function collectionOf(path: string, name: string): string {
  const upTo = path.slice(0, path.indexOf(`{${name}}`) - 1);
  return upTo.replace(/\{\w+\}/g, '*');
}
