import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_EXTRACT_LIMITS, type ExtractLimits } from './platform/extract/limits.ts';
import { DEFAULT_LEASE_MS } from './platform/jobs/index.ts';

/** The job lease on the embedded PGlite, where no other process could reclaim a job anyway. */
const EMBEDDED_LEASE_MS = 30_000;

/** Run jobs a worker process executes at once unless ATRIUM_RUN_CONCURRENCY says otherwise. */
export const DEFAULT_RUN_CONCURRENCY = 64;

/** The only reader of process.env: everything else receives a typed Config. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** null = embedded PGlite in `dataDir/pglite`. */
  databaseUrl: string | null;
  /**
   * Origin (and optional path prefix, no trailing slash) clients use to reach this server; the local blob
   * storage signs its URLs under it. null when PORT is 0 and ATRIUM_PUBLIC_URL is unset: then it is learnt
   * from the listening socket once the server listens.
   */
  publicUrl: string | null;
  /** The built web app (Vite's output) served at `/`; `web/dist` of this repository unless ATRIUM_WEB_DIST says. */
  webDistDir: string;
  storage: StorageConfig;
  /** 32 bytes, the AES-256-GCM key for vendor secrets at rest. */
  secretKey: Buffer;
  /** HMAC key for session JWTs. */
  jwtSecret: Buffer;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Check every response against its documented schema before sending it. The test suite turns it on so the
   * OpenAPI document is proven true; production leaves it off, views being built field by field.
   */
  validateResponses: boolean;
  /** all: HTTP and the job worker in one process (the embedded default); api: HTTP only; worker: jobs only. */
  role: 'all' | 'api' | 'worker';
  /**
   * DLP pattern evaluation: budget of one backtracking run (linear runs get 20×), worker threads, worker time
   * one message check may take, and worker time per organization (the evaluator's tenant) per minute.
   */
  dlp: { timeoutMs: number; workers: number; checkBudgetMs: number; tenantBudgetMs: number };
  /** Text extraction of uploaded files: each file's worker thread gets this time budget and heap. */
  extract: ExtractLimits;
  /** How long a worker holds a job without a heartbeat before another worker may reclaim it. */
  jobLeaseMs: number;
  /** Days completed and dead jobs are kept before the worker role deletes them; 0 = kept forever. */
  jobRetentionDays: number;
  /** Run (and trigger event) jobs one worker process executes at once: runs mostly wait on model vendors. */
  runConcurrency: number;
  /** How often the trigger scheduler (worker role) looks for due cron triggers. */
  schedulerIntervalMs: number;
  /** The built-in offline model's pause between streamed pieces (demos and fault tests); 0 = none. */
  offlineDeltaDelayMs: number;
  /**
   * Whether model providers' base URLs may resolve to loopback, private or link-local addresses (self-hosted
   * models on this host or network). false refuses them at provider create/update and at every vendor call.
   */
  allowPrivateModelUrls: boolean;
  /**
   * Redis for live run events between processes; null = in-process delivery (one process), which an `api` process
   * cannot use: its runs execute in worker processes.
   */
  redisUrl: string | null;
  /** Where the integrations' vendors are reached: their public addresses unless tests or a proxy say otherwise. */
  vendors: {
    /** Telegram Bot API root: calls go to `${telegramApiUrl}/bot<token>/<method>`. */
    telegramApiUrl: string;
    /** Microsoft identity root: token requests go to `${microsoftLoginUrl}/<tenant>/oauth2/v2.0/token`. */
    microsoftLoginUrl: string;
    /** Microsoft Graph root, its version included. */
    microsoftGraphUrl: string;
  };
  /**
   * Requests per credential (or per client address without one) per minute, counted in each API process; 0 = no
   * limit. Failed sign-ins per email and per client address in a window, counted in Redis under `prefix` when
   * REDIS_URL is set (shared by every process), in memory otherwise; 0 = no limit.
   */
  rateLimit: {
    perMinute: number;
    prefix: string;
    signIn: { failuresPerEmail: number; failuresPerAddress: number; windowMs: number };
  };
  /** Password hashes (argon2) run at once in this process, and how many may wait before 503 server_busy. */
  passwordHashing: { concurrency: number; queue: number };
  /** Reverse proxies in front of the server whose X-Forwarded-For gives the client address; 0 = none. */
  trustProxyHops: number;
  /** Browser origins allowed to call the API across origins (exact `scheme://host[:port]`); empty = no CORS. */
  corsOrigins: string[];
  /**
   * Server-Sent Events streams: keepalive comment interval and maximum lifetime, in milliseconds; how often an
   * open stream re-checks its credential; how many streams one user or service account may hold open per process.
   */
  sse: { keepaliveMs: number; maxLifetimeMs: number; recheckMs: number; maxStreamsPerPrincipal: number };
  bootstrap: {
    adminEmail: string;
    adminPassword: string | null;
    consoleApiKey: string | null;
    webApiKey: string | null;
  };
}

