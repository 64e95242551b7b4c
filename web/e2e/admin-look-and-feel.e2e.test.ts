import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import { expectAccessibleAndNarrow } from './support/axe.ts';
import type { AppWindow } from './support/browser.ts';
import { captureScreens } from './support/screenshots.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e());
});
afterAll(() => stopE2e({ app, browser, win }));

/** A 1×1 PNG: the API checks an image's first bytes against its declared type. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const screens = (page: Page, name: string) =>
  captureScreens(page, name, () => page.evaluate(() => document.getElementById('main')!.scrollTo(0, 0)));

const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const section = (page: Page) => page.getByRole('navigation', { name: 'Look and feel' });

describe('the Look and feel section', () => {
  it('saves the brand colours and uploads a logo with progress', async () => {
    const { page } = win;
    await page.goto('/admin/look-and-feel');
    await page.getByRole('heading', { name: 'Branding', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#0B5CAD');
    await page.getByRole('textbox', { name: 'Accent colour', exact: true }).fill('#c2410c');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('Saved.').waitFor();
    const saved = (await org.admin.http.get('/v1/organization/branding')).body.branding;
    expect(saved).toMatchObject({ color_primary: '#0b5cad', color_accent: '#c2410c', color_secondary: null });

    await page
      .getByLabel('Upload the logo for light backgrounds')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('progressbar', { name: 'Upload of logo.png' }).waitFor();
    await page.getByText('Uploaded.').waitFor();
    await page.getByRole('img', { name: 'Logo for light backgrounds: logo.png' }).waitFor();
    const branded = (await org.admin.http.get('/v1/organization/branding')).body.branding;
    expect(branded.logo_light).toMatchObject({ filename: 'logo.png', mime_type: 'image/png', size_bytes: PNG.length });
    await expectAccessibleAndNarrow(page);
    await screens(page, 'admin-look-and-feel-branding');
  });

  it('composes a theme: suggested colours, an edited primary, a Fix, saved; the preview draws its tokens', async () => {
    const { page } = win;
    await section(page).getByRole('link', { name: 'Themes' }).click();
    await page.getByRole('heading', { name: 'Themes', level: 1 }).waitFor();
    const create = page.getByRole('form', { name: 'New theme' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Harbour');
    await create.getByRole('button', { name: 'Create theme' }).click();
    await page.getByRole('heading', { name: 'Harbour', level: 1 }).waitFor();
    const themeId = /\/themes\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)![1]!;

    const suggest = page.getByRole('region', { name: 'Suggest colours' });
    await suggest.getByRole('button', { name: "Use the brand's colours and guidelines" }).click();
    await suggest.getByRole('button', { name: 'Suggest colours' }).click();
    await suggest.getByText('Suggested colours are in the editor. Save to keep them.').waitFor();
    await page.getByText('Light variant: every pair reads well.').waitFor();

    const primary = page.getByRole('textbox', { name: 'Primary', exact: true });
    await primary.fill('#eef3ff');
    const fix = page.getByRole('button', { name: 'Fix Primary on Page (light)' });
    await fix.click();
    await page.getByText('Light variant: every pair reads well.').waitFor();
    const fixed = await primary.inputValue();
    expect(fixed).toMatch(/^#[0-9a-f]{6}$/);
    expect(fixed).not.toBe('#eef3ff');

    await page.getByRole('button', { name: 'Save theme' }).click();
    await page.getByText('Saved.').waitFor();
    const stored = (await org.admin.http.get(`/v1/organization/themes/${themeId}`)).body.theme;
    expect(stored.light_tokens['--color-primary']).toBe(fixed);
    expect(Object.keys(stored.dark_tokens).length).toBeGreaterThanOrEqual(17);

    const preview = page.getByTestId('theme-preview');
    const drawn = await preview.evaluate((el) => ({
      primary: getComputedStyle(el).getPropertyValue('--color-primary').trim(),
      button: getComputedStyle(el.querySelector('button')!).backgroundColor,
      ink: getComputedStyle(el.querySelector('button')!).color,
      page: getComputedStyle(el).backgroundColor,
    }));
    expect(drawn).toEqual({
      primary: fixed,
      button: rgbOf(fixed),
      ink: rgbOf(stored.light_tokens['--color-on-primary']),
      page: rgbOf(stored.light_tokens['--color-background']),
    });
    await expectAccessibleAndNarrow(page);
    await screens(page, 'admin-look-and-feel-composer');

    await section(page).getByRole('link', { name: 'Appearance' }).click();
    await page.getByRole('heading', { name: 'Appearance', level: 1 }).waitFor();
    await page.getByRole('checkbox', { name: 'Harbour' }).check();
    await page.getByRole('combobox', { name: 'Default palette' }).selectOption({ label: 'Harbour' });
    await page.getByRole('button', { name: 'Save appearance' }).click();
    await page.getByText('Saved.').waitFor();
    const appearance = (await org.admin.http.get('/v1/organization/appearance')).body.appearance;
    expect(appearance.default_theme).toBe(`custom-${themeId}`);
    expect(appearance.allowed_themes).toContain(`custom-${themeId}`);
    await expectAccessibleAndNarrow(page);
    await screens(page, 'admin-look-and-feel-appearance');

    const css = await fetch(`${app.url}/v1/public/themes/custom-${themeId}/styles.css`);
    expect(css.status).toBe(200);
    const text = await css.text();
    expect(text).toContain(`--color-primary: ${fixed};`);
    expect(text).toContain(`--color-on-primary: ${stored.light_tokens['--color-on-primary']};`);
    expect(text).toContain(`--color-primary: ${stored.dark_tokens['--color-primary']};`);
  });
});
