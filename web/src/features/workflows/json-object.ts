/** A JSON object typed by a person (tool arguments, a nested workflow's input, a run's input), or why it is not one. */
export type ParsedJsonObject = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

export function parseJsonObject(text: string): ParsedJsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() || '{}');
  } catch {
    return { ok: false, error: 'This is not valid JSON. Write an object, such as {"topic": "otters"}.' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: 'Write a JSON object in braces, such as {"topic": "otters"}, not a list or a value.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** An object as the textarea shows it: readable, two-space indented, `{}` when empty. */
export const formatJsonObject = (value: Record<string, unknown>): string =>
  Object.keys(value).length === 0 ? '{}' : JSON.stringify(value, null, 2);
