import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase, wrapPglite } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createJobWakeups, createJobWorker, enqueue, type JobLogger } from '../src/platform/jobs/index.ts';
import { createJobNotifyListener, JOBS_CHANNEL, LISTENER_APPLICATION_NAME } from '../src/platform/jobs/notify.ts';
import { cloneTestDatabase } from './helpers/database.ts';
import { ownPostgres } from './helpers/processes.ts';
import { until } from './helpers/until.ts';

/**
 * Wake-ups across processes: the jobs table's insert trigger notifies once per statement with the kinds it made
 * due (on the run's database, PGlite or PostgreSQL, where the migration must apply alike), and the listener turns
 * those notifications into wake-ups of this process's lanes and survives the loss of its connection (always on
 * PostgreSQL: its own database on the local server unless the run is on PostgreSQL already).
 */

const insertJobs = (db: Database['db'], rows: { kind: string; deferred?: boolean }[]) =>
  db.execute(
    sql`insert into jobs (id, kind, run_after) values ${sql.join(
      rows.map((r) => sql`(gen_random_uuid(), ${r.kind}, ${r.deferred ? sql`now() + interval '1 hour'` : sql`now()`})`),
      sql`, `,
    )}`,
  );

describe('the jobs insert trigger', () => {
  let database: Database;
  let received: string[];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    received = [];
    const template = inject('dbTemplate');
    if (template.kind === 'pglite') {
      // The raw client, for its LISTEN (the Database handle hides it); the migrated template as every test's.
      const client = new PGlite({ loadDataDir: new Blob([readFileSync(template.path)]) });
      database = await wrapPglite(client);
      await client.listen(JOBS_CHANNEL, (payload) => received.push(payload));
      stop = () => database.close();
      return;
    }
    const cloned = await cloneTestDatabase();
    database = cloned.database;
    const listener = new pg.Client({ connectionString: cloned.url! });
    await listener.connect();
    listener.on('notification', (message) => received.push(message.payload ?? ''));
    await listener.query(`LISTEN ${JOBS_CHANNEL}`);
    stop = async () => {
      await listener.end();
      await database.close();
      await cloned.drop();
    };
  });

  afterAll(() => stop?.());

  /** Everything notified up to a marker job inserted last (notifications arrive in commit order). */
  async function notifiedUpTo(marker: string): Promise<string[]> {
    await insertJobs(database.db, [{ kind: marker }]);
    await until(`the ${marker} notification`, async () => received.includes(marker), 5_000);
    const upTo = received.splice(0, received.indexOf(marker) + 1);
    return upTo.slice(0, -1);
  }

  it('notifies once per statement with the distinct kinds it inserted', async () => {
    await insertJobs(database.db, [{ kind: 'notify.a' }, { kind: 'notify.b' }, { kind: 'notify.a' }]);
    await insertJobs(database.db, [{ kind: 'notify.c' }]);
    const notified = await notifiedUpTo('marker.1');
    expect(notified.map((p) => p.split(',').sort().join(','))).toEqual(['notify.a,notify.b', 'notify.c']);
  });

  it('leaves out deferred jobs, rolled-back inserts and inserts that wrote nothing', async () => {
    await insertJobs(database.db, [{ kind: 'later.only', deferred: true }]);
    await insertJobs(database.db, [{ kind: 'later.mixed', deferred: true }, { kind: 'due.mixed' }]);
    await database.db
      .transaction(async (tx) => {
        await insertJobs(tx, [{ kind: 'rolled.back' }]);
        tx.rollback();
      })
      .catch(() => {});
    await enqueue(database.db, { kind: 'deduped', payload: {}, dedupeKey: 'notify-test:once' });
    expect(await notifiedUpTo('marker.2')).toEqual(['due.mixed', 'deduped']);
    // The same key again inserts no row: no notification.
    await enqueue(database.db, { kind: 'deduped', payload: {}, dedupeKey: 'notify-test:once' });
    expect(await notifiedUpTo('marker.3')).toEqual([]);
  });
});

