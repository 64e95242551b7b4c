import { expect, vi } from 'vitest';
import type { ErrorCode } from '../../src/platform/http/error-codes.ts';
import type { ApiResponse } from './http.ts';

/** Asserts the spec's error envelope exactly: status, code, a message and the request id echoed in the header. */
export function expectError(res: ApiResponse, status: number, code?: ErrorCode): void {
  expect(res.status, res.text).toBe(status);
  expect(typeof res.body.error).toBe('string');
  expect(res.body.error.length).toBeGreaterThan(0);
  if (code !== undefined) expect(res.body.code).toBe(code);
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  expect(Object.keys(res.body).sort()).toEqual(['code', 'error', 'request_id']);
}

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Retries an assertion until it holds. The 10 s budget (vi.waitFor's default is 1 s) is for loaded CI machines:
 * what these tests wait for happens in milliseconds when it happens at all, so a real failure still fails.
 */
export function eventually<T>(assertion: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(assertion, { timeout: 10_000, interval: 20 });
}
