import { readFileSync } from 'node:fs';
import type pg from 'pg';

// --- CPU accounting (Linux /proc; figures are left out elsewhere) -------------------------------------------

const CLOCK_TICKS_PER_SECOND = 100;

export function processCpuUs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU time of all PostgreSQL backends connected to the benchmark database. */
export async function databaseCpuUs(admin: pg.Client, name: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    const us = processCpuUs(pid);
    if (us !== null) out.set(pid, us);
  }
  return out;
}

export function cpuDelta(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null;
  let total = 0;
  // A backend missing before started during the measurement, so all its time counts.
  for (const [pid, us] of after) total += us - (before.get(pid) ?? 0);
  return total;
}
