import { FormField } from '../../../components/FormField.tsx';
import { swatchValue } from './color.ts';
import styles from './look-and-feel.module.css';

interface ColorFieldProps {
  label: string;
  hint?: string;
  error?: string;
  /** The hex field's text: `#rrggbb`, empty, or whatever is being typed. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A colour as a swatch (the browser's colour picker) beside its `#rrggbb` text: either edits the same value. The
 * text field is the labelled control, so a keyboard user types the code and errors read out with it.
 */
export function ColorField({ label, hint, error, value, onChange }: ColorFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <div className={styles.colorField}>
          <input
            type="color"
            className={styles.swatch}
            aria-label={`${label}: pick`}
            value={swatchValue(value)}
            onChange={(e) => onChange(e.target.value)}
          />
          <input
            {...control}
            className={styles.hex}
            value={value}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            placeholder="#RRGGBB"
            onChange={(e) => onChange(e.target.value.trim())}
          />
        </div>
      )}
    </FormField>
  );
}
