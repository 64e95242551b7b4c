import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError } from '../src/platform/storage/index.ts';
import { createLocalBlobStorage, STALE_TEMP_MS } from '../src/platform/storage/local.ts';
import { registerLocalBlobRoutes } from '../src/platform/storage/local-routes.ts';
import { scheduleTempSweeps, TEMP_SWEEP_INTERVAL_MS } from '../src/platform/storage/temp-sweep.ts';
import { eventually } from './helpers/assertions.ts';
import { createTestClock, type TestClock } from './helpers/clock.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A local backend in its own directory; `app` serves its URLs when a test needs them. */
function localBackend(options: { staleTempMs?: number; clock?: TestClock } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-blobs-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  let baseUrl = '';
  const storage = createLocalBlobStorage({ dir, secretKey: randomBytes(32), baseUrl: () => baseUrl, ...options });
  const tempDir = join(dir, 'tmp');
  return {
    storage,
    tempDir,
    temps: () => (existsSync(tempDir) ? readdirSync(tempDir) : []),
    async serve(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
      const app = Fastify();
      register(app);
      cleanups.push(() => app.close());
      baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      return app;
    },
  };
}

describe('local blob storage: server-side copy', () => {
  it('copies content and metadata, replaces the target and outlives the source', async () => {
    const { storage, temps } = localBackend();
    await storage.start();
    await storage.write('a/source', Buffer.from('original'), { contentType: 'text/csv' });
    await storage.write('b/target', Buffer.from('to be replaced'), { contentType: 'text/plain' });
    await storage.copy('a/source', 'b/target');
    expect((await storage.read('b/target')).toString()).toBe('original');
    expect(await storage.stat('b/target')).toMatchObject({ sizeBytes: 8, contentType: 'text/csv' });

    // Blob files never change in place: replacing or deleting the source leaves the copy as it was.
    await storage.write('a/source', Buffer.from('rewritten'), { contentType: 'text/csv' });
    expect((await storage.read('b/target')).toString()).toBe('original');
    await storage.delete('a/source');
    expect((await storage.read('b/target')).toString()).toBe('original');
    expect(temps()).toEqual([]);
  });

  it('throws BlobNotFoundError for a missing source and leaves the target alone', async () => {
    const { storage, temps } = localBackend();
    await storage.start();
    await storage.write('kept', Buffer.from('kept'), { contentType: 'text/plain' });
    await expect(storage.copy('missing', 'kept')).rejects.toThrow(BlobNotFoundError);
    expect((await storage.read('kept')).toString()).toBe('kept');
    expect(temps()).toEqual([]);
  });
});

describe('local blob storage: abandoned upload temp files', () => {
  it('removes them within the hour: stale after 30 quiet minutes, swept every 10', () => {
    expect(STALE_TEMP_MS + TEMP_SWEEP_INTERVAL_MS).toBeLessThanOrEqual(60 * 60_000);
  });

  it('keeps a temp file while something wrote to it within the stale age, and sweeps it after', async () => {
    const clock = createTestClock();
    const { storage, tempDir, temps } = localBackend({ staleTempMs: 60_000, clock });
    await storage.start();
    writeFileSync(join(tempDir, 'left-by-a-crash'), 'partial upload');
    await storage.sweepTemps();
    expect(temps()).toEqual(['left-by-a-crash']);
    // A temp file's age is the clock's time less its last change: a second short of the stale age it stays.
    clock.advance(59_000);
    await storage.sweepTemps();
    expect(temps()).toEqual(['left-by-a-crash']);
    clock.advance(2_000);
    await storage.sweepTemps();
    expect(temps()).toEqual([]);
  });

  it('sweeps at start, then periodically until the app closes', async () => {
    const clock = createTestClock();
    const { storage, tempDir, temps, serve } = localBackend({ staleTempMs: 200, clock });
    await storage.start();
    writeFileSync(join(tempDir, 'before-start'), 'x');
    // From here on every temp file is older than the stale age as soon as it is written.
    clock.advance(300);
    await storage.start();
    expect(temps()).toEqual([]);

    const app = await serve((fastify) => scheduleTempSweeps(fastify, storage, 50));
    writeFileSync(join(tempDir, 'while-running'), 'x');
    await eventually(() => expect(temps()).toEqual([]));

    await app.close();
    writeFileSync(join(tempDir, 'after-close'), 'x');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(temps()).toEqual(['after-close']);
  });

  it('cuts off an upload that stops sending, removing its temp file', async () => {
    const backend = localBackend();
    await backend.serve((fastify) => registerLocalBlobRoutes(fastify, backend.storage, { uploadIdleMs: 300 }));
    const key = 'stalled/upload';
    const { url } = await backend.storage.createUploadUrl({
      key,
      contentType: 'text/plain',
      sizeBytes: 1_000,
      expiresInSeconds: 60,
    });
    const target = new URL(url);
    const socket = connect(Number(target.port), target.hostname);
    cleanups.push(() => socket.destroy());
    let closedByServer = false;
    socket.on('close', () => {
      closedByServer = true;
    });
    socket.on('error', () => {});
    socket.write(
      `PUT ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n` +
        'x-ms-blob-type: BlockBlob\r\ncontent-length: 1000\r\n\r\n',
    );
    socket.write('x'.repeat(100));
    // The first bytes reach a temp file; then the client falls silent.
    await eventually(() => expect(backend.temps()).toHaveLength(1));
    await eventually(() => expect(closedByServer).toBe(true));
    await eventually(() => expect(backend.temps()).toEqual([]));
    expect(await backend.storage.exists(key)).toBe(false);
  });
});
