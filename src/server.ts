import type { FastifyInstance } from 'fastify';
import { buildApp, createServices } from './app.ts';
import { type BootstrapResult, bootstrap } from './bootstrap.ts';
import type { Config } from './config.ts';
import { seedOfflineModel } from './modules/catalog/seed.ts';
import { seedBuiltinSkills } from './modules/skills/seed.ts';
import type { Clock } from './platform/clock.ts';
import { type Database, openDatabase } from './platform/db/client.ts';
import { migrate } from './platform/db/migrate.ts';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  database: Database;
  /** What the first start created (with generated secrets), or null when the installation existed. */
  bootstrapped: BootstrapResult | null;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** What a caller may put in place of the production defaults: tests pass a clock they control. */
export interface ServerOptions {
  clock?: Clock;
}

/**
 * Migrates, bootstraps, listens and starts the in-process job worker: what `atrium serve` does, also used by
 * tests and benchmarks.
 */
export async function startServer(
  config: Config,
  existing?: Database,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const database = existing ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(database.db);
  await seedOfflineModel(database.db);
  await seedBuiltinSkills(database.db);
  const services = createServices({ config, database, clock: options.clock });
  const bootstrapped = await bootstrap({
    db: database.db,
    config: config.bootstrap,
    organizations: services.organizations,
    consoleRoles: services.consoleRoles,
    users: services.users,
    serviceAccounts: services.serviceAccounts,
  });
  const app = await buildApp({ config, database }, services);
  const url = await app.listen({ port: config.port, host: config.host });
  // Listening before the lanes' first claim: a job committed in between is either claimed or notified.
  await services.jobNotifications.start();
  if (config.role !== 'api') services.jobWorkers.start();
  if (config.role !== 'api') services.triggers.scheduler.start();
  if (config.role !== 'api') services.invoiceScheduler.start();
  return {
    app,
    url,
    database,
    bootstrapped,
    async close() {
      await app.close();
      await services.triggers.scheduler.stop();
      await services.invoiceScheduler.stop();
      await services.jobNotifications.close();
      // Running jobs finish (their leases would otherwise hand them to another worker later).
      await services.jobWorkers.stop();
      await services.bus.close();
      await database.close();
    },
  };
}

export interface RunningWorker {
  database: Database;
  /** Stops claiming, lets running jobs finish, then closes the database if the worker opened it. */
  close(): Promise<void>;
}

/** `atrium worker`: only the job worker, for deployments that scale API and workers apart. */
export async function startWorker(config: Config, existing?: Database): Promise<RunningWorker> {
  const database = existing ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(database.db);
  await seedOfflineModel(database.db);
  await seedBuiltinSkills(database.db);
  const services = createServices({ config, database });
  await services.storage.start();
  await services.jobNotifications.start();
  services.jobWorkers.start();
  services.triggers.scheduler.start();
  services.invoiceScheduler.start();
  return {
    database,
    async close() {
      await services.triggers.scheduler.stop();
      await services.invoiceScheduler.stop();
      await services.jobNotifications.close();
      await services.jobWorkers.stop();
      await services.bus.close();
      await services.dlp.close();
      if (!existing) await database.close();
    },
  };
}
