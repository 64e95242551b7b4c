import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { GENERATED_PATHS, renderGeneratedFiles } from '../client/scripts/codegen.ts';
import type { ErrorCode } from '../client/src/index.ts';
import { ERROR_CODE_LIST, type ErrorCode as ServerErrorCode } from '../src/platform/http/error-codes.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

/**
 * The client's generated operations are committed; this fails as soon as they no longer match the running
 * server, so a contract change breaks the build, not a user. Fix: `npx tsx client/scripts/generate.ts`.
 */
let app: TestApp;
let document: any;

beforeAll(async () => {
  app = await startTestApp();
  const res = await app.http.get('/openapi.json');
  expect(res.status).toBe(200);
  document = res.body;
});
afterAll(() => app?.close());

/** The first line where `actual` and `expected` differ, or null when they are equal (a 1 MB diff helps no one). */
function firstDifference(actual: string, expected: string): string | null {
  if (actual === expected) return null;
  const a = actual.split('\n');
  const b = expected.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: generated ${JSON.stringify(a[at])}, committed ${JSON.stringify(b[at])}`;
}

describe('the generated client', () => {
  it('is what the running server’s /openapi.json generates, byte for byte', async () => {
    const rendered = await renderGeneratedFiles(document);
    const stale = 'stale: run `npx tsx client/scripts/generate.ts` and commit the result';
    expect(firstDifference(rendered.document, readFileSync(GENERATED_PATHS.document, 'utf8')), stale).toBeNull();
    expect(firstDifference(rendered.types, readFileSync(GENERATED_PATHS.types, 'utf8')), stale).toBeNull();
  });

  it('types `code` with the server’s whole error catalog', () => {
    expect(document.components.schemas.Error.properties.code.enum).toEqual(ERROR_CODE_LIST);
    expectTypeOf<ErrorCode>().toEqualTypeOf<ServerErrorCode>();
  });
});
