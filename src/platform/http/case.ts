import { invalidRequest } from './errors.ts';

const camelToSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Requests may spell fields in snake_case or camelCase; schemas are written in snake_case. This rewrites the
 * top-level keys of a body or query object once, before validation. Free-form values (config, metadata,
 * policy overrides) keep their keys. Giving one field in both spellings is ambiguous and refused. The result has
 * no prototype, so no key of a request (`__proto__`, `constructor`) can reach or shadow Object.prototype.
 */
export function toSnakeKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, v] of Object.entries(value)) {
    const snake = camelToSnake(key);
    if (Object.hasOwn(out, snake)) throw invalidRequest(`Field "${snake}" is given twice (as ${key} and ${snake})`);
    out[snake] = v;
  }
  return out;
}
