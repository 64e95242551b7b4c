/** How the configuration reads single environment variables: each refused value names its variable. */

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

/** Node timers overflow past 2^31 - 1 ms (about 24.8 days) and fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

export function readMilliseconds(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_TIMER_MS)
    throw new ConfigError(name, `must be an integer number of milliseconds, 1-${MAX_TIMER_MS}, got "${raw}"`);
  return Number(raw);
}

export function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be an integer ${min}-${max}, got "${raw}"`);
  }
  return Number(raw);
}

export function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (raw !== 'true' && raw !== 'false') throw new ConfigError(name, `must be true or false, got "${raw}"`);
  return raw === 'true';
}

/** A base URL (this server's, or a vendor's root): http(s), no credentials, query or fragment; no trailing slash. */
function baseUrl(name: string, raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(name, 'must be an http:// or https:// URL');
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(name, 'must not carry credentials, a query or a fragment');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** ATRIUM_PUBLIC_URL, or `http://HOST:PORT` (a wildcard host is reached on loopback); null when PORT is 0. */
export function readPublicUrl(env: Env, host: string, port: number): string | null {
  const raw = env.ATRIUM_PUBLIC_URL?.trim();
  if (raw) return baseUrl('ATRIUM_PUBLIC_URL', raw);
  if (port === 0) return null;
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** A vendor's root URL, its public address unless the variable names another (a proxy, a fake in tests). */
export function readVendorUrl(env: Env, name: string, fallback: string): string {
  return baseUrl(name, env[name]?.trim() || fallback);
}

/** ATRIUM_CORS_ORIGINS: comma-separated exact origins, each `http(s)://host[:port]` without a path. */
export function readCorsOrigins(env: Env): string[] {
  const raw = env.ATRIUM_CORS_ORIGINS?.trim();
  if (!raw) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : null;
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== entry.replace(/\/$/, '')) {
        throw new ConfigError('ATRIUM_CORS_ORIGINS', `must list origins like https://app.example.com, got "${entry}"`);
      }
      return url.origin;
    });
}
