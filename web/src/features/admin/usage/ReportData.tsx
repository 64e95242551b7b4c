import { downloadCsv } from './csv.ts';
import { type ReportTable, type TableCell, tableCsv } from './tables.ts';
import styles from './usage.module.css';

/**
 * A chart's numbers for everyone: a table with its caption (folded away until asked for) and the same figures as
 * a CSV file. `about` finishes the controls' names for screen readers ("Download CSV of cost by model"), as a
 * page holds several of each.
 */
export function ReportData({ table, about }: { table: ReportTable; about: string }) {
  return (
    <div className={styles.data}>
      <details className={styles.details}>
        <summary>
          Show as table<span className="visually-hidden"> of {about}</span>
        </summary>
        <DataTable table={table} />
      </details>
      <button type="button" className="button" onClick={() => downloadCsv(table.filename, tableCsv(table))}>
        Download CSV<span className="visually-hidden"> of {about}</span>
      </button>
    </div>
  );
}

export function DataTable({ table }: { table: ReportTable }) {
  const numeric = table.columns.map((column) => column.numeric);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus, so keys can scroll it
    <section className={styles.tableScroll} aria-label={table.caption} tabIndex={0}>
      <table className={styles.table}>
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: series labels may repeat; a column is its position
              <th key={index} scope="col" className={column.numeric ? styles.numeric : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.length === 0 && (
            <tr>
              <td colSpan={table.columns.length}>No usage in this period.</td>
            </tr>
          )}
          {table.rows.map((row) => (
            <Row key={row.key} cells={row.cells} numeric={numeric} depth={row.depth} />
          ))}
        </tbody>
        {table.total && (
          <tfoot>
            <Row cells={table.total} numeric={numeric} />
          </tfoot>
        )}
      </table>
    </section>
  );
}

/** A row named by its first cell; `depth` indents that name under its parent's. */
function Row({ cells, numeric, depth = 0 }: { cells: TableCell[]; numeric: boolean[]; depth?: number }) {
  const [name, ...figures] = cells;
  return (
    <tr>
      <th scope="row" style={depth > 0 ? { paddingLeft: `${0.5 + depth * 1.25}rem` } : undefined}>
        {name?.text}
      </th>
      {figures.map((cell, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column's position
        <td key={index} className={numeric[index + 1] ? styles.numeric : undefined}>
          {cell.text}
        </td>
      ))}
    </tr>
  );
}
