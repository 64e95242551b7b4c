import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeClient, type FakeClient } from '../../../test/fake-client.ts';
import { renderPage, signIn } from '../../../test/fixtures.tsx';
import { drawPlot } from './plot.ts';
import { answerUsage, breakdown, queriesTo, timeseries } from './testing.ts';
import { UsagePage } from './UsagePage.tsx';

// uPlot draws on a canvas, which jsdom lacks: the chart's module is replaced, and what it was given is checked.
vi.mock('./plot.ts', () => ({ drawPlot: vi.fn(() => ({ resize: vi.fn(), destroy: vi.fn() })) }));

const SUMMARY = '/v1/organization/usage/summary';
const TIMESERIES = '/v1/organization/usage/timeseries';
const SERIES = '/v1/organization/usage/timeseries-by';
const CHARGEBACK = '/v1/organization/usage/chargeback';

let fake: FakeClient;

beforeEach(() => {
  // 20:00 UTC on 31 March 2024: already 1 April in Kolkata, the organization's zone.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2024-03-31T20:00:00Z'));
  fake = createFakeClient();
  signIn(fake);
});
afterEach(() => vi.useRealTimers());

const open = (search = '') => renderPage(fake, '/admin/usage', `/admin/usage${search}`, <UsagePage />);
const section = (name: string) => screen.getByRole('region', { name });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

