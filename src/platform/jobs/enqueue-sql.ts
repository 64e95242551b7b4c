import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_MAX_ATTEMPTS } from './enqueue.ts';

/**
 * A UUID v7 made by the database, for a job whose row is decided there (PostgreSQL 15 has no `uuidv7()`): the
 * current millisecond over the first 48 bits of a random UUID, with the version nibble turned from 4 into 7.
 */
const uuidV7 = sql`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

export interface EnqueueRows {
  kind: string;
  /** The payload of each job, a jsonb expression over the rows of `from`. */
  payload: SQL;
  /** Each job's key, a text expression over the rows of `from`: a key that exists already writes nothing. */
  dedupeKey: SQL;
  maxAttempts?: number;
  /** Where the jobs come from: `from … where …` for one job per row, or a bare `where …` for at most one. */
  from: SQL;
}

/**
 * The jobs a write makes due, as one `INSERT … SELECT` statement, to send on its own or as a data-modifying CTE
 * of the write itself (one round trip for both, atomic without a transaction). Same rows as `enqueue`. `onlyIf`, a
 * condition over the statement's other CTEs, makes them due only when the write took effect.
 */
export function enqueueRows(job: EnqueueRows, onlyIf?: SQL): SQL {
  const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const due = sql`select ${uuidV7} as id, ${job.kind}::text as kind, ${job.payload} as payload, ${job.dedupeKey} as dedupe_key, ${maxAttempts}::int as max_attempts ${job.from}`;
  const rows = onlyIf ? sql`select * from (${due}) as due where ${onlyIf}` : due;
  return sql`insert into jobs (id, kind, payload, dedupe_key, max_attempts) ${rows} on conflict (dedupe_key) do nothing`;
}
