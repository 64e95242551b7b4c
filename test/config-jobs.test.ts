import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const serverEnv = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/atrium',
  ATRIUM_SECRET_KEY: 'a'.repeat(64),
  ATRIUM_JWT_SECRET: 'j'.repeat(32),
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('job queue configuration', () => {
  it('defaults to a 6 s lease on PostgreSQL (30 s on the embedded PGlite) and a 7-day retention of finished jobs', () => {
    const config = loadConfig(serverEnv);
    expect(config.jobLeaseMs).toBe(6000);
    expect(config.jobRetentionDays).toBe(7);
    const { DATABASE_URL: _, ...embedded } = serverEnv;
    expect(loadConfig({ ...embedded, ATRIUM_DATA_DIR: mkdtempSync(join(tmpdir(), 'atrium-config-')) }).jobLeaseMs).toBe(
      30_000,
    );
  });

  it('takes a lease of 1 s to 1 hour and a retention of 0 (forever) to 36500 days', () => {
    expect(loadConfig({ ...serverEnv, ATRIUM_JOB_LEASE_MS: '1000' }).jobLeaseMs).toBe(1000);
    expect(loadConfig({ ...serverEnv, ATRIUM_JOB_LEASE_MS: '3600000' }).jobLeaseMs).toBe(3_600_000);
    expect(loadConfig({ ...serverEnv, ATRIUM_JOB_RETENTION_DAYS: '0' }).jobRetentionDays).toBe(0);
    expect(loadConfig({ ...serverEnv, ATRIUM_JOB_RETENTION_DAYS: '30' }).jobRetentionDays).toBe(30);
    for (const lease of ['999', '0', '3600001', '2s', '-5'])
      expect(configError({ ...serverEnv, ATRIUM_JOB_LEASE_MS: lease })).toBe(
        `Invalid configuration: ATRIUM_JOB_LEASE_MS must be an integer 1000-3600000, got "${lease}"`,
      );
    for (const days of ['36501', '-1', '7d', '1.5'])
      expect(configError({ ...serverEnv, ATRIUM_JOB_RETENTION_DAYS: days })).toBe(
        `Invalid configuration: ATRIUM_JOB_RETENTION_DAYS must be an integer 0-36500, got "${days}"`,
      );
  });
});

describe('ATRIUM_ROLE=api', () => {
  it('refuses to start without REDIS_URL, saying why', () => {
    const refusal =
      'Invalid configuration: REDIS_URL is required with ATRIUM_ROLE=api: runs execute in worker processes and ' +
      "their live events reach an API process's streams only through Redis";
    expect(configError({ ...serverEnv, ATRIUM_ROLE: 'api' })).toBe(refusal);
    expect(configError({ ...serverEnv, ATRIUM_ROLE: 'api', REDIS_URL: '  ' })).toBe(refusal);
  });

  it('starts with REDIS_URL; the other roles need none', () => {
    const api = loadConfig({ ...serverEnv, ATRIUM_ROLE: 'api', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(api).toMatchObject({ role: 'api', redisUrl: 'redis://127.0.0.1:6379' });
    expect(loadConfig({ ...serverEnv, ATRIUM_ROLE: 'worker' })).toMatchObject({ role: 'worker', redisUrl: null });
    expect(loadConfig(serverEnv)).toMatchObject({ role: 'all', redisUrl: null });
  });
});
