import { ERROR_CODES } from '../../src/platform/http/error-codes.ts';
import type { JsonSchema } from './fuzz-schema.ts';

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One operation of the OpenAPI document, with what it documents about its failures. */
export interface Operation {
  method: string;
  /** The document's path: /v1/agents/{id}. */
  path: string;
  /** Fastify's template, as the guard registry knows it: 'GET /v1/agents/:id'. */
  route: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: JsonSchema | null;
  isPublic: boolean;
  /** Documented error statuses, each with the codes its description lists. */
  errors: Map<number, Set<string>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** "Invalid request. Codes: invalid_request, validation_error" → the codes. */
const codesOf = (description: string): string[] =>
  (/Codes: (.+)$/.exec(description)?.[1] ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

export function operationsOf(document: any): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters: any[] = op.parameters ?? [];
      const param = (p: any): Parameter => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true });
      const errors = new Map<number, Set<string>>();
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (Number(status) >= 400) errors.set(Number(status), new Set(codesOf(response.description ?? '')));
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        pathParams: parameters.filter((p) => p.in === 'path').map(param),
        query: parameters.filter((p) => p.in === 'query').map(param),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        errors,
      });
    }
  }
  return operations;
}

/** The guard a route declares (src/platform/auth/guard.ts), recorded from Fastify's onRoute hook. */
export type AuthRequirement =
  | 'public'
  | 'mintingKey'
  | 'any'
  | 'session'
  | 'orgAdmin'
  | 'developer'
  | { console: string };

/** A class of caller and what the guard knows of it. */
export interface Caller {
  name: string;
  credential: string | null;
  kind: 'user' | 'key';
  role: 'admin' | 'member';
  developer: boolean;
  /** can_access_console with every section (the console key, an operator). */
  console: boolean;
}

export interface Expected {
  status: number;
  code: string;
}

/** What the guard answers this caller before anything else is looked at, or null when it lets the caller in. */
export function guardRefusal(auth: AuthRequirement, caller: Caller): Expected | null {
  if (auth === 'public') return null;
  if (caller.credential === null) return { status: 401, code: 'unauthorized' };
  if (auth === 'mintingKey') return caller.kind === 'user' ? { status: 401, code: 'api_key_required' } : null;
  if (auth === 'session') return caller.kind === 'user' ? null : { status: 401, code: 'unauthorized' };
  if (auth === 'orgAdmin') return caller.role === 'admin' ? null : { status: 403, code: 'forbidden' };
  if (auth === 'developer')
    return caller.kind === 'user' && caller.developer ? null : { status: 403, code: 'forbidden' };
  if (typeof auth === 'object') return caller.console ? null : { status: 403, code: 'admin_required' };
  return null;
}

/** Failures of the transport, not of any route, which no operation lists: allowed on every one. */
const TRANSPORT_STATUSES = new Set([408, 413, 414, 415, 431]);

export interface SentResponse {
  status: number;
  contentType: string;
  requestId: string | null;
  body: unknown;
  text: string;
}

/**
 * What is wrong with an answer whatever the input: a 5xx; an error body that is not exactly the envelope
 * `{ error, code, request_id }` with a catalog code of that status; a status or code the operation does not document.
 */
export function contractProblems(op: Operation, res: SentResponse): string[] {
  if (res.status >= 500) return [`${res.status} server error`];
  if (res.status < 400) return [];
  const problems: string[] = [];
  const body = res.body as Record<string, unknown> | null;
  if (!res.contentType.includes('application/json') || body === null || typeof body !== 'object')
    return [`${res.status} without a JSON error envelope`];
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,error,request_id') problems.push(`envelope keys ${keys}`);
  if (typeof body.error !== 'string' || body.error.length === 0) problems.push('envelope error is not a message');
  if (body.request_id !== res.requestId) problems.push('envelope request_id is not the x-request-id header');
  const code = String(body.code);
  const catalog = (ERROR_CODES as Record<string, { status: number | readonly number[] }>)[code];
  if (!catalog) problems.push(`code ${code} is not in error-codes.ts`);
  else if (![catalog.status].flat().includes(res.status)) problems.push(`code ${code} is not a ${res.status} code`);
  if (!TRANSPORT_STATUSES.has(res.status)) {
    const documented = op.errors.get(res.status);
    if (!documented) problems.push(`status ${res.status} is not documented for the operation`);
    else if (!documented.has(code)) problems.push(`code ${code} is not documented for ${res.status}`);
  }
  return problems;
}

/** The operation's URL with values in place of its path parameters and a query string. */
export function urlOf(op: Operation, pathValues: Record<string, string>, query: string): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name]!));
  return query === '' ? path : `${path}?${query}`;
}

export const queryString = (values: Record<string, unknown>): string =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

/**
 * One request over real HTTP. An event stream is cut as soon as its headers arrive (its status says all), and
 * redirects are not followed (a public background answers 302).
 */
export async function send(
  baseUrl: string,
  method: string,
  url: string,
  credential: string | null,
  body: { json?: unknown; raw?: string } = {},
): Promise<SentResponse> {
  const headers: Record<string, string> = {};
  if (credential !== null) headers.authorization = `Bearer ${credential}`;
  let payload: string | undefined;
  if (body.raw !== undefined) payload = body.raw;
  else if (body.json !== undefined) payload = JSON.stringify(body.json);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    body: payload,
    redirect: 'manual',
    signal: abort.signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  let text = '';
  if (contentType.includes('text/event-stream')) abort.abort();
  else text = await response.text();
  let parsed: unknown = null;
  if (contentType.includes('application/json') && text !== '') parsed = JSON.parse(text);
  return { status: response.status, contentType, requestId: response.headers.get('x-request-id'), body: parsed, text };
}
