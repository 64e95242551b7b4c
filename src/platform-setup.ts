import type { Config } from './config.ts';
import { createCredentialResolver } from './platform/auth/credentials.ts';
import { createSessionTokens } from './platform/auth/session-tokens.ts';
import { createCredentialStore } from './platform/auth/store.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { boundPasswordHashing } from './platform/crypto/passwords.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import type { Database } from './platform/db/client.ts';
import { createEventBus } from './platform/events/index.ts';
import { consoleJobLogger, createJobWakeups } from './platform/jobs/index.ts';
import { createJobNotifyListener, type JobNotifyListener } from './platform/jobs/notify.ts';
import { createBlobStorage, createPublicUrl } from './platform/storage/index.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Decides credential, session and demo expiry; the system clock unless a test passes its own. */
  clock?: Clock;
}

/** The platform's machinery every module may be handed: built first, from the configuration alone. */
export function createPlatform({ config, database, clock = systemClock }: AppDeps) {
  const { db } = database;
  const log = consoleJobLogger;
  const tokens = createSessionTokens(config.jwtSecret, clock);
  const secretBox = createSecretBox(config.secretKey);
  const credentials = createCredentialResolver(createCredentialStore(db), tokens, clock);
  const publicUrl = createPublicUrl(config.publicUrl);
  const storage = createBlobStorage(config, { baseUrl: publicUrl.get, clock });
  // Live run events: Redis between processes when REDIS_URL is set, in-process otherwise; closed on shutdown.
  const bus = createEventBus({ redisUrl: config.redisUrl });
  // Work enqueued here wakes the job lane of its kind at once (the lanes are created last, from the modules' jobs).
  const wakeups = createJobWakeups();
  // Work enqueued by other processes wakes them too: PostgreSQL's notify, heard where lanes run (started and closed
  // by the server beside them); PGlite is one process, and an API process runs no lanes.
  const jobNotifications: JobNotifyListener =
    config.databaseUrl && config.role !== 'api'
      ? createJobNotifyListener({ databaseUrl: config.databaseUrl, wakeups, logger: log })
      : { start: async () => {}, close: async () => {} };
  // argon2 holds threadpool threads; the pool is per process, so is the bound.
  boundPasswordHashing(config.passwordHashing);

  return { config, db, clock, log, tokens, secretBox, credentials, publicUrl, storage, bus, wakeups, jobNotifications };
}

export type Platform = ReturnType<typeof createPlatform>;
