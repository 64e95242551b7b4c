import { contrastRatio, inkOn, isHexColor } from '../color.ts';
import styles from '../look-and-feel.module.css';

const PAGE = '#ffffff';

function Ratio({ name, fill }: { name: string; fill: string }) {
  const ink = inkOn(fill);
  const ratio = contrastRatio(ink, fill);
  return (
    <li>
      {name}: {ink === '#ffffff' ? 'white' : 'black'} text reads at {ratio.toFixed(2)}:1{' '}
      {ratio >= 4.5 ? '(meets 4.5:1)' : '(below 4.5:1)'}
    </li>
  );
}

/** A small card in the brand's colours as they are typed, with the contrast each fill gives its text. */
export function BrandPreview({ primary, secondary, accent }: { primary: string; secondary: string; accent: string }) {
  const fills = [
    ['Primary', primary],
    ['Secondary', secondary],
    ['Accent', accent],
  ].filter(([, value]) => isHexColor(value as string)) as [string, string][];
  const main = isHexColor(primary) ? primary : null;
  return (
    <section aria-labelledby="brand-preview" className={styles.preview}>
      <h3 id="brand-preview">Preview</h3>
      <div className={styles.brandCard} style={{ borderTopColor: isHexColor(accent) ? accent : undefined }}>
        <p className={styles.brandTitle} style={{ color: isHexColor(secondary) ? secondary : undefined }}>
          Quarterly report
        </p>
        <p>Your colours on a card, as members will see them.</p>
        <span className={styles.brandButton} style={main ? { background: main, color: inkOn(main) } : undefined}>
          Open
        </span>
      </div>
      {fills.length === 0 ? (
        <p className="muted">Set a colour to see how text reads on it.</p>
      ) : (
        <ul className={styles.ratios}>
          {fills.map(([name, fill]) => (
            <Ratio key={name} name={name} fill={fill} />
          ))}
          {main && (
            <li>
              Primary on a white page: {contrastRatio(main, PAGE).toFixed(2)}:1{' '}
              {contrastRatio(main, PAGE) >= 3 ? '(meets 3:1)' : '(below 3:1)'}
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
