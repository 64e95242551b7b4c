import styles from './ArtifactPreview.module.css';
import { parseCsv } from './csv.ts';

/** Enough rows to see what a table holds, few enough to render at once. */
const MAX_PREVIEW_ROWS = 200;

/** A CSV file as a table: the first row is the header. */
export function CsvTable({ text, caption }: { text: string; caption: string }) {
  const { rows, truncated } = parseCsv(text, MAX_PREVIEW_ROWS + 1);
  const [header = [], ...body] = rows;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus, so keys can scroll it
    <section className={styles.tableScroll} aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>
          {caption}
          {truncated && ` (first ${MAX_PREVIEW_ROWS} rows)`}
        </caption>
        <thead>
          <tr>
            {header.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their position
              <th key={index} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
