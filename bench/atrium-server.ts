/**
 * Benchmark child: Atrium itself, started the way `atrium serve` starts it (migrate, bootstrap, listen), on the
 * database and fixed credentials the parent passes in the environment. Prints its URL as JSON when ready, then
 * answers the parent's commands (`memory`, see child-rpc.ts). BENCH_REDIS_URL, when set, becomes its REDIS_URL
 * (the (i) fan-out bench); otherwise live events stay in-process whatever the parent's environment holds.
 */
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { announce, exitWithParent, fail } from './child.ts';
import { serveCommands } from './child-rpc.ts';

const env = process.env;
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: env.DATABASE_URL,
  ATRIUM_SECRET_KEY: env.ATRIUM_SECRET_KEY,
  ATRIUM_JWT_SECRET: env.ATRIUM_JWT_SECRET,
  // Silent unless the bench runs with --log-level (what a default `npm start` writes: one line per request).
  LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'silent',
  ATRIUM_ADMIN_EMAIL: env.ATRIUM_ADMIN_EMAIL,
  ATRIUM_ADMIN_PASSWORD: env.ATRIUM_ADMIN_PASSWORD,
  ATRIUM_ADMIN_API_KEY: env.ATRIUM_ADMIN_API_KEY,
  ATRIUM_WEB_API_KEY: env.ATRIUM_WEB_API_KEY,
  REDIS_URL: env.BENCH_REDIS_URL,
  ATRIUM_OFFLINE_DELTA_DELAY_MS: '0',
  // One credential sends every request of (c)-(e) and opens every stream of (i): the limits stay on (their cost is
  // measured) but far above what the bench sends.
  ATRIUM_RATE_LIMIT_PER_MINUTE: '10000000',
  ATRIUM_SSE_MAX_STREAMS_PER_PRINCIPAL: '1000000',
});

startServer(config).then((server) => {
  exitWithParent(() => server.close());
  announce({ url: server.url, pid: process.pid });
  serveCommands({});
}, fail);
