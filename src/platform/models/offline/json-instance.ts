type Schema = Record<string, unknown> | boolean;

const MAX_DEPTH = 12;
const SAMPLE_TEXT = 'offline';

const FORMATS: Record<string, string> = {
  'date-time': '2000-01-01T00:00:00.000Z',
  date: '2000-01-01',
  time: '00:00:00',
  email: 'offline@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '127.0.0.1',
  ipv6: '::1',
  hostname: 'example.com',
  duration: 'PT0S',
};

/** Resolves local `#/$defs/…` and `#/definitions/…` references (what zod and most generators emit). */
function deref(schema: Record<string, unknown>, root: Record<string, unknown>): Record<string, unknown> {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < MAX_DEPTH; hops++) {
    const path = current.$ref.replace(/^#\/?/, '').split('/').filter(Boolean);
    let target: unknown = root;
    for (const segment of path)
      target = (target as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (!target || typeof target !== 'object') return {};
    current = target as Record<string, unknown>;
  }
  return current;
}

function stringFor(schema: Record<string, unknown>): string {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  let text = format ?? SAMPLE_TEXT;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  if (format === undefined) {
    while (text.length < min) text += SAMPLE_TEXT;
    if (text.length > max) text = text.slice(0, max);
  }
  return text;
}

function numberFor(schema: Record<string, unknown>, integer: boolean): number {
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  let value = 0;
  const min = num(schema.minimum);
  const exclusiveMin = num(schema.exclusiveMinimum);
  const max = num(schema.maximum);
  const exclusiveMax = num(schema.exclusiveMaximum);
  if (min !== undefined && value < min) value = min;
  if (exclusiveMin !== undefined && value <= exclusiveMin)
    value = integer ? Math.floor(exclusiveMin) + 1 : exclusiveMin + 1;
  if (max !== undefined && value > max) value = max;
  if (exclusiveMax !== undefined && value >= exclusiveMax)
    value = integer ? Math.ceil(exclusiveMax) - 1 : exclusiveMax - 1;
  const step = num(schema.multipleOf);
  if (step && step > 0) value = Math.ceil(value / step) * step;
  return integer ? Math.ceil(value) : value;
}

function instance(schema: Schema, root: Record<string, unknown>, depth: number): unknown {
  if (typeof schema === 'boolean' || depth > MAX_DEPTH) return null;
  const s = deref(schema, root);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if ('default' in s) return s.default;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length > 0) {
      // Prefer a non-null branch so optional-but-typed fields still show their shape.
      const branch = options.find((o) => !(o && typeof o === 'object' && (o as { type?: unknown }).type === 'null'));
      return instance((branch ?? options[0]) as Schema, root, depth + 1);
    }
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) {
    const parts = s.allOf.map((part) => instance(part as Schema, root, depth + 1));
    return parts.every((p) => p && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
  switch (type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = Array.isArray(s.required) ? (s.required as string[]) : [];
      const result: Record<string, unknown> = {};
      for (const name of required) result[name] = instance(properties[name] ?? {}, root, depth + 1);
      return result;
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      const prefix = Array.isArray(s.prefixItems) ? (s.prefixItems as Schema[]) : [];
      const items = (s.items && !Array.isArray(s.items) ? s.items : {}) as Schema;
      return Array.from({ length: Math.max(min, prefix.length) }, (_, i) =>
        instance(prefix[i] ?? items, root, depth + 1),
      );
    }
    case 'string':
      return stringFor(s);
    case 'integer':
      return numberFor(s, true);
    case 'number':
      return numberFor(s, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}

/**
 * A small JSON value valid for a JSON Schema: required properties only, the first enum value or union branch,
 * the least array length, strings and numbers within their bounds. Patterns are not solved (a sample text is
 * used), so a schema whose strings must match a pattern may not be met.
 */
export function minimalJsonInstance(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return {};
  return instance(schema as Record<string, unknown>, schema as Record<string, unknown>, 0);
}
