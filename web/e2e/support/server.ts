import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTestApp, type TestApp } from '../../../test/helpers/app.ts';

const BUILT_INDEX = fileURLToPath(new URL('../../dist/index.html', import.meta.url));

/**
 * The real server on a fresh database, serving the built web app at `/`. The build is not made here: one build
 * serves every e2e file (`npx vite build` in web/, which `npm test` runs first).
 */
export async function startAppWithWeb(env: Record<string, string> = {}): Promise<TestApp> {
  if (!existsSync(BUILT_INDEX)) throw new Error('web/dist is missing: run `npx vite build` in web/ first');
  return startTestApp(env);
}