describe('the notify listener', () => {
  let own: { url: string; drop(): Promise<void> };
  let database: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    own = await ownPostgres('notify');
    database = await openDatabase({ databaseUrl: own.url, dataDir: '' });
    // The clone of the run's database is migrated already; a database of our own is not.
    await migrate(database.db);
    admin = new pg.Client({ connectionString: own.url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await database?.close();
    await own?.drop();
  });

  const listenerPids = async (): Promise<number[]> =>
    (
      await admin.query(
        `select pid from pg_stat_activity where datname = current_database() and application_name = $1 and query = $2`,
        [LISTENER_APPLICATION_NAME, `LISTEN ${JOBS_CHANNEL}`],
      )
    ).rows.map((r) => r.pid as number);

  function recordingLogger() {
    const lines: string[] = [];
    const logger: JobLogger = {
      info: (_o, msg) => lines.push(`info ${msg}`),
      warn: (_o, msg) => lines.push(`warn ${msg}`),
      error: (_o, msg) => lines.push(`error ${msg}`),
    };
    return { lines, logger };
  }

  it('wakes the lane of an enqueued kind long before its poll, and again after its connection is killed', async () => {
    const wakeups = createJobWakeups();
    const ran: string[] = [];
    // A poll far longer than the test: only a wake-up can make this lane claim.
    const lane = createJobWorker({
      db: database.db,
      kinds: { only: ['notify.lane'] },
      pollMs: 600_000,
      wakeups,
      handlers: { 'notify.lane': async (job) => void ran.push(job.id) },
    });
    let wokenAll = 0;
    wakeups.listen({ only: ['nothing.enqueued'] }, () => wokenAll++);
    const { lines, logger } = recordingLogger();
    const listener = createJobNotifyListener({ databaseUrl: own.url, wakeups, logger });
    await listener.start();
    lane.start();
    try {
      const [first] = await listenerPids();
      expect(first).toBeTypeOf('number');
      // Enqueued through another connection, as another process would: only the notification tells the lane.
      const one = await enqueue(database.db, { kind: 'notify.lane', payload: {} });
      await until('the first job to run', async () => ran.includes(one), 5_000);
      expect(wokenAll).toBe(0);

      await admin.query('select pg_terminate_backend($1)', [first]);
      const again = await until(
        'a new listening connection',
        async () => (await listenerPids()).find((pid) => pid !== first),
        10_000,
      );
      expect(again).not.toBe(first);
      // Notifications sent while it was away are lost: every lane claims once.
      await until('every lane woken after the reconnect', async () => wokenAll === 1, 5_000);
      expect(lines).toEqual([
        'warn job wake-up listener: connection lost; reconnecting (lanes keep polling meanwhile)',
        'info job wake-up listener: listening again',
      ]);

      const two = await enqueue(database.db, { kind: 'notify.lane', payload: {} });
      await until('the second job to run', async () => ran.includes(two), 5_000);
    } finally {
      await listener.close();
      await lane.stop();
    }
    await until('no listening connection after close', async () => (await listenerPids()).length === 0, 5_000);
  });

  it('starts while the database cannot be reached, connects once it can, and stops on close', async () => {
    const name = `atrium_notify_late_${process.pid}`;
    const late = new URL(own.url);
    late.pathname = `/${name}`;
    const { lines, logger } = recordingLogger();
    const wakeups = createJobWakeups();
    let wokenAll = 0;
    wakeups.listen(undefined, () => wokenAll++);
    const listener = createJobNotifyListener({
      databaseUrl: late.toString(),
      wakeups,
      logger,
      reconnect: { baseMs: 20, maxMs: 100 },
    });
    const lateListeners = async () =>
      Number(
        (
          await admin.query(`select count(*) from pg_stat_activity where datname = $1 and application_name = $2`, [
            name,
            LISTENER_APPLICATION_NAME,
          ])
        ).rows[0].count,
      );
    await listener.start();
    try {
      expect(lines).toEqual([
        'warn job wake-up listener: connection lost; reconnecting (lanes keep polling meanwhile)',
      ]);
      await admin.query(`create database ${name}`);
      await until('the listener to connect to the new database', async () => (await lateListeners()) === 1, 10_000);
      await until('every lane woken once connected', async () => wokenAll === 1, 5_000);
      expect(lines).toEqual([
        'warn job wake-up listener: connection lost; reconnecting (lanes keep polling meanwhile)',
        'info job wake-up listener: listening again',
      ]);
    } finally {
      await listener.close();
    }
    expect(await lateListeners()).toBe(0);
    await admin.query(`drop database if exists ${name} with (force)`);
  });
});
