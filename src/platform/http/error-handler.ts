import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { loggableError } from '../db/errors.ts';
import { ApiError, errorEnvelope } from './errors.ts';
import { RetryLaterError } from './rate-limit-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Field-level validation failures answer with this status (the spec lists 422 on some routes). */
    validationStatus?: 400 | 422;
  }
}

interface ZodIssueLike {
  code?: string;
  path?: PropertyKey[];
  message?: string;
  keys?: string[];
}

function describeIssues(issues: ZodIssueLike[]): string {
  return issues
    .slice(0, 5)
    .map((i) => {
      if (i.code === 'unrecognized_keys') return `Unknown field(s): ${(i.keys ?? []).join(', ')}`;
      const path = (i.path ?? []).map(String).join('.');
      return path ? `${path}: ${i.message}` : (i.message ?? 'invalid');
    })
    .join('; ');
}

function toApiError(error: FastifyError, routeValidationStatus: 400 | 422): ApiError {
  if (error instanceof ApiError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map(
      (v): ZodIssueLike => ({
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message,
        keys: (v.params as { keys?: string[] }).keys,
      }),
    );
    // An unknown :id is indistinguishable from a missing resource, whatever its shape.
    if (error.validationContext === 'params') return new ApiError(404, 'not_found', 'Resource not found');
    const message = describeIssues(issues);
    const structural = issues.some((i) => i.code === 'unrecognized_keys' || (i.path ?? []).length === 0);
    if (error.validationContext === 'body' && routeValidationStatus === 422 && !structural) {
      return new ApiError(422, 'validation_error', message);
    }
    return new ApiError(400, 'invalid_request', message);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'invalid_request', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupported_media_type', 'Send the body as application/json');
    case 'FST_ERR_NOT_FOUND':
      return new ApiError(404, 'not_found', 'Route not found');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(error.statusCode, 'invalid_request', error.message);
  }
  return new ApiError(500, 'internal_error', 'Internal server error');
}

/** Writes every failure as `{ error, code, request_id }`; a 500 is logged with its request id, never returned. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error, request.routeOptions.config?.validationStatus ?? 400);
    if (apiError.status >= 500) request.log.error({ err: loggableError(error) }, 'unhandled error');
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
    reply.status(apiError.status).send(errorEnvelope(apiError.message, apiError.code, request.id));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorEnvelope('Route not found', 'not_found', request.id));
  });
}
