import { type FormEvent, useState } from 'react';
import { placeApiError } from './field-errors.ts';

interface CheckedFormOptions<V extends object> {
  initial: V;
  /** The API's checks, made before sending: a message per field that fails one. */
  validate: (values: V) => Partial<Record<keyof V & string, string>>;
  /** The API's refusal of the last submit, and how its field names map to the form's. */
  error: unknown;
  fields: Readonly<Record<string, keyof V & string>>;
  codes?: Readonly<Record<string, keyof V & string>>;
  /** Called with values that pass `validate`. */
  onValid: (values: V) => void;
}

/**
 * A form's values, and the message each field shows: the browser's own check of the last submit, else the API's
 * refusal placed on the field it names. `formError` is what no field took, for above the submit button.
 */
export function useCheckedForm<V extends object>({
  initial,
  validate,
  error,
  fields,
  codes,
  onValid,
}: CheckedFormOptions<V>) {
  type Key = keyof V & string;
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState<Partial<Record<Key, string>>>({});
  const api = placeApiError<Key>(error, fields, codes);
  const errors: Partial<Record<Key, string>> = { ...api.fields, ...checked };
  const set = <K extends Key>(key: K, value: V[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setChecked(found);
    if (Object.keys(found).length === 0) onValid(values);
  };

  return { values, setValues, set, errors, formError: api.form, submit };
}
