import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_VERSION_ID } from '../../src/platform/models/index.ts';
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

const screens = (page: Page, name: string) =>
  captureScreens(page, name, () => page.evaluate(() => document.getElementById('main')!.scrollTo(0, 0)));

describe('the Organization section', () => {
  it('saves the profile and the text model, and shows the flags', async () => {
    const { page } = win;
    await page.goto('/admin/organization');
    await page.getByRole('heading', { name: 'Organization', level: 1 }).waitFor();
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('textbox', { name: 'Industry' }).fill('Shipping');
    await profile.getByRole('combobox', { name: 'Time zone' }).selectOption('Asia/Tokyo');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Saved.').waitFor();
    const stored = (await org.admin.http.get('/v1/organization')).body;
    expect(stored).toMatchObject({ industry: 'Shipping', primary_timezone: 'Asia/Tokyo' });

    const models = page.getByRole('region', { name: 'Models' });
    await models.getByRole('combobox', { name: 'Text' }).selectOption(OFFLINE_VERSION_ID);
    await models.getByRole('button', { name: 'Save models' }).click();
    await models.getByText('Saved.').waitFor();
    expect((await org.admin.http.get('/v1/organization/model-selections')).body.selections).toEqual([
      { key: 'text', model_version_id: OFFLINE_VERSION_ID },
    ]);
    await page.getByRole('region', { name: 'Feature flags' }).waitFor();
    await expectAccessibleAndNarrow(page);
    await screens(page, 'admin-organization');
  });

  it('builds a department tree and moves one by dragging it', async () => {
    const { page } = win;
    await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Departments' }).click();
    await page.getByRole('heading', { name: 'Departments', level: 1 }).waitFor();
    const form = page.getByRole('region', { name: 'New department' });
    for (const [name, parent] of [
      ['Engineering', null],
      ['Sales', null],
      ['Platform', 'Engineering'],
    ] as const) {
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      if (parent) await form.getByRole('combobox', { name: 'Part of' }).selectOption({ label: parent });
      await form.getByRole('button', { name: 'Create department' }).click();
      await form.getByText(`Created ${name}.`).waitFor();
    }
    const tree = page.getByRole('list', { name: 'Departments' });
    const rowOf = (name: string) => tree.locator('div[draggable="true"]').filter({ hasText: name }).first();
    await rowOf('Platform').dragTo(rowOf('Sales'));
    await page.getByText('Moved Platform under Sales.').waitFor();
    const all = (await org.admin.http.get('/v1/organization/departments')).body.data as {
      id: string;
      name: string;
      parent_department_id: string | null;
    }[];
    const sales = all.find((d) => d.name === 'Sales')!;
    expect(all.find((d) => d.name === 'Platform')!.parent_department_id).toBe(sales.id);
    await expectAccessibleAndNarrow(page);
    await screens(page, 'admin-departments');
  });
});
