import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../auth/guard.ts';
import { describeErrorCodes, ERROR_CODE_LIST, type ErrorCode } from './error-codes.ts';

/** The error envelope; its `code` is one of the catalog's, each listed once with its status and meaning. */
export const ErrorSchema = z
  .object({
    error: z.string(),
    code: z
      .enum(ERROR_CODE_LIST)
      .describe(
        `Machine-readable error code, one of the closed list below: \`code\` (status): meaning.\n\n${describeErrorCodes()}`,
      ),
    request_id: z.string(),
  })
  .meta({ id: 'Error' });

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request',
  401: 'Missing or invalid credential',
  402: 'No active subscription',
  403: 'Not permitted',
  404: 'Not found or not visible to the caller',
  409: 'State conflict',
  413: 'Body too large',
  422: 'Validation failed',
  429: 'Too many requests (Retry-After says when to retry)',
  503: 'Server busy (Retry-After says when to retry)',
};

const errorDoc = (status: number, codes: ErrorCode[]) =>
  ErrorSchema.describe(`${STATUS_TEXT[status] ?? 'Error'}. Codes: ${[...new Set(codes)].join(', ')}`);

/** A route's own error codes by status, for errorResponses: only codes of the catalog. */
export type RouteErrorCodes = Partial<Record<number, readonly ErrorCode[]>>;

/**
 * The error responses of a route for the OpenAPI document: those implied by its guard plus its own.
 * Keys are statuses, values the `code`s that status can carry.
 */
export function errorResponses(auth: AuthRequirement, own: RouteErrorCodes = {}) {
  // Every route counts against its caller's request limit (ATRIUM_RATE_LIMIT_PER_MINUTE).
  const codes: Record<number, ErrorCode[]> = { 400: ['invalid_request'], 429: ['rate_limited'] };
  if (auth !== 'public')
    codes[401] =
      auth === 'mintingKey'
        ? ['unauthorized', 'api_key_required', 'invalid_credentials']
        : ['unauthorized', 'invalid_credentials'];
  if (auth !== 'public' && auth !== 'mintingKey') codes[403] = ['org_suspended'];
  if (auth === 'orgAdmin' || auth === 'developer') codes[403]?.push('forbidden');
  if (typeof auth === 'object') codes[403]?.push('admin_required');
  for (const [status, list] of Object.entries(own))
    codes[Number(status)] = [...(codes[Number(status)] ?? []), ...(list ?? [])];
  return Object.fromEntries(
    Object.entries(codes).map(([status, list]) => [Number(status), errorDoc(Number(status), list)]),
  );
}

/** Path parameter that must be a UUID; anything else is answered 404 like a missing resource. */
export const uuidParam = z.uuid();

/**
 * The document's `transformObject`: fastify-type-provider-zod's, with `components.schemas` sorted by name. The
 * schemas come out in the order the zod registry met them, which depends on which modules a process imported first
 * (test files share a worker's registry); sorted, the same server always answers the same bytes.
 */
export function sortedSchemasTransformObject(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const document = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas;
  if (schemas) {
    document.components!.schemas = Object.fromEntries(
      Object.keys(schemas)
        .sort()
        .map((name) => [name, schemas[name]]),
    );
  }
  return document as ReturnType<typeof jsonSchemaTransformObject>;
}
