import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import { addUser, type TestOrg } from '../../test/helpers/fixtures.ts';
import {
  COSTS,
  createAgent,
  createModelVersions,
  insertEvents,
  seeded,
  setTimezone,
  type UsageEvent,
} from '../../test/helpers/usage-events.ts';
import { expectAccessibleAndNarrow } from './support/axe.ts';
import { type AppWindow, downloadedText } from './support/browser.ts';
import { captureScreens } from './support/screenshots.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;

const MARCH = { from: '2024-03-01', to: '2024-03-31' };
const HOURS = { from: '2024-03-10', to: '2024-03-12' };
const DIMENSIONS = ['model', 'agent', 'channel', 'department', 'user'] as const;

/**
 * Usage of February and March 2024 in Kolkata (UTC+5:30, so local days differ from UTC ones), dense on 10-12 March
 * for the hourly view, every dimension sometimes unset, and a department named like a formula.
 */
async function seedUsage() {
  const http = org.admin.http;
  await setTimezone(http, 'Asia/Kolkata');
  const department = async (name: string, parent?: string) => {
    const res = await http.post('/v1/organization/departments', { name, parent_department_id: parent });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  const engineering = await department('Engineering');
  const platform = await department('=Platform', engineering);
  const sales = await department('Sales');
  const alice = await addUser(app, http, { first_name: 'Alice', last_name: 'Ames' });
  const models = await createModelVersions(app, ['Model One', 'Model Two']);
  const agents = [
    await createAgent(app, org.org.id, org.admin.user.id, 'Researcher'),
    await createAgent(app, org.org.id, org.admin.user.id, 'Writer'),
  ];
  const rand = seeded(18);
  const runs = Array.from({ length: 12 }, () => randomUUID());
  const start = Date.parse('2024-02-01T00:00:00Z');
  const dense = Date.parse('2024-03-09T18:30:00Z');
  const events: UsageEvent[] = Array.from({ length: 240 }, (_, i) => ({
    organizationId: org.org.id,
    userId: rand.pick([org.admin.user.id, alice.user.id, null]),
    agentId: rand.pick([...agents, null]),
    departmentId: rand.pick([engineering, platform, sales, null]),
    channel: rand.pick(['web', 'api', null]),
    runId: rand.pick([...runs, null]),
    modelVersionId: rand.pick(models),
    inputTokens: Math.floor(rand.next() * 5000),
    outputTokens: Math.floor(rand.next() * 2000),
    cachedInputTokens: Math.floor(rand.next() * 1000),
    costMicroCents: rand.pick(COSTS),
    occurredAt: new Date(
      i % 3 === 0
        ? dense + Math.floor(rand.next() * 3 * 86_400_000)
        : start + Math.floor(rand.next() * 60 * 86_400_000),
    ),
  }));
  await insertEvents(app, events);
}

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e());
  await seedUsage();
});
afterAll(() => stopE2e({ app, browser, win }));

