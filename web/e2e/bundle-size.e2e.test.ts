import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const ENTRY_BUDGET_BYTES = 200 * 1024;

/** The JavaScript the first page load needs: the entry script and every module it preloads. */
function entryScripts(indexHtml: string): string[] {
  const tags = indexHtml.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /type="module"/.test(tag) || /rel="modulepreload"/.test(tag))
    .map((tag) => /(?:src|href)="\/([^"]+)"/.exec(tag)?.[1])
    .filter((path): path is string => path !== undefined);
}

describe('the built web app', () => {
  it('loads at most 200 KB of gzipped JavaScript before the first page; pages come later', () => {
    const scripts = entryScripts(readFileSync(`${DIST}index.html`, 'utf8'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((path) => path.startsWith('assets/'))).toBe(true);
    const gzipped = scripts.reduce((sum, path) => sum + gzipSync(readFileSync(`${DIST}${path}`)).length, 0);
    expect(gzipped).toBeLessThanOrEqual(ENTRY_BUDGET_BYTES);
    // Every page is a lazy route: none of them is part of the first load.
    expect(scripts.filter((path) => /Page/.test(path))).toEqual([]);
  });
});
