import { ColorField } from '../ColorField.tsx';
import { isHexColor } from '../color.ts';
import styles from './composer.module.css';
import { COLOR_TOKENS, type TokenMap, type Variant } from './themes-api.ts';

interface TokenEditorProps {
  variant: Variant;
  tokens: TokenMap;
  onEdit: (token: string, value: string) => void;
}

/** The 17 colour tokens of one variant, each a swatch and its `#rrggbb` code. */
export function TokenEditor({ variant, tokens, onEdit }: TokenEditorProps) {
  return (
    <fieldset className={styles.tokens}>
      <legend className="visually-hidden">Colours of the {variant} variant</legend>
      {COLOR_TOKENS.map(({ token, label }) => {
        const value = tokens[token] ?? '';
        const error =
          value !== '' && !isHexColor(value)
            ? 'Give a colour as #rrggbb, or leave it empty to leave it out.'
            : undefined;
        return (
          <ColorField
            key={token}
            label={label}
            hint={token}
            value={value}
            error={error}
            onChange={(next) => onEdit(token, next)}
          />
        );
      })}
    </fieldset>
  );
}
