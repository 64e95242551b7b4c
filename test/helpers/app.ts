import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '../../src/config.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { createTestClock, type TestClock } from './clock.ts';
import { cloneTestDatabase } from './database.ts';
import { type Client, client } from './http.ts';

export interface TestApp {
  server: RunningServer;
  url: string;
  config: Config;
  /** The bootstrap's operator and keys, fixed through the environment as automation would do. */
  operator: { email: string; password: string };
  consoleKey: string;
  webKey: string;
  /** The clock the app decides expiry by (keys, session tokens, demo organizations): advance it, never sleep. */
  clock: TestClock;
  /** HTTP client without credentials; `.as(credential)` gives one that sends a bearer. */
  http: Client;
  close(): Promise<void>;
}

export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'atrium-test-')),
    ATRIUM_SECRET_KEY: randomBytes(32).toString('hex'),
    ATRIUM_JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    ATRIUM_VALIDATE_RESPONSES: 'true',
    ATRIUM_ADMIN_EMAIL: 'operator@atrium.test',
    ATRIUM_ADMIN_PASSWORD: 'operator-password-1',
    ATRIUM_ADMIN_API_KEY: `console-${randomBytes(24).toString('hex')}`,
    ATRIUM_WEB_API_KEY: `web-${randomBytes(24).toString('hex')}`,
    // Sign-in failure counters of every app of a CI run share one Redis, and every test comes from 127.0.0.1.
    ATRIUM_RATE_LIMIT_PREFIX: `atrium:rl:test-${randomBytes(6).toString('hex')}:`,
    // The PostgreSQL pass of CI sets REDIS_URL: the whole suite then carries live events through Redis.
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...overrides,
  };
}

/** Boots the whole service on a fresh cloned database and a real port, as a client would meet it. */
export async function startTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const cloned = await cloneTestDatabase();
  const env = testEnv(overrides);
  const config = loadConfig(env);
  const clock = createTestClock();
  const server = await startServer(config, cloned.database, { clock });
  return {
    server,
    url: server.url,
    config,
    operator: { email: env.ATRIUM_ADMIN_EMAIL!, password: env.ATRIUM_ADMIN_PASSWORD! },
    consoleKey: env.ATRIUM_ADMIN_API_KEY!,
    webKey: env.ATRIUM_WEB_API_KEY!,
    clock,
    http: client(server.url),
    async close() {
      await server.close();
      await cloned.drop();
    },
  };
}
