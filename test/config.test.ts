import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'atrium-config-'));
const serverEnv = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/atrium',
  ATRIUM_SECRET_KEY: 'a'.repeat(64),
  ATRIUM_JWT_SECRET: 'j'.repeat(32),
};

function expectConfigError(env: Record<string, string>, variable: string) {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(variable);
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.storage).toEqual({ backend: 'local', dir: join(dir, 'blobs') });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeNull();
    expect(config.logLevel).toBe('info');
    expect(config.validateResponses).toBe(false);
    expect(config.role).toBe('all');
    expect(config.bootstrap).toEqual({
      adminEmail: 'admin@atrium.local',
      adminPassword: null,
      consoleApiKey: null,
      webApiKey: null,
    });
  });

  it('generates embedded secrets once into DATA_DIR and keeps them across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = join(dir, 'secrets.json');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.secretKey.equals(first.secretKey)).toBe(true);
    expect(second.jwtSecret.equals(first.jwtSecret)).toBe(true);
    expect(first.secretKey.length).toBe(32);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveProperty('jwtSecret');
  });

  it('requires the secrets on PostgreSQL, naming the missing variable', () => {
    expectConfigError({ DATABASE_URL: serverEnv.DATABASE_URL, ATRIUM_JWT_SECRET: 'j'.repeat(32) }, 'ATRIUM_SECRET_KEY');
    expectConfigError({ DATABASE_URL: serverEnv.DATABASE_URL, ATRIUM_SECRET_KEY: 'a'.repeat(64) }, 'ATRIUM_JWT_SECRET');
    expect(loadConfig(serverEnv).databaseUrl).toBe(serverEnv.DATABASE_URL);
  });

  it('names the bad variable', () => {
    expectConfigError({ PORT: 'eighty' }, 'PORT');
    expectConfigError({ PORT: '70000' }, 'PORT');
    expectConfigError({ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL');
    expectConfigError({ ...serverEnv, ATRIUM_SECRET_KEY: 'short' }, 'ATRIUM_SECRET_KEY');
    expectConfigError({ ...serverEnv, ATRIUM_JWT_SECRET: 'short' }, 'ATRIUM_JWT_SECRET');
    expectConfigError({ ...serverEnv, LOG_LEVEL: 'loud' }, 'LOG_LEVEL');
    expectConfigError({ ...serverEnv, ATRIUM_ROLE: 'both' }, 'ATRIUM_ROLE');
    expectConfigError({ ...serverEnv, ATRIUM_VALIDATE_RESPONSES: 'yes' }, 'ATRIUM_VALIDATE_RESPONSES');
    expectConfigError({ ...serverEnv, ATRIUM_ADMIN_EMAIL: 'nobody' }, 'ATRIUM_ADMIN_EMAIL');
    expectConfigError({ ...serverEnv, ATRIUM_ADMIN_PASSWORD: 'short' }, 'ATRIUM_ADMIN_PASSWORD');
    expectConfigError({ ...serverEnv, ATRIUM_ADMIN_API_KEY: 'x'.repeat(31) }, 'ATRIUM_ADMIN_API_KEY');
    expectConfigError({ ...serverEnv, ATRIUM_WEB_API_KEY: 'x'.repeat(31) }, 'ATRIUM_WEB_API_KEY');
  });

  it('derives the public URL from HOST and PORT, or takes ATRIUM_PUBLIC_URL', () => {
    expect(loadConfig({ ...serverEnv, PORT: '8080', HOST: 'files.internal' }).publicUrl).toBe(
      'http://files.internal:8080',
    );
    expect(loadConfig({ ...serverEnv, HOST: '0.0.0.0' }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ ...serverEnv, HOST: '::' }).publicUrl).toBe('http://[::1]:3000');
    // PORT 0: known only once the server listens.
    expect(loadConfig({ ...serverEnv, PORT: '0' }).publicUrl).toBeNull();
    const configured = { ...serverEnv, PORT: '0', ATRIUM_PUBLIC_URL: 'https://atrium.example.com/api/' };
    expect(loadConfig(configured).publicUrl).toBe('https://atrium.example.com/api');
    expect(loadConfig({ ...serverEnv, ATRIUM_PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe(
      'http://localhost:8080',
    );
    expectConfigError({ ...serverEnv, ATRIUM_PUBLIC_URL: 'not a url' }, 'ATRIUM_PUBLIC_URL');
    expectConfigError({ ...serverEnv, ATRIUM_PUBLIC_URL: 'ftp://files.example.com' }, 'ATRIUM_PUBLIC_URL');
    expectConfigError({ ...serverEnv, ATRIUM_PUBLIC_URL: 'https://x.example.com/?a=1' }, 'ATRIUM_PUBLIC_URL');
  });

  it("reads the integrations' vendor addresses: the vendors' own by default, an http(s) root otherwise", () => {
    expect(loadConfig(serverEnv).vendors).toEqual({
      telegramApiUrl: 'https://api.telegram.org',
      microsoftLoginUrl: 'https://login.microsoftonline.com',
      microsoftGraphUrl: 'https://graph.microsoft.com/v1.0',
    });
    const local = loadConfig({
      ...serverEnv,
      ATRIUM_TELEGRAM_API_URL: 'http://127.0.0.1:9000/',
      ATRIUM_MS_LOGIN_URL: 'http://127.0.0.1:9001/login',
      ATRIUM_MS_GRAPH_URL: 'http://127.0.0.1:9001/graph/v1.0/',
    });
    expect(local.vendors).toEqual({
      telegramApiUrl: 'http://127.0.0.1:9000',
      microsoftLoginUrl: 'http://127.0.0.1:9001/login',
      microsoftGraphUrl: 'http://127.0.0.1:9001/graph/v1.0',
    });
    expectConfigError({ ...serverEnv, ATRIUM_TELEGRAM_API_URL: 'telegram' }, 'ATRIUM_TELEGRAM_API_URL');
    expectConfigError({ ...serverEnv, ATRIUM_MS_LOGIN_URL: 'ftp://login.example.com' }, 'ATRIUM_MS_LOGIN_URL');
    expectConfigError({ ...serverEnv, ATRIUM_MS_GRAPH_URL: 'https://u:p@graph.example.com' }, 'ATRIUM_MS_GRAPH_URL');
  });

  it('reads the blob storage settings', () => {
    const connectionString =
      'DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=a2V5;EndpointSuffix=core.windows.net';
    expect(
      loadConfig({ ...serverEnv, ATRIUM_STORAGE: 'azure', AZURE_STORAGE_CONNECTION_STRING: connectionString }).storage,
    ).toEqual({
      backend: 'azure',
      connectionString,
      container: 'atrium',
    });
    const dev = {
      ...serverEnv,
      ATRIUM_STORAGE: 'azure',
      AZURE_STORAGE_CONNECTION_STRING: 'UseDevelopmentStorage=true',
    };
    expect(loadConfig({ ...dev, AZURE_STORAGE_CONTAINER: 'my-files-2' }).storage).toMatchObject({
      container: 'my-files-2',
    });
    expect(loadConfig({ ...serverEnv, ATRIUM_STORAGE: 'local' }).storage.backend).toBe('local');
    expectConfigError({ ...serverEnv, ATRIUM_STORAGE: 's3' }, 'ATRIUM_STORAGE');
    expectConfigError({ ...serverEnv, ATRIUM_STORAGE: 'azure' }, 'AZURE_STORAGE_CONNECTION_STRING');
    expectConfigError(
      {
        ...serverEnv,
        ATRIUM_STORAGE: 'azure',
        AZURE_STORAGE_CONNECTION_STRING: 'BlobEndpoint=https://a.example;SharedAccessSignature=sv=1',
      },
      'AZURE_STORAGE_CONNECTION_STRING',
    );
    for (const bad of ['ab', 'Upper', 'double--hyphen', '-leading', 'x'.repeat(64)]) {
      expectConfigError({ ...dev, AZURE_STORAGE_CONTAINER: bad }, 'AZURE_STORAGE_CONTAINER');
    }
  });

  it('accepts any string of 32+ characters as a bootstrap key, and a base64 secret key', () => {
    const config = loadConfig({
      ...serverEnv,
      ATRIUM_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      ATRIUM_ADMIN_API_KEY: 'my own console key of 32 chars!!',
      ATRIUM_WEB_API_KEY: 'w'.repeat(40),
    });
    expect(config.secretKey.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(config.bootstrap.consoleApiKey).toBe('my own console key of 32 chars!!');
  });
});
