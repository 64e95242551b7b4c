import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one Chromium listens: every e2e file connects to it instead of starting its own. */
    browserEndpoint: string;
  }
}

/**
 * One Chromium for the whole end-to-end run. Each file connects and works in browser contexts of its own (fresh
 * profiles), so sharing the process costs no isolation and saves a browser start per file.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM });
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
