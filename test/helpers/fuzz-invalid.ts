import fc from 'fast-check';
import { conforms, type JsonSchema, REMOVE, replaceAt, type Site, sitesOf } from './fuzz-schema.ts';

/**
 * Where an invalid input is wrong decides who answers it (the documented precedence):
 * - target: a NUL in the URL or a repeated query parameter, refused with 400 before the guard runs;
 * - unrouted: a path segment too long for the router, 404 not_found before the guard runs;
 * - path: a malformed path id, 404 like any missing resource (after the guard);
 * - query / body: 400 invalid_request after the guard (body: 422 validation_error where the route lists 422).
 */
export type InvalidKind = 'target' | 'unrouted' | 'path' | 'query' | 'body';

export interface InvalidBody {
  label: string;
  body?: unknown;
  /** Raw request text, for bodies that are not JSON at all. */
  raw?: string;
}

const WRONG_VALUES: unknown[] = [{}, [], 'text', 12345, true, null, 1.5];
const EXTRA_KEY = 'zz_fuzz_extra';
const DEPTH = 40;
const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)]);
const at = (path: (string | number)[]) => (path.length === 0 ? 'the body' : path.join('.'));

/** One broken node: its path and its new value (REMOVE drops it). */
interface Break {
  label: string;
  path: (string | number)[];
  next: unknown;
}
type Mutation = (variant: number) => Break | null;

/** The mutations one node of a valid body allows; each one makes the body invalid or returns null. */
function mutationsAt(site: Site): Mutation[] {
  const { path, schema, value } = site;
  const list: Mutation[] = [];
  const swap = (label: string, next: unknown): Break => ({ label, path, next });
  if (path.length > 0) {
    list.push((v) => {
      const wrong = WRONG_VALUES[v % WRONG_VALUES.length];
      return conforms(schema, wrong) ? null : swap(`${at(path)} = ${JSON.stringify(wrong)}`, wrong);
    });
    list.push(() => swap(`${at(path)} nested ${DEPTH} deep`, nested(DEPTH)));
  }
  if (typeof value === 'string') {
    list.push(() => swap(`${at(path)} with a NUL`, `${value}\u0000`));
    if (schema.maxLength !== undefined)
      list.push((v) => swap(`${at(path)} over maxLength`, 'x'.repeat(schema.maxLength! + 1 + (v % 7))));
    if (schema.enum) list.push(() => swap(`${at(path)} outside its enum`, 'zz-not-an-option'));
  }
  if (typeof value === 'number') {
    if (schema.maximum !== undefined) list.push((v) => swap(`${at(path)} huge`, v % 2 ? 1e308 : 2 ** 64));
    if (schema.minimum !== undefined) list.push(() => swap(`${at(path)} hugely negative`, -1e308));
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const present = (schema.required ?? []).filter((k) => k in value);
    if (present.length > 0)
      list.push((v) => {
        const key = present[v % present.length]!;
        return { label: `${at([...path, key])} missing`, path: [...path, key], next: REMOVE };
      });
    if (schema.additionalProperties === false)
      list.push(() => swap(`${at([...path, EXTRA_KEY])} unknown`, { ...value, [EXTRA_KEY]: 1 }));
  }
  return list;
}

/** An invalid version of a valid body: a wrong root, malformed JSON, or one node of it broken. */
function mutateBody(schema: JsonSchema, body: unknown, pick: number, variant: number): InvalidBody | null {
  const roots: InvalidBody[] = [
    { label: 'malformed JSON', raw: '{"unterminated": ' },
    { label: 'the body is an array', body: [] },
    { label: 'the body is a string', body: 'text' },
    { label: 'the body is a number', body: 42 },
  ];
  const mutations = sitesOf(schema, body).flatMap(mutationsAt);
  const choice = pick % (roots.length + mutations.length);
  if (choice < roots.length) return roots[choice]!;
  const mutated = mutations[choice - roots.length]!(variant);
  if (!mutated) return null;
  const next = replaceAt(body, mutated.path, mutated.next);
  // NULs and deep nesting break the transport bounds, whatever the schema says; others must break the schema.
  const boundsBreak = /NUL|deep/.test(mutated.label);
  if (!boundsBreak && conforms(schema, next)) return null;
  return { label: mutated.label, body: next };
}

export const invalidBodyArbitrary = (schema: JsonSchema, valid: fc.Arbitrary<unknown>): fc.Arbitrary<InvalidBody> =>
  fc
    .tuple(valid, fc.nat(), fc.nat())
    .map(([body, pick, variant]) => mutateBody(schema, body, pick, variant))
    .filter((x): x is InvalidBody => x !== null);

/** Query values the parameter's schema refuses, as they would be typed into a URL. */
export function invalidQueryValues(schema: JsonSchema): string[] {
  const values: string[] = [];
  if (schema.type === 'integer' || schema.type === 'number') {
    values.push('abc', '1e400');
    if (schema.maximum !== undefined) values.push(String(schema.maximum + 1));
    if (schema.minimum !== undefined) values.push(String(schema.minimum - 1));
  }
  if (schema.enum) values.push('zz-not-an-option');
  else if (schema.type === 'string') {
    if (schema.pattern) values.push('zz!');
    if (schema.maxLength !== undefined) values.push('x'.repeat(schema.maxLength + 1));
  }
  return values.filter((v) => !conforms(schema, v) && !conforms(schema, Number(v)));
}

/** Path segments that are not ids (nor any enum value): each must answer 404 like a missing resource. */
export const MALFORMED_IDS = [
  'not-a-uuid',
  '12345',
  '00000000-0000-9000-8000-000000000000',
  '0190b9e4-5c1a-7d2e-8f3a-1b2c3d4e5f6a0',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  "1' OR '1'='1",
  '%F0%9F%92%A9',
  'a'.repeat(300),
];
