import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Azurite's fixed development account (public, documented by Microsoft; not a secret). */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  /** e.g. http://127.0.0.1:40123/devstoreaccount1 */
  blobEndpoint: string;
  connectionString: string;
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 20_000;

/**
 * Starts Azurite's blob service (the npm package, pure JavaScript) as a child process on a free loopback port,
 * with its workspace in a temp dir, telemetry off. Resolves once it prints the address it listens on.
 */
export async function startAzurite(): Promise<Azurite> {
  const main = join(dirname(createRequire(import.meta.url).resolve('azurite/package.json')), 'dist/src/blob/main.js');
  const location = mkdtempSync(join(tmpdir(), 'atrium-azurite-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--location',
      location,
      '--skipApiVersionCheck',
      '--loose',
      '--silent',
      '--disableTelemetry',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Azurite did not start within ${STARTUP_TIMEOUT_MS} ms:\n${output}`));
    }, STARTUP_TIMEOUT_MS);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = output.match(/listens on (http:\/\/[\d.]+:\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Azurite exited with code ${code}:\n${output}`));
    });
  });
  const blobEndpoint = `${origin}/${AZURITE_ACCOUNT}`;
  return {
    blobEndpoint,
    connectionString: `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT};AccountKey=${AZURITE_KEY};BlobEndpoint=${blobEndpoint};`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(location, { recursive: true, force: true });
    },
  };
}
