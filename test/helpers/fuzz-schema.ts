import fc from 'fast-check';

/** The subset of JSON Schema the OpenAPI document's request schemas use; anything else is `Unsupported`. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  description?: string;
}

const KNOWN = new Set<string>([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'anyOf',
  'oneOf',
  'default',
  'description',
]);

/** A construct the converter does not model: the operation's case is skipped rather than guessed at. */
export class Unsupported extends Error {}

const typesOf = (s: JsonSchema): string[] | null => (s.type === undefined ? null : [s.type].flat());
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

// A few non-ASCII letters beside printable ASCII, each one UTF-16 unit so lengths mean the same to every reader.
const TEXT_UNIT = fc.oneof(
  { weight: 9, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', 'Ω', '日', 'ж') },
);
/** Generated strings stay short; the boundary (exactly maxLength) is drawn on its own. */
const SPAN = 24;

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  if (s.enum) return fc.constantFrom(...(s.enum as string[]));
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Number.POSITIVE_INFINITY;
  const fits = (v: string) => v.length >= min && v.length <= max;
  if (s.pattern) {
    let matching: fc.Arbitrary<string>;
    try {
      matching = fc.stringMatching(new RegExp(s.pattern));
    } catch {
      throw new Unsupported(`pattern ${s.pattern}`);
    }
    return matching.filter(fits);
  }
  if (s.format === 'date-time') {
    const dates = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
    return dates.map((d) => d.toISOString());
  }
  if (s.format === 'uri') return fc.webUrl().filter(fits);
  if (s.format === 'uuid') return fc.uuid();
  if (s.format !== undefined) throw new Unsupported(`format ${s.format}`);
  const text = fc.string({ unit: TEXT_UNIT, minLength: min, maxLength: Math.min(max, min + SPAN) });
  if (s.maxLength === undefined) return text;
  return fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: fc.constant('a'.repeat(max)) });
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : s.minimum;
  if (integer) {
    const min = Math.max(low ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
    const max = Math.min(s.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
  }
  return fc.double({ min: low ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

/** Any JSON value, shallow: what `{}` (no constraint) accepts. */
const anyJson = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null));

function objectArbitrary(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = s.properties ?? {};
  const names = Object.keys(properties);
  const model = Object.fromEntries(names.map((name) => [name, validArbitrary(properties[name]!)]));
  const record = fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => names.includes(k)) });
  const extra = s.additionalProperties;
  if (extra === undefined || extra === false || names.length > 0)
    return record as fc.Arbitrary<Record<string, unknown>>;
  // A free-form map (metadata, payload, flags): a few entries of its value schema.
  const keys = s.propertyNames ? stringArbitrary(s.propertyNames) : fc.string({ minLength: 1, maxLength: 16 });
  const values = extra === true ? anyJson : validArbitrary(extra);
  return fc.dictionary(keys, values, { maxKeys: 3, noNullPrototype: true });
}

/** Values the schema accepts. Throws Unsupported for a construct outside the subset. */
export function validArbitrary(s: JsonSchema): fc.Arbitrary<unknown> {
  for (const key of Object.keys(s)) if (!KNOWN.has(key)) throw new Unsupported(`keyword ${key}`);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return fc.oneof(...branches.map(validArbitrary));
  const types = typesOf(s);
  if (types === null) {
    if (s.enum) return fc.constantFrom(...s.enum);
    return anyJson;
  }
  if (types.length > 1) return fc.oneof(...types.map((type) => validArbitrary({ ...s, type })));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return s.enum ? fc.constantFrom(...s.enum) : fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = s.minItems ?? 0;
      const max = Math.min(s.maxItems ?? min + 3, min + 3);
      return fc.array(validArbitrary(s.items ?? {}), { minLength: min, maxLength: max });
    }
    case 'object':
      return objectArbitrary(s);
    default:
      throw new Unsupported(`type ${types[0]}`);
  }
}

function hasType(type: string, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isPlainObject(v);
    default:
      return false;
  }
}

/** Whether the value satisfies the schema (the subset above): mutations that stay valid are thrown away. */
export function conforms(s: JsonSchema, v: unknown): boolean {
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return branches.some((b) => conforms(b, v));
  if (s.enum && !s.enum.includes(v)) return false;
  const types = typesOf(s);
  if (types && !types.some((t) => hasType(t, v))) return false;
  if (typeof v === 'string') {
    const length = v.length;
    if ((s.minLength !== undefined && length < s.minLength) || (s.maxLength !== undefined && length > s.maxLength))
      return false;
    if (s.pattern && !new RegExp(s.pattern).test(v)) return false;
  }
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) return false;
    if (s.maximum !== undefined && v > s.maximum) return false;
    if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return false;
  }
  if (Array.isArray(v)) {
    if ((s.minItems !== undefined && v.length < s.minItems) || (s.maxItems !== undefined && v.length > s.maxItems))
      return false;
    return v.every((item) => conforms(s.items ?? {}, item));
  }
  if (isPlainObject(v)) {
    if ((s.required ?? []).some((k) => !(k in v))) return false;
    return Object.entries(v).every(([k, item]) => {
      const declared = s.properties?.[k];
      if (declared) return conforms(declared, item);
      if (s.additionalProperties === false) return false;
      return typeof s.additionalProperties === 'object' ? conforms(s.additionalProperties, item) : true;
    });
  }
  return true;
}

/** A node of a generated value with the schema branch it was generated from. */
export interface Site {
  path: (string | number)[];
  schema: JsonSchema;
  value: unknown;
}

/** Every node of `value` paired with the (branch of the) schema it satisfies, root first. */
export function sitesOf(schema: JsonSchema, value: unknown, path: (string | number)[] = []): Site[] {
  const branches = schema.anyOf ?? schema.oneOf;
  const s = branches ? (branches.find((b) => conforms(b, value)) ?? branches[0]!) : schema;
  const here: Site = { path, schema: s, value };
  if (Array.isArray(value)) return [here, ...value.flatMap((item, i) => sitesOf(s.items ?? {}, item, [...path, i]))];
  if (isPlainObject(value) && s.properties) {
    const children = Object.entries(value).flatMap(([k, item]) =>
      s.properties?.[k] ? sitesOf(s.properties[k], item, [...path, k]) : [],
    );
    return [here, ...children];
  }
  return [here];
}

/** A copy of `root` with the node at `path` replaced (or removed when `next` is `REMOVE`). */
export const REMOVE = Symbol('remove');
export function replaceAt(root: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  if (rest.length === 0 && next === REMOVE) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head!];
  } else copy[head!] = replaceAt(copy[head!], rest, next);
  return copy;
}
