import type { Executor } from './client.ts';

/**
 * A statement Drizzle builds once per database handle and PostgreSQL parses and plans once per connection (a
 * named prepared statement), for the hot paths: building a query costs Drizzle 50–150 µs of CPU, more than
 * PostgreSQL needs to run a primary-key read. A transaction is a handle of its own, so there the statement is
 * built once per transaction (as an unprepared query would be) and still planned once per connection.
 * `build` must give one name one SQL text: PostgreSQL refuses a name prepared twice with different texts.
 */
export function prepared<S>(build: (db: Executor) => S): (db: Executor) => S {
  const built = new WeakMap<Executor, S>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
