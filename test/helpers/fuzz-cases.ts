import fc from 'fast-check';
import { type InvalidKind, invalidBodyArbitrary, invalidQueryValues, MALFORMED_IDS } from './fuzz-invalid.ts';
import { type Expected, type Operation, queryString, urlOf } from './fuzz-operations.ts';
import { validArbitrary } from './fuzz-schema.ts';

/** One request to send: its URL (path values and query filled in) and its body. */
export interface FuzzRequest {
  url: string;
  body: { json?: unknown; raw?: string };
  /** What was broken, for an invalid request. */
  label: string;
}

export interface InvalidRequest extends FuzzRequest {
  kind: InvalidKind;
}

interface Parts {
  pathValues: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * Path ids: enum parameters take a value of their enum, the console routes' organization id is the throwaway
 * organization C (so they act on a real one), every other id a random UUID, or the fixed id `ids` gives.
 */
function pathArbitrary(op: Operation, ids: (name: string) => string | null): fc.Arbitrary<Record<string, string>> {
  const model = Object.fromEntries(
    op.pathParams.map((p) => {
      const fixed = ids(p.name);
      if (fixed !== null) return [p.name, fc.constant(fixed)];
      return [p.name, p.schema.enum ? fc.constantFrom(...(p.schema.enum as string[])) : fc.uuid()];
    }),
  );
  return fc.record(model) as fc.Arbitrary<Record<string, string>>;
}

function partsArbitrary(op: Operation, ids: (name: string) => string | null): fc.Arbitrary<Parts> {
  const query = fc.record(Object.fromEntries(op.query.map((p) => [p.name, validArbitrary(p.schema)])), {
    requiredKeys: op.query.filter((p) => p.required).map((p) => p.name),
  });
  return fc.record({
    pathValues: pathArbitrary(op, ids),
    query,
    body: op.body ? validArbitrary(op.body) : fc.constant(undefined),
  });
}

const requestOf = (op: Operation, parts: Parts, label: string): FuzzRequest => ({
  url: urlOf(op, parts.pathValues, queryString(parts.query)),
  body: parts.body === undefined ? {} : { json: parts.body },
  label,
});

/** Requests the document accepts (every schema satisfied); throws Unsupported for a construct outside the subset. */
export const validRequestArbitrary = (op: Operation, ids: (name: string) => string | null) =>
  partsArbitrary(op, ids).map((parts) => requestOf(op, parts, 'valid'));

/** Requests with exactly one thing wrong, in the target, a path id, the query or the body. */
export function invalidRequestArbitrary(op: Operation, ids: (name: string) => string | null) {
  const parts = partsArbitrary(op, ids);
  const invalid = (kind: InvalidKind, label: string, p: Parts, raw?: string): InvalidRequest => {
    const request = requestOf(op, p, label);
    return { ...request, kind, body: raw === undefined ? request.body : { raw } };
  };
  const options: fc.Arbitrary<InvalidRequest>[] = [
    parts.map((p) => invalid('target', 'a NUL in the query', { ...p, query: { ...p.query, zz: '\u0000' } })),
    parts.map((p) => ({ ...invalid('target', 'a repeated query parameter', p), url: repeated(op, p) })),
  ];
  for (const param of op.pathParams) {
    const malformed = param.schema.enum ? fc.constant('zz-not-an-option') : fc.constantFrom(...MALFORMED_IDS);
    options.push(
      fc.tuple(parts, malformed).map(([p, value]) =>
        // Past Fastify's maxParamLength no route matches: 404 before the guard, for every caller.
        invalid(value.length > MAX_PARAM_LENGTH ? 'unrouted' : 'path', `path ${param.name} = ${value}`, {
          ...p,
          pathValues: { ...p.pathValues, [param.name]: value },
        }),
      ),
    );
  }
  for (const param of op.query) {
    const values = invalidQueryValues(param.schema);
    if (values.length > 0)
      options.push(
        fc
          .tuple(parts, fc.constantFrom(...values))
          .map(([p, value]) =>
            invalid('query', `query ${param.name} = ${value}`, { ...p, query: { ...p.query, [param.name]: value } }),
          ),
      );
    if (param.required)
      options.push(parts.map((p) => invalid('query', `query ${param.name} missing`, omit(p, param.name))));
  }
  if (op.body) {
    const body = op.body;
    const broken = fc.tuple(parts, invalidBodyArbitrary(body, validArbitrary(body)));
    options.push(
      broken.map(([p, b]) => invalid('body', b.label, { ...p, body: b.raw === undefined ? b.body : undefined }, b.raw)),
    );
  }
  return fc.oneof(...options);
}

/** Fastify's default maxParamLength. */
const MAX_PARAM_LENGTH = 100;

const omit = (p: Parts, name: string): Parts => {
  const { [name]: _dropped, ...query } = p.query;
  return { ...p, query };
};

function repeated(op: Operation, p: Parts): string {
  const url = urlOf(op, p.pathValues, queryString(p.query));
  return `${url}${url.includes('?') ? '&' : '?'}zz=1&zz=2`;
}

/** What a caller the guard lets in must get for an invalid request (the document's precedence). */
export function expectedForInvalid(op: Operation, kind: InvalidKind): Expected[] {
  if (kind === 'path') return notFound(op);
  const bad: Expected[] = [{ status: 400, code: 'invalid_request' }];
  if (kind === 'body' && op.errors.get(422)?.has('validation_error'))
    bad.push({ status: 422, code: 'validation_error' });
  return bad;
}

/** The 404s an operation documents (some resources have their own code, e.g. billing_profile_not_found). */
export const notFound = (op: Operation): Expected[] =>
  [...(op.errors.get(404) ?? ['not_found'])].map((code) => ({ status: 404, code }));