/** A usage report as the API answers it to the organization's admin. */
async function report(path: string, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await org.admin.http.get(`/v1/organization/usage/${path}?${params}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** A shown figure as the API's number: `$1,234.56` is 123456 cents, `1,234` is 1234, `72.9%` is 72.9. */
const figure = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));
const cents = (text: string) => Number(text.replace(/[^0-9-]/g, ''));

/** A table's body rows (and its header), cell by cell, as the page shows them. */
const cellsOf = (table: Locator) =>
  table.evaluate((element) => ({
    header: [...element.querySelectorAll('thead th')].map((cell) => cell.textContent ?? ''),
    rows: [...element.querySelectorAll('tbody tr, tfoot tr')].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
    ),
  }));

/** Opens a report's table (as a person does, with the mouse) and reads it. */
async function openTable(section: Locator) {
  await section.locator('summary').click();
  return cellsOf(section.getByRole('table'));
}

/** Scrolls the shell's main column (only it, the page stays put) so the element `id` is at its top. */
const scrollMainTo = (page: Page, id: string) =>
  page.evaluate((target) => {
    const main = document.getElementById('main')!;
    const top = document.getElementById(target)!.getBoundingClientRect().top - main.getBoundingClientRect().top;
    main.scrollTo(0, main.scrollTop + top - 16);
  }, id);

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** axe and the 390 px check, where the charts must also shrink with their container. */
const checkPage = (page: Page) =>
  expectAccessibleAndNarrow(page, () =>
    expect
      .poll(() =>
        page
          .locator('[role="img"] canvas')
          .evaluateAll((canvases) =>
            canvases.every((canvas) => canvas.getBoundingClientRect().width <= canvas.closest('section')!.clientWidth),
          ),
      )
      .toBe(true),
  );

/** Waits until every report of the page has loaded (eight tables) and both charts are drawn. */
const settled = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(
        () =>
          document.querySelectorAll('[aria-busy="true"], [role="status"]').length === 0 &&
          document.querySelectorAll('[role="img"] canvas').length === 2 &&
          document.querySelectorAll('table').length === 8,
      ),
    )
    .toBe(true);

describe('Admin › Usage', () => {
  it('shows the API’s figures in its cards and in every chart’s table and CSV', async () => {
    const { page } = win;
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    await page.getByText('days in the organization’s time zone, Asia/Kolkata').waitFor();

    // A shared address opens the same view.
    await page.goto(`/admin/usage?from=${MARCH.from}&to=${MARCH.to}&month=2024-03`);
    await page.getByText(`${MARCH.from} to ${MARCH.to}, days in the organization’s time zone`).waitFor();
    await settled(page);

    const summary = await report('summary', MARCH);
    const cards = await region(page, 'Summary')
      .locator('dl > div')
      .evaluateAll((items) => items.map((item) => [...item.children].map((child) => child.textContent ?? '')));
    expect(cards.map(([term, value]) => [term, value])).toEqual([
      ['Total cost', expect.any(String)],
      ['Calls', expect.any(String)],
      ['Input tokens', expect.any(String)],
      ['Output tokens', expect.any(String)],
      ['Against the previous period', expect.any(String)],
    ]);
    expect(cents(cards[0]![1]!)).toBe(summary.total_cost_cents);
    expect(figure(cards[1]![1]!)).toBe(summary.call_count);
    expect(figure(cards[2]![1]!)).toBe(summary.total_input_tokens);
    expect(figure(cards[2]![2]!)).toBe(summary.total_cached_input_tokens);
    expect(figure(cards[3]![1]!)).toBe(summary.total_output_tokens);
    expect(summary.delta_pct).not.toBeNull();
    expect(figure(cards[4]![1]!)).toBe(summary.delta_pct);
    expect(cents(cards[4]![2]!.split(' from ')[0]!)).toBe(summary.previous_period_cost_cents);

    const series = await report('timeseries', { ...MARCH, granularity: 'daily' });
    const overTime = await openTable(region(page, 'Cost and tokens over time'));
    expect(
      overTime.rows.map(([date, cost, input, output]) => [date, cents(cost!), figure(input!), figure(output!)]),
    ).toEqual(series.items.map((i: Record<string, number>) => [i.date, i.cost_cents, i.input_tokens, i.output_tokens]));

    for (const dimension of DIMENSIONS) {
      const api = await report('breakdown', { ...MARCH, dimension });
      const shown = await openTable(region(page, `By ${dimension}`));
      expect(
        shown.rows.map(([label, cost, calls, share]) => [label, cents(cost!), figure(calls!), figure(share!)]),
      ).toEqual(
        api.items.map((i: Record<string, number>) => [i.label, i.cost_cents, i.call_count, i.percent_of_total]),
      );
    }

    const split = await report('timeseries-by', { ...MARCH, granularity: 'daily', dimension: 'department', limit: 6 });
    const splitShown = await openTable(region(page, 'Cost over time by department or user'));
    expect(splitShown.header).toEqual(['Day', ...split.series.map((s: { label: string }) => s.label)]);
    expect(splitShown.rows.map(([bucket, ...points]) => [bucket, ...points.map(cents)])).toEqual(
      split.buckets.map((bucket: string, i: number) => [
        bucket,
        ...split.series.map((s: { points: number[] }) => s.points[i]),
      ]),
    );

    const chargeback = await report('chargeback', { month: '2024-03' });
    const chargebackShown = await cellsOf(region(page, 'Chargeback by department').getByRole('table'));
    expect(
      chargebackShown.rows.map(([name, , cost, own, runs]) => [name, cents(cost!), own ? cents(own) : null, runs]),
    ).toEqual([
      ...chargeback.items.map(
        (i: { department: { name: string } | null; cost_minor: number; own_minor: number; runs: number }) => [
          i.department?.name ?? 'Unassigned',
          i.cost_minor,
          i.own_minor,
          String(i.runs),
        ],
      ),
      ['Total', chargeback.total_minor, null, ''],
    ]);

    // The CSV holds the table's figures, dollars with two decimals, and the formula-like name as text.
    const departments = await report('breakdown', { ...MARCH, dimension: 'department' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      region(page, 'By department').getByRole('button', { name: 'Download CSV of cost by department' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`usage-by-department-${MARCH.from}_${MARCH.to}.csv`);
    const csv = await downloadedText(download);
    expect(csv).toBe(
      `\uFEFFdepartment,cost_usd,call_count,percent_of_total\r\n${departments.items
        .map(
          (i: { label: string; cost_cents: number; call_count: number; percent_of_total: number }) =>
            `${i.label.startsWith('=') ? `'${i.label}` : i.label},${(i.cost_cents / 100).toFixed(2)},${i.call_count},${i.percent_of_total}\r\n`,
        )
        .join('')}`,
    );
    expect(csv).toContain("\r\n'=Platform,");

    await checkPage(page);
    await captureScreens(page, 'admin-usage', () =>
      page.evaluate(() => document.getElementById('main')!.scrollTo(0, 0)),
    );
    await captureScreens(page, 'admin-usage-charts', () => scrollMainTo(page, 'usage-over-time'));
    await captureScreens(page, 'admin-usage-chargeback', () => scrollMainTo(page, 'usage-chargeback'));
  });

  it('takes a custom range from the keyboard, hours for three days, and the top department beside Other', async () => {
    const { page } = win;
    await page.goto('/admin/usage');
    await settled(page);
    const hourly = page.getByRole('radio', { name: 'Hourly' });
    expect(await hourly.isDisabled()).toBe(true);

    await page.getByRole('combobox', { name: 'Period' }).focus();
    await page.keyboard.press('End');
    await page.getByLabel('From', { exact: true }).fill('2023-03-01');
    await page.getByLabel('To', { exact: true }).fill('2024-03-01');
    await page.getByLabel('To', { exact: true }).press('Enter');
    await page.getByRole('alert').getByText('A range may span at most 365 days; this one spans 367.').waitFor();
    expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('From', { exact: true }).fill(HOURS.from);
    await page.getByLabel('To', { exact: true }).fill(HOURS.to);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText(`${HOURS.from} to ${HOURS.to}, days in the organization’s time zone`).waitFor();
    // The choice goes into the address, which the page renders from when the navigation lands: not within the
    // click, so the radio is checked a moment later.
    await hourly.click();
    await expect.poll(() => hourly.isChecked()).toBe(true);
    await page.getByRole('combobox', { name: 'Lines before Other' }).selectOption('1');
    await expect
      .poll(() => new URL(page.url()).search)
      .toBe(`?from=${HOURS.from}&to=${HOURS.to}&granularity=hourly&limit=1`);
    await settled(page);

    const hours = await report('timeseries', { ...HOURS, granularity: 'hourly' });
    expect(hours.items).toHaveLength(72);
    const overTime = region(page, 'Cost and tokens over time');
    await overTime
      .getByRole('table', { name: `Cost and tokens per hour, ${HOURS.from} to ${HOURS.to}`, includeHidden: true })
      .waitFor({ state: 'attached' });
    const shown = await openTable(overTime);
    expect(
      shown.rows.map(([hour, cost, input, output]) => [hour, cents(cost!), figure(input!), figure(output!)]),
    ).toEqual(
      hours.items.map((i: Record<string, number | string>) => [
        String(i.date).replace('T', ' '),
        i.cost_cents,
        i.input_tokens,
        i.output_tokens,
      ]),
    );

    const split = await report('timeseries-by', { ...HOURS, granularity: 'hourly', dimension: 'department', limit: 1 });
    expect(split.series.map((s: { id: string }) => s.id)).toHaveLength(2);
    const splitSection = region(page, 'Cost over time by department or user');
    await expect
      .poll(async () => (await cellsOf(splitSection.getByRole('table', { includeHidden: true }))).header)
      .toEqual(['Hour', split.series[0].label, 'Other']);
    const splitShown = await openTable(splitSection);
    expect(splitShown.rows.map(([, ...points]) => points.map(cents))).toEqual(
      split.buckets.map((_: string, i: number) => split.series.map((s: { points: number[] }) => s.points[i])),
    );
    await checkPage(page);
  });
});
