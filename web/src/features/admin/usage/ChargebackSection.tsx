import { useId, useMemo, useState } from 'react';
import { downloadCsv } from './csv.ts';
import { DataTable } from './ReportData.tsx';
import { ReportSection } from './ReportSection.tsx';
import { isMonth } from './range.ts';
import { chargebackTable, tableCsv } from './tables.ts';
import styles from './usage.module.css';
import { useChargeback } from './use-usage.ts';

/** The month field; keyed by the month shown, so going back in history shows that month again. */
function MonthField({ month, onMonth }: { month: string; onMonth: (month: string) => void }) {
  // What is typed stays here until it is a whole month (a browser without a month picker takes text).
  const [typed, setTyped] = useState(month);
  const monthId = useId();
  const hintId = useId();
  return (
    <div className={styles.controls}>
      <div className="field">
        <label htmlFor={monthId}>Month</label>
        <input
          id={monthId}
          type="month"
          min="1970-01"
          value={typed}
          aria-describedby={hintId}
          onChange={(event) => {
            setTyped(event.target.value);
            if (isMonth(event.target.value)) onMonth(event.target.value);
          }}
        />
      </div>
      <p id={hintId} className={styles.hint}>
        Written YYYY-MM; days in the organization’s time zone.
      </p>
    </div>
  );
}

/**
 * A month's cost per department for charging it back: each department with its sub-departments' usage rolled in,
 * its own, and the runs; usage without a department as Unassigned. The table shows at once: it is the report.
 */
export function ChargebackSection({ month, onMonth }: { month: string; onMonth: (month: string) => void }) {
  const query = useChargeback(month);
  const table = useMemo(() => query.data && chargebackTable(query.data), [query.data]);
  return (
    <ReportSection
      id="usage-chargeback"
      title="Chargeback by department"
      controls={<MonthField key={month} month={month} onMonth={onMonth} />}
      query={query}
    >
      {() =>
        table && (
          <>
            <DataTable table={table} />
            <div className={styles.data}>
              <button type="button" className="button" onClick={() => downloadCsv(table.filename, tableCsv(table))}>
                Download CSV<span className="visually-hidden"> of the chargeback</span>
              </button>
            </div>
          </>
        )
      }
    </ReportSection>
  );
}