/** Captures the CSV files the page hands the browser to download. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let pending: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    pending = blob;
    return 'blob:usage';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pending) files.push({ name: this.download, blob: pending });
  });
  return files;
}

const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('UsagePage', () => {
  it('shows the last 30 days of the organization’s time zone, with the totals and the change', async () => {
    answerUsage(fake);
    open();
    await screen.findByText('2024-03-03 to 2024-04-01, days in the organization’s time zone, Asia/Kolkata.', {
      exact: false,
    });
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('last30');
    const cards = section('Summary');
    expect(await within(cards).findByText('$1,234.56')).toBeInTheDocument();
    expect(within(cards).getByText('321')).toBeInTheDocument();
    expect(within(cards).getByText('1,234,567')).toBeInTheDocument();
    expect(within(cards).getByText('4,321 cached')).toBeInTheDocument();
    expect(within(cards).getByText('7,654')).toBeInTheDocument();
    expect(within(cards).getByText('+12.3%')).toBeInTheDocument();
    expect(within(cards).getByText('$1,099.00 from 2024-02-02 to 2024-03-02')).toBeInTheDocument();
    expect(queriesTo(fake, SUMMARY)).toEqual([{ from: '2024-03-03', to: '2024-04-01' }]);
    expect(queriesTo(fake, CHARGEBACK)).toEqual([{ month: '2024-04' }]);
  });

  it('says so when the previous period had no usage, and shows a fall as a minus', async () => {
    answerUsage(fake, 'UTC', { delta_pct: null, previous_period_cost_cents: 0 });
    const view = open();
    expect(await screen.findByText('No previous usage')).toBeInTheDocument();
    expect(screen.getByText('$0.00 from 2024-02-01 to 2024-03-01')).toBeInTheDocument();
    view.unmount();

    answerUsage(fake, 'UTC', { delta_pct: -4 });
    open();
    expect(await screen.findByText('-4.0%')).toBeInTheDocument();
  });

  it('puts the API’s numbers in each chart, its table and its CSV alike', async () => {
    answerUsage(fake);
    const files = captureDownloads();
    open('?from=2024-03-30&to=2024-03-31');
    const person = userEvent.setup();

    const overTime = await screen.findByRole('region', { name: 'Cost and tokens over time' });
    await within(overTime).findByRole('img', { name: /Cost and tokens per day, 2024-03-30 to 2024-03-31/ });
    await person.click(within(overTime).getByText('Show as table'));
    const table = within(overTime).getByRole('table', { name: 'Cost and tokens per day, 2024-03-30 to 2024-03-31' });
    expect(rowsOf(table)).toEqual([
      ['Day', 'Cost', 'Input tokens', 'Output tokens'],
      ['2024-03-30', '$10.50', '1,200', '300'],
      ['2024-03-31', '$0.00', '0', '0'],
    ]);
    await vi.waitFor(() => expect(drawPlot).toHaveBeenCalled());
    const drawn = vi.mocked(drawPlot).mock.calls.map(([, input]) => input);
    const daily = timeseries('daily').items;
    expect(drawn).toContainEqual(
      expect.objectContaining({
        buckets: daily.map((i) => i.date),
        series: [
          expect.objectContaining({ label: 'Cost', unit: 'money', values: daily.map((i) => i.cost_cents) }),
          expect.objectContaining({ label: 'Input tokens', unit: 'count', values: daily.map((i) => i.input_tokens) }),
          expect.objectContaining({ label: 'Output tokens', unit: 'count', values: daily.map((i) => i.output_tokens) }),
        ],
      }),
    );

    const byModel = await screen.findByRole('region', { name: 'By model' });
    const bars = await within(byModel).findByRole('list', { name: 'Cost by model, costliest first' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Model One$900.00 · 72.9%', 'Model Two$334.56 · 27.1%']);
    await person.click(within(byModel).getByRole('button', { name: 'Download CSV of cost by model' }));
    expect(files.map((f) => f.name)).toEqual(['usage-by-model-2024-03-30_2024-03-31.csv']);
    const [model1, model2] = breakdown('model').items;
    expect(await textOf(files[0]!.blob)).toBe(
      'model,cost_usd,call_count,percent_of_total\r\n' +
        `Model One,900.00,${model1!.call_count},72.9\r\nModel Two,334.56,${model2!.call_count},27.1\r\n`,
    );

    const byDepartment = screen.getByRole('region', { name: 'By department' });
    await person.click(within(byDepartment).getByRole('button', { name: 'Download CSV of cost by department' }));
    expect(await textOf(files[1]!.blob)).toContain("\r\n'=Platform,900.00,200,72.9\r\n");
  });

  it('applies a preset at once, and hours only for a week or less', async () => {
    answerUsage(fake);
    const { router } = open();
    const person = userEvent.setup();
    await screen.findByRole('region', { name: 'Summary' });
    const hourly = screen.getByRole('radio', { name: 'Hourly' });
    expect(hourly).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Charts over time' })).toHaveAccessibleDescription(
      'Hourly needs a range of 7 days or fewer.',
    );

    await person.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 7 days');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2024-03-26');
    await person.click(screen.getByRole('radio', { name: 'Hourly' }));
    expect(router.state.location.search).toBe('?from=2024-03-26&to=2024-04-01&granularity=hourly');
    await vi.waitFor(() =>
      expect(queriesTo(fake, TIMESERIES)).toContainEqual({
        from: '2024-03-26',
        to: '2024-04-01',
        granularity: 'hourly',
      }),
    );
    const overTime = screen.getByRole('region', { name: 'Cost and tokens over time' });
    await within(overTime).findByRole('table', { name: /Cost and tokens per hour/ });
    expect(within(overTime).getByRole('rowheader', { name: '2024-03-31 01:00' })).toBeInTheDocument();
  });

  it('checks a custom range as the API does before applying it', async () => {
    answerUsage(fake);
    const { router } = open();
    const person = userEvent.setup();
    await screen.findByRole('region', { name: 'Summary' });
    await person.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Custom range');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2024-03-03');
    expect(to).toHaveAttribute('max', '2025-03-02');

    await person.clear(from);
    await person.type(from, '2023-01-01');
    await person.clear(to);
    await person.type(to, '2024-01-01');
    expect([from, to].map((input) => (input as HTMLInputElement).value)).toEqual(['2023-01-01', '2024-01-01']);
    await person.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A range may span at most 365 days; this one spans 366.');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('A range may span at most 365 days; this one spans 366.');
    expect(router.state.location.search).toBe('');

    await person.clear(to);
    await person.type(to, '2023-12-31');
    await person.click(screen.getByRole('button', { name: 'Show' }));
    expect(router.state.location.search).toBe('?from=2023-01-01&to=2023-12-31');
    await vi.waitFor(() => expect(queriesTo(fake, SUMMARY)).toContainEqual({ from: '2023-01-01', to: '2023-12-31' }));
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('custom');
  });

  it('waits for a good range when the address holds one the API would refuse', async () => {
    answerUsage(fake);
    open('?from=2024-03-10&to=2024-03-01');
    expect(await screen.findByText('Choose a period above to see the reports.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The last day must be on or after the first.');
    expect(queriesTo(fake, SUMMARY)).toEqual([]);
  });

  it('splits the cost over time by department or user, the rest as Other', async () => {
    answerUsage(fake);
    const { router } = open('?from=2024-03-30&to=2024-03-31');
    const person = userEvent.setup();
    const split = await screen.findByRole('region', { name: 'Cost over time by department or user' });
    await person.click(await within(split).findByText('Show as table'));
    expect(rowsOf(within(split).getByRole('table'))).toEqual([
      ['Day', 'Engineering', 'Web, "UI"', 'Other'],
      ['2024-03-30', '$5.00', '$1.00', '$0.50'],
      ['2024-03-31', '$2.50', '$0.00', '$0.01'],
    ]);
    expect(queriesTo(fake, SERIES)).toEqual([
      { from: '2024-03-30', to: '2024-03-31', granularity: 'daily', dimension: 'department', limit: 6 },
    ]);

    await person.selectOptions(within(split).getByRole('combobox', { name: 'Lines before Other' }), 'Top 1');
    await person.click(within(split).getByRole('radio', { name: 'User' }));
    expect(router.state.location.search).toBe('?from=2024-03-30&to=2024-03-31&limit=1&by=user');
    await within(split).findByRole('columnheader', { name: 'Alice Ames' });
    expect(rowsOf(within(split).getByRole('table'))[0]).toEqual(['Day', 'Alice Ames', 'Other']);
    expect(within(split).getByRole('list', { name: 'Legend' })).toHaveTextContent('Alice AmesOther');
  });

  it('shows a month’s chargeback with its tree and total, and another month on request', async () => {
    answerUsage(fake);
    const { router } = open();
    const person = userEvent.setup();
    const chargeback = await screen.findByRole('region', { name: 'Chargeback by department' });
    const table = await within(chargeback).findByRole('table', { name: 'Cost per department, 2024-04 (USD)' });
    expect(rowsOf(table)).toEqual([
      ['Department', 'Part of', 'Cost with sub-departments', 'Own cost', 'Runs'],
      ['Engineering', '', '$10.00', '$4.00', '3'],
      ['=Platform', 'Engineering', '$6.00', '$6.00', '2'],
      ['Unassigned', '', '$5.00', '$5.00', '0'],
      ['Total', '', '$15.00', '', ''],
    ]);
    const month = within(chargeback).getByLabelText('Month');
    await person.clear(month);
    await person.type(month, '2024-02');
    expect(new URLSearchParams(router.state.location.search).get('month')).toBe('2024-02');
    await within(chargeback).findByRole('table', { name: 'Cost per department, 2024-02 (USD)' });
    expect(queriesTo(fake, CHARGEBACK)).toContainEqual({ month: '2024-02' });
  });
});
