import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, MOBILE } from './browser.ts';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core on the page as it stands and fails on any serious or critical violation, naming each. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(blocking, `axe on ${page.url()}`).toEqual([]);
}

/**
 * axe on the page as it stands, then at 390 px wide nothing scrolls sideways (the document and the main column);
 * `alsoNarrow` checks more while it is narrow. The window is wide again afterwards.
 */
export async function expectAccessibleAndNarrow(page: Page, alsoNarrow: () => Promise<void> = async () => {}) {
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(MOBILE);
  try {
    const sideways = await page.evaluate(() =>
      [document.documentElement, document.getElementById('main')!].map((box) => box.scrollWidth - box.clientWidth),
    );
    expect(sideways, `sideways scroll on ${page.url()}`).toEqual([0, 0]);
    await alsoNarrow();
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}