export type StorageConfig =
  /** Blobs on local disk under `dir` (DATA_DIR/blobs), served by signed URLs of this server. */
  | { backend: 'local'; dir: string }
  /** Azure Blob Storage (or Azurite): SAS URLs; the container is created at start when missing. */
  | { backend: 'azure'; connectionString: string; container: string };

import {
  ConfigError,
  type Env,
  readBoolean,
  readCorsOrigins,
  readInteger,
  readMilliseconds,
  readPublicUrl,
  readVendorUrl,
} from './config-values.ts';

export { ConfigError };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MIN_KEY_LENGTH = 32;

function readPort(env: Env): number {
  const raw = env.PORT ?? '3000';
  if (!/^\d+$/.test(raw) || Number(raw) > 65535)
    throw new ConfigError('PORT', `must be an integer 0-65535, got "${raw}"`);
  return Number(raw);
}

function readDatabaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return null;
  if (!/^postgres(ql)?:\/\//.test(raw))
    throw new ConfigError('DATABASE_URL', 'must start with postgres:// or postgresql://');
  try {
    new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL', 'is not a valid URL');
  }
  return raw;
}

function readRedisUrl(env: Env, role: Config['role']): string | null {
  const raw = env.REDIS_URL?.trim();
  if (!raw && role === 'api') {
    throw new ConfigError(
      'REDIS_URL',
      'is required with ATRIUM_ROLE=api: runs execute in worker processes and their live events reach an API ' +
        "process's streams only through Redis",
    );
  }
  if (!raw) return null;
  if (!/^rediss?:\/\//.test(raw)) throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  let host = '';
  try {
    host = new URL(raw).hostname;
  } catch {
    throw new ConfigError('REDIS_URL', 'is not a valid URL');
  }
  if (!host) throw new ConfigError('REDIS_URL', 'must name a host');
  return raw;
}

function readOptionalKey(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (raw.length < MIN_KEY_LENGTH) throw new ConfigError(name, `must be at least ${MIN_KEY_LENGTH} characters`);
  return raw;
}

/** Decodes a 32-byte key given as 64 hex characters or base64/base64url. */
function decodeSecretKey(raw: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  const decoded = Buffer.from(raw, 'base64');
  if (decoded.length !== 32)
    throw new ConfigError('ATRIUM_SECRET_KEY', 'must be 32 bytes as 64 hex characters or base64');
  return decoded;
}

/** Azure container names: 3-63 of lowercase letters, digits and single hyphens, starting with a letter or digit. */
const CONTAINER_NAME = /^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/;

function readStorage(env: Env, dataDir: string): StorageConfig {
  const backend = env.ATRIUM_STORAGE?.trim() || 'local';
  if (backend === 'local') return { backend, dir: join(dataDir, 'blobs') };
  if (backend !== 'azure') throw new ConfigError('ATRIUM_STORAGE', `must be local or azure, got "${backend}"`);
  const connectionString = env.AZURE_STORAGE_CONNECTION_STRING?.trim();
  if (!connectionString)
    throw new ConfigError('AZURE_STORAGE_CONNECTION_STRING', 'is required when ATRIUM_STORAGE=azure');
  const parts = new Map(
    connectionString
      .split(';')
      .filter(Boolean)
      .map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()] as const;
      }),
  );
  // SAS URLs are signed with the account key: a connection string holding only a SAS token cannot issue them.
  if (parts.get('usedevelopmentstorage') !== 'true' && (!parts.get('accountname') || !parts.get('accountkey'))) {
    throw new ConfigError(
      'AZURE_STORAGE_CONNECTION_STRING',
      'must name AccountName and AccountKey (SAS URLs are signed with the key)',
    );
  }
  const container = env.AZURE_STORAGE_CONTAINER?.trim() || 'atrium';
  if (!CONTAINER_NAME.test(container)) {
    throw new ConfigError('AZURE_STORAGE_CONTAINER', 'must be 3-63 lowercase letters, digits and single hyphens');
  }
  return { backend, connectionString, container };
}

