import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PALETTES } from '../../src/modules/themes/colors/palettes.ts';
import type { TestApp } from '../../test/helpers/app.ts';
import { attached, samples } from '../../test/helpers/branding.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import { expectAccessibleAndNarrow } from './support/axe.ts';
import type { AppWindow } from './support/browser.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e());
});
afterAll(() => stopE2e({ app, browser, win }));

/** `#rrggbb` as getComputedStyle reports a colour. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const meadow = BUILT_IN_PALETTES.find((p) => p.id === 'meadow')!;
const cortex = BUILT_IN_PALETTES.find((p) => p.id === 'cortex')!;

describe('the app in the organization’s palette', () => {
  it('applies the default palette, shows the logo, and lets a member switch theme and light/dark', async () => {
    const put = await org.admin.http.put('/v1/organization/appearance', {
      allowed_themes: ['cortex', 'meadow'],
      default_theme: 'meadow',
    });
    expect(put.status, put.text).toBe(200);
    await attached(org.admin.http, 'logo_light', 'image/png', samples.png, 'mark.png');

    const { page } = win;
    const canvas = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const primaryButton = () =>
      page.getByRole('button', { name: 'Save name' }).evaluate((b) => getComputedStyle(b).backgroundColor);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Appearance' }).waitFor();
    await expect.poll(canvas).toBe(rgb(meadow.light_tokens['--color-background']));
    expect(await primaryButton()).toBe(rgb(meadow.light_tokens['--color-primary']));
    const logo = page.getByRole('banner').getByRole('img', { name: `${org.org.name} logo` });
    await logo.waitFor();
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(canvas).toBe(rgb(meadow.dark_tokens['--color-background']));
    await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Cortex' });
    await expect.poll(canvas).toBe(rgb(cortex.dark_tokens['--color-background']));
    expect(await primaryButton()).toBe(rgb(cortex.dark_tokens['--color-primary']));
    await expectAccessibleAndNarrow(page);

    // The choice is this browser's: it holds after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Appearance' }).waitFor();
    await expect.poll(canvas).toBe(rgb(cortex.dark_tokens['--color-background']));
    await page.getByRole('radio', { name: 'Like my device' }).check();
    await expect.poll(canvas).toBe(rgb(cortex.light_tokens['--color-background']));
  });
});
