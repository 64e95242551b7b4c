import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../src/platform/http/error-codes.ts';
import { registerErrorHandler } from '../src/platform/http/error-handler.ts';
import { ApiError, conflict, forbidden, unauthorized } from '../src/platform/http/errors.ts';
import { errorResponses } from '../src/platform/http/openapi.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

/** The spec's code catalog (SPEC.md, "Errors"), with the status it gives each code; 402 is from its status list. */
const SPEC_CODES: [string, number][] = [
  ['invalid_credentials', 401],
  ['api_key_required', 401],
  ['renew_window_expired', 401],
  ['invalid_request', 400],
  ['validation_error', 400],
  ['no_console_role', 403],
  ['admin_required', 403],
  ['org_suspended', 403],
  ['self_action_forbidden', 403],
  ['forbidden_role', 403],
  ['builtin_skill_immutable', 403],
  ['not_found', 404],
  ['no_wallet', 404],
  ['no_billing_profile', 404],
  ['billing_profile_not_found', 404],
  ['duplicate_name', 409],
  ['organization_deleted', 409],
  ['already_suspended', 409],
  ['not_suspended', 409],
  ['already_deleted', 409],
  ['not_deleted', 409],
  ['has_live_keys', 409],
  ['same_plan', 409],
  ['managed_externally', 409],
  ['dlp_blocked', 422],
  ['no_active_subscription', 402],
];

const CATALOG = Object.entries(ERROR_CODES).map(([code, { status, meaning }]) => ({
  code,
  statuses: [status].flat() as number[],
  meaning,
}));

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('the error code catalog', () => {
  it('is sorted by status, then code, and each entry has a status and a meaning', () => {
    const sorted = [...CATALOG].sort((a, b) => a.statuses[0]! - b.statuses[0]! || a.code.localeCompare(b.code));
    expect(CATALOG.map((c) => c.code)).toEqual(sorted.map((c) => c.code));
    for (const { code, statuses, meaning } of CATALOG) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(statuses.length, code).toBeGreaterThan(0);
      for (const status of statuses) expect(status >= 400 && status <= 599, code).toBe(true);
      expect(meaning.trim().length, code).toBeGreaterThan(0);
    }
  });

  it('holds every code of the spec, with the spec’s status', () => {
    for (const [code, status] of SPEC_CODES) {
      const entry = CATALOG.find((c) => c.code === code);
      expect(entry, code).toBeDefined();
      expect(entry!.statuses, code).toContain(status);
    }
  });

  it('is the only list of codes the type system accepts', () => {
    // Compile-time guards (npm run typecheck): an unlisted code is an error wherever a code is given.
    // @ts-expect-error not a code of the catalog
    expect(new ApiError(400, 'no_such_code', 'x').code).toBe('no_such_code');
    // @ts-expect-error not a code of the catalog
    expect(conflict('no_such_code', 'x').status).toBe(409);
    // @ts-expect-error not a code of the catalog
    expect(forbidden('x', 'no_such_code').status).toBe(403);
    // @ts-expect-error not a code of the catalog
    expect(unauthorized('x', 'no_such_code').status).toBe(401);
    // @ts-expect-error not a code of the catalog
    expect(Object.keys(errorResponses('public', { 409: ['no_such_code'] }))).toContain('409');
  });

  it('makes a documented error response with an unlisted code fail response validation (as every test app runs)', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.get('/listed', { schema: { response: errorResponses('public', { 409: ['duplicate_name'] }) } }, () => {
      throw conflict('duplicate_name', 'taken');
    });
    app.get('/unlisted', { schema: { response: errorResponses('public', { 409: ['duplicate_name'] }) } }, () => {
      throw new ApiError(409, 'no_such_code' as ErrorCode, 'taken');
    });
    await app.ready();
    const listed = await app.inject('/listed');
    expect(listed.statusCode).toBe(409);
    expect(listed.json()).toEqual({ error: 'taken', code: 'duplicate_name', request_id: expect.any(String) });
    const unlisted = await app.inject('/unlisted');
    expect(unlisted.statusCode).toBe(500);
    expect(unlisted.body).not.toContain('no_such_code');
    await app.close();
  });
});

describe('GET /openapi.json documents the closed list of error codes', () => {
  let app: TestApp;
  let doc: any;

  beforeAll(async () => {
    app = await startTestApp();
    const res = await app.http.get('/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => app.close());

  it('gives the Error component’s code the catalog as its enum, each code with its status and meaning once', () => {
    const code = doc.components.schemas.Error.properties.code;
    expect(code.type).toBe('string');
    expect(code.enum).toEqual(Object.keys(ERROR_CODES));
    expect(new Set(code.enum).size).toBe(code.enum.length);
    const description: string = code.description;
    for (const { code: name, statuses, meaning } of CATALOG) {
      const line = `\`${name}\` (${statuses.join(', ')}): ${meaning}`;
      expect(occurrences(description, line), name).toBe(1);
      expect(occurrences(description, `\`${name}\` (`), name).toBe(1);
    }
    expect(description.split('\n').filter((l) => l.startsWith('- ')).length).toBe(CATALOG.length);
  });

  it('names only catalog codes in the routes’ error responses, under a status the catalog gives them', () => {
    const enumCodes = new Set<string>(doc.components.schemas.Error.properties.code.enum);
    let documented = 0;
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        for (const [status, response] of Object.entries<any>(operation.responses ?? {})) {
          if (Number(status) < 400) continue;
          const where = `${method.toUpperCase()} ${path} ${status}`;
          expect(response.content['application/json'].schema.$ref, where).toBe('#/components/schemas/Error');
          const named = /Codes: ([a-z_, ]+)$/.exec(response.description);
          expect(named, where).not.toBeNull();
          for (const name of named![1]!.split(', ')) {
            expect(enumCodes.has(name), `${where}: ${name}`).toBe(true);
            expect(CATALOG.find((c) => c.code === name)!.statuses, `${where}: ${name}`).toContain(Number(status));
            documented++;
          }
          // The meanings live in the Error component only, not repeated per route.
          expect(response.description, where).not.toContain('): ');
        }
      }
    }
    expect(documented).toBeGreaterThan(100);
  });
});
