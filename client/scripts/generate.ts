/**
 * `npx tsx client/scripts/generate.ts`: boots the real server on a throwaway embedded database, reads its
 * `/openapi.json`, and rewrites `client/openapi.json` and `client/src/generated/openapi.ts` from it. Run it after
 * any change to a route's schema; test/client-contract.test.ts fails until the committed files match again.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { OpenAPI3 } from 'openapi-typescript';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';
import { GENERATED_PATHS, renderGeneratedFiles } from './codegen.ts';

async function readServedDocument(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-client-generate-'));
  try {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ATRIUM_SECRET_KEY: randomBytes(32).toString('hex'),
      ATRIUM_JWT_SECRET: randomBytes(32).toString('base64url'),
    });
    const server = await startServer(config);
    try {
      const response = await fetch(`${server.url}/openapi.json`);
      if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}`);
      return (await response.json()) as OpenAPI3;
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${relative(process.cwd(), path)}`);
}

const files = await renderGeneratedFiles(await readServedDocument());
write(GENERATED_PATHS.document, files.document);
write(GENERATED_PATHS.types, files.types);
