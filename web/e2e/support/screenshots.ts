import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE } from './browser.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** Writes `docs/screenshots/<name>-desktop.png` and `-mobile.png` (1280×800 and 390×844), then restores the size. */
export async function captureScreens(page: Page, name: string, ready: () => Promise<void> = async () => {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    await ready();
    await page.screenshot({ path: `${SCREENSHOTS}${name}-${label}.png` });
  }
  await page.setViewportSize(before);
}