interface StoredSecrets {
  secretKey: string;
  jwtSecret: string;
}

/**
 * Embedded mode keeps generated secrets in DATA_DIR so a restart keeps sessions and encrypted values valid.
 * Server mode has no shared disk between processes, so there the secrets must come from the environment.
 */
function loadOrCreateSecrets(dataDir: string): StoredSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets = { secretKey: randomBytes(32).toString('hex'), jwtSecret: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}

export function loadConfig(env: Env = process.env): Config {
  const port = readPort(env);
  const host = env.HOST?.trim() || '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR?.trim() || './data');
  const databaseUrl = readDatabaseUrl(env);

  const logLevel = (env.LOG_LEVEL ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);

  let rawSecretKey = env.ATRIUM_SECRET_KEY?.trim() || null;
  let rawJwtSecret = env.ATRIUM_JWT_SECRET?.trim() || null;
  if (rawJwtSecret !== null && rawJwtSecret.length < MIN_KEY_LENGTH) {
    throw new ConfigError('ATRIUM_JWT_SECRET', `must be at least ${MIN_KEY_LENGTH} characters`);
  }
  if (!rawSecretKey || !rawJwtSecret) {
    if (databaseUrl) {
      const missing = !rawSecretKey ? 'ATRIUM_SECRET_KEY' : 'ATRIUM_JWT_SECRET';
      throw new ConfigError(missing, 'is required when DATABASE_URL is set (every process must share it)');
    }
    const stored = loadOrCreateSecrets(dataDir);
    rawSecretKey ??= stored.secretKey;
    rawJwtSecret ??= stored.jwtSecret;
  }

  const role = (env.ATRIUM_ROLE?.trim() || 'all') as Config['role'];
  if (!['all', 'api', 'worker'].includes(role)) throw new ConfigError('ATRIUM_ROLE', 'must be all, api or worker');

  const rawValidate = env.ATRIUM_VALIDATE_RESPONSES ?? 'false';
  if (rawValidate !== 'true' && rawValidate !== 'false') {
    throw new ConfigError('ATRIUM_VALIDATE_RESPONSES', 'must be true or false');
  }

  const adminEmail = (env.ATRIUM_ADMIN_EMAIL ?? 'admin@atrium.local').trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail)) throw new ConfigError('ATRIUM_ADMIN_EMAIL', 'must be an email address');
  const adminPassword = env.ATRIUM_ADMIN_PASSWORD || null;
  if (adminPassword !== null && adminPassword.length < 12) {
    throw new ConfigError('ATRIUM_ADMIN_PASSWORD', 'must be at least 12 characters');
  }

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    publicUrl: readPublicUrl(env, host, port),
    webDistDir: resolve(env.ATRIUM_WEB_DIST?.trim() || fileURLToPath(new URL('../web/dist', import.meta.url))),
    storage: readStorage(env, dataDir),
    secretKey: decodeSecretKey(rawSecretKey),
    jwtSecret: Buffer.from(rawJwtSecret, 'utf8'),
    logLevel,
    validateResponses: rawValidate === 'true',
    role,
    dlp: {
      timeoutMs: readInteger(env, 'ATRIUM_DLP_TIMEOUT_MS', 50, 1, 60_000),
      workers: readInteger(env, 'ATRIUM_DLP_WORKERS', 2, 1, 32),
      checkBudgetMs: readInteger(env, 'ATRIUM_DLP_CHECK_BUDGET_MS', 2000, 1, 600_000),
      tenantBudgetMs: readInteger(env, 'ATRIUM_DLP_ORG_BUDGET_MS', 30_000, 1, 3_600_000),
    },
    extract: {
      timeoutMs: readMilliseconds(env, 'ATRIUM_EXTRACT_TIMEOUT_MS', DEFAULT_EXTRACT_LIMITS.timeoutMs),
      memoryMb: readInteger(env, 'ATRIUM_EXTRACT_MEMORY_MB', DEFAULT_EXTRACT_LIMITS.memoryMb, 64, 16_384),
    },
    // Below a second, a heartbeat (every third of it) delayed by a busy database or event loop loses live jobs. On
    // PGlite the one process holds every job (no other can take over a dead one), and a long statement on its one
    // connection stalls the heartbeat: a long lease loses nothing there.
    jobLeaseMs: readInteger(
      env,
      'ATRIUM_JOB_LEASE_MS',
      databaseUrl ? DEFAULT_LEASE_MS : EMBEDDED_LEASE_MS,
      1000,
      3_600_000,
    ),
    jobRetentionDays: readInteger(env, 'ATRIUM_JOB_RETENTION_DAYS', 7, 0, 36_500),
    runConcurrency: readInteger(env, 'ATRIUM_RUN_CONCURRENCY', DEFAULT_RUN_CONCURRENCY, 1, 1000),
    schedulerIntervalMs: readMilliseconds(env, 'ATRIUM_SCHEDULER_INTERVAL_MS', 1000),
    offlineDeltaDelayMs: readInteger(env, 'ATRIUM_OFFLINE_DELTA_DELAY_MS', 0, 0, 10_000),
    allowPrivateModelUrls: readBoolean(env, 'ATRIUM_ALLOW_PRIVATE_MODEL_URLS', true),
    redisUrl: readRedisUrl(env, role),
    vendors: {
      telegramApiUrl: readVendorUrl(env, 'ATRIUM_TELEGRAM_API_URL', 'https://api.telegram.org'),
      microsoftLoginUrl: readVendorUrl(env, 'ATRIUM_MS_LOGIN_URL', 'https://login.microsoftonline.com'),
      microsoftGraphUrl: readVendorUrl(env, 'ATRIUM_MS_GRAPH_URL', 'https://graph.microsoft.com/v1.0'),
    },
    rateLimit: {
      perMinute: readInteger(env, 'ATRIUM_RATE_LIMIT_PER_MINUTE', 6000, 0, 10_000_000),
      prefix: env.ATRIUM_RATE_LIMIT_PREFIX?.trim() || 'atrium:rl:',
      signIn: {
        failuresPerEmail: readInteger(env, 'ATRIUM_SIGN_IN_FAILURES_PER_EMAIL', 10, 0, 1_000_000),
        failuresPerAddress: readInteger(env, 'ATRIUM_SIGN_IN_FAILURES_PER_IP', 300, 0, 1_000_000),
        windowMs: readMilliseconds(env, 'ATRIUM_SIGN_IN_FAILURE_WINDOW_MS', 900_000),
      },
    },
    passwordHashing: {
      // libuv's threadpool (UV_THREADPOOL_SIZE, default 4) also serves fs, dns and crypto: two threads stay free.
      concurrency: readInteger(
        env,
        'ATRIUM_PASSWORD_HASH_CONCURRENCY',
        Math.max(1, readInteger(env, 'UV_THREADPOOL_SIZE', 4, 1, 1024) - 2),
        1,
        1024,
      ),
      queue: readInteger(env, 'ATRIUM_PASSWORD_HASH_QUEUE', 64, 0, 100_000),
    },
    trustProxyHops: readInteger(env, 'ATRIUM_TRUST_PROXY_HOPS', 0, 0, 10),
    corsOrigins: readCorsOrigins(env),
    sse: {
      keepaliveMs: readMilliseconds(env, 'ATRIUM_SSE_KEEPALIVE_MS', 15_000),
      maxLifetimeMs: readMilliseconds(env, 'ATRIUM_SSE_MAX_LIFETIME_MS', 3_600_000),
      recheckMs: readMilliseconds(env, 'ATRIUM_SSE_RECHECK_MS', 30_000),
      maxStreamsPerPrincipal: readInteger(env, 'ATRIUM_SSE_MAX_STREAMS_PER_PRINCIPAL', 20, 1, 1_000_000),
    },
    bootstrap: {
      adminEmail,
      adminPassword,
      consoleApiKey: readOptionalKey(env, 'ATRIUM_ADMIN_API_KEY'),
      webApiKey: readOptionalKey(env, 'ATRIUM_WEB_API_KEY'),
    },
  };
}
