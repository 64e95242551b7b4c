import { AtriumApiError } from '@atrium/client';

/** A refusal of the API placed on a form: the messages of the fields it names, and what names none of them. */
export interface PlacedError<K extends string> {
  fields: Partial<Record<K, string>>;
  /** The refusal as a whole, when some part of it names no field of the form; null when every part was placed. */
  form: unknown;
}

const FIELD_MESSAGE = /^([a-z_]+)((?:\.[\w]+)*): (.+)$/s;

/**
 * The API names the field in its validation messages (`email: must be a valid email address; role: …`, the
 * handler's `path: message` joined by `; `) and in a few conflict codes (`duplicate_email`). `fields` maps the
 * API's body keys to the form's (a nested key by its whole path, `admin.email`, else by its first segment), `codes`
 * a code to the field it is about. Each part lands on its field with the API's own words; a refusal with any part
 * left over also stays whole above the submit button.
 */
export function placeApiError<K extends string>(
  error: unknown,
  fields: Readonly<Record<string, K>>,
  codes: Readonly<Record<string, K>> = {},
): PlacedError<K> {
  if (!(error instanceof AtriumApiError)) return { fields: {}, form: error ?? null };
  const byCode = codes[error.code];
  if (byCode) return { fields: { [byCode]: error.message } as Partial<Record<K, string>>, form: null };
  if (error.status !== 400 && error.status !== 422) return { fields: {}, form: error };

  const placed: Partial<Record<K, string>> = {};
  let leftOver = false;
  for (const part of error.message.split('; ')) {
    const match = FIELD_MESSAGE.exec(part);
    const field = match ? (fields[`${match[1]}${match[2]}`] ?? fields[match[1] as string]) : undefined;
    if (field && match) placed[field] = placed[field] ? `${placed[field]}; ${match[3]}` : (match[3] as string);
    else leftOver = true;
  }
  return { fields: placed, form: leftOver ? error : null };
}
