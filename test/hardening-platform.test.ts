import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerGuard } from '../src/platform/auth/guard.ts';
import { describeError, isDeterministicDbError, loggableError } from '../src/platform/db/errors.ts';

const resolverThatIsNeverCalled = {
  resolve: async () => {
    throw new Error('not called');
  },
  liveKey: async () => {
    throw new Error('not called');
  },
} as never;

describe('the auth guard fails closed', () => {
  it('refuses to start an app with a /v1 route that declares no auth', async () => {
    const app = Fastify();
    registerGuard(app, resolverThatIsNeverCalled);
    expect(() => app.get('/v1/forgotten', async () => ({ ok: true }))).toThrow(/declares no config\.auth/);
    await app.close();
  });

  it('accepts /v1 routes that declare auth, public included, and public routes outside /v1', async () => {
    const app = Fastify();
    registerGuard(app, resolverThatIsNeverCalled);
    app.get('/v1/declared', { config: { auth: 'public' } }, async () => ({ ok: true }));
    app.get('/health/live', async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject('/v1/declared')).statusCode).toBe(200);
    expect((await app.inject('/health/live')).statusCode).toBe(200);
    await app.close();
  });
});

/** A driver error as pg or PGlite raises it, wrapped by Drizzle the way a failed query is. */
function failedQuery(sqlState: string, params: unknown[]): DrizzleQueryError {
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: sqlState });
  return new DrizzleQueryError(
    'insert into "project_file_chunks" ("id", "content") values ($1, $2), ($3, $4)',
    params,
    cause,
  );
}

describe('database errors are scrubbed before they are logged or stored', () => {
  const secret = 'the whole uploaded file text, which must never reach a log';

  it('keeps the SQLSTATE, the driver message and the statement head, never a bind parameter', () => {
    const error = failedQuery('22021', ['id-1', secret, 'id-2', secret]);
    expect(error.message).toContain(secret); // what Drizzle itself would have logged
    const described = describeError(error);
    expect(described).toBe(
      '[22021] invalid byte sequence for encoding "UTF8": 0x00 (in: insert into "project_file_chunks" ("id", "content") values)',
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain(secret);
    expect(loggableError(error)).toMatchObject({ type: 'DrizzleQueryError', code: '22021' });
  });

  it('tells deterministic refusals from transient failures', () => {
    expect(isDeterministicDbError(failedQuery('22P05', []))).toBe(true); // untranslatable character
    expect(isDeterministicDbError(failedQuery('54000', []))).toBe(true); // too many bind parameters
    expect(isDeterministicDbError(failedQuery('23505', []))).toBe(true); // unique violation
    expect(isDeterministicDbError(failedQuery('40001', []))).toBe(false); // serialization failure
    expect(isDeterministicDbError(failedQuery('08006', []))).toBe(false); // connection failure
    expect(isDeterministicDbError(new Error('socket hang up'))).toBe(false);
  });

  it('describes other errors by their message, bounded', () => {
    expect(describeError(new Error('x'.repeat(2000))).length).toBe(500);
    expect(describeError({ reason: 'odd' })).toBe('{"reason":"odd"}');
    expect(describeError('plain')).toBe('plain');
  });
});

describe('values quoted in a driver message are cut short', () => {
  it('keeps names readable and values to 40 characters', () => {
    const value = 'a-user-search-term-that-is-long-and-private-and-must-not-be-logged-whole';
    const cause = Object.assign(new Error(`invalid input syntax for type uuid: "${value}"`), { code: '22P02' });
    const described = describeError(new DrizzleQueryError('select * from "threads" where "id" = $1', [value], cause));
    expect(described).toBe(
      `[22P02] invalid input syntax for type uuid: "${value.slice(0, 40)}…" (in: select * from "threads" where "id")`,
    );
  });
});
