import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * @atrium/client as its users get it: `tsc -p client` builds `client/dist`, and what it built stands alone (it
 * imports only its own files and openapi-fetch, never the server).
 */
const DIST = resolve('client/dist');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const builtFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/** Every module specifier of an emitted file: static imports and exports, and dynamic imports. */
const specifiers = (code: string) =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((match) => match[1]!);

beforeAll(() => {
  rmSync(DIST, { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, '-p', 'client'], { stdio: 'pipe' });
}, 120_000);

describe('the built package', () => {
  it('has the entry points its package.json exports, with the documented API', async () => {
    const exports = JSON.parse(readFileSync('client/package.json', 'utf8')).exports['.'];
    const files = builtFiles(DIST).map((file) => relative('client', file));
    expect(files).toContain(exports.import.replace('./', ''));
    expect(files).toContain(exports.types.replace('./', ''));

    const api = await import(pathToFileURL(join(DIST, 'index.js')).href);
    expect(Object.keys(api).sort()).toEqual([
      'AtriumApiError',
      'TurnGapError',
      'applyOps',
      'applyPatch',
      'createAtriumClient',
      'unwrap',
    ]);
    expect(typeof api.createAtriumClient({ baseUrl: 'http://127.0.0.1:1' }).api.GET).toBe('function');
  });

  it('imports nothing at run time but its own files and openapi-fetch', () => {
    const outside = builtFiles(DIST)
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) =>
        specifiers(readFileSync(file, 'utf8'))
          .filter((spec) =>
            spec.startsWith('.') ? !resolve(file, '..', spec).startsWith(DIST) : spec !== 'openapi-fetch',
          )
          .map((spec) => `${relative(DIST, file)} → ${spec}`),
      );
    expect(outside).toEqual([]);
  });
});
