import { FormField } from './FormField.tsx';

interface TextFieldProps {
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  /** A multi-line box of this many rows; a one-line input without it. */
  rows?: number;
}

/** A labelled text input (or text box) with its hint and error: the common field of the app's forms. */
export function TextField({ label, hint, error, value, onChange, maxLength, rows }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) =>
        rows ? (
          <textarea
            {...control}
            rows={rows}
            value={value}
            maxLength={maxLength}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input {...control} value={value} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </FormField>
  );
}
