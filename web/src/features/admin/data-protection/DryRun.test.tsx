import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { signIn } from '../../../test/fixtures.tsx';
import type { DlpDryRun } from './dlp-api.ts';
import { fill, openPage, rule, rulesPage } from './testing.tsx';

const RUN = '0190a000-0000-7000-8000-0000000000e1';
const THREAD = '0190a000-0000-7000-8000-0000000000e2';
const MESSAGE = '0190a000-0000-7000-8000-0000000000e3';

const dryRun = (overrides: Partial<DlpDryRun> = {}): DlpDryRun => ({
  id: RUN,
  status: 'queued',
  days: 7,
  progress: 0,
  created_at: '2030-01-01T00:00:00.000Z',
  completed_at: null,
  result: null,
  ...overrides,
});

const completed = dryRun({
  status: 'completed',
  progress: 100,
  completed_at: '2030-01-01T00:00:05.000Z',
  result: {
    scanned: 1234,
    blocked: 2,
    truncated: true,
    examples: [
      {
        message_id: MESSAGE,
        thread_id: THREAD,
        rule_id: null,
        rule_name: 'Test cards',
        undecided: false,
        excerpt: '…my card is ••• thanks…',
      },
    ],
  },
});

let fake: FakeClient;
/** What GET …/dry-run/{id} answers now: the test moves it along as the job would. */
let current: DlpDryRun;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fake = createFakeClient();
  signIn(fake);
  fake.on('GET', '/v1/organization/dlp-rules', ok(rulesPage([rule()])));
  fake.on('POST', '/v1/organization/dlp-rules/dry-run', ok({ id: RUN, status: 'queued' }, 202));
  fake.on('GET', '/v1/organization/dlp-rules/dry-run/{dryRunId}', () => ok(current));
});
afterEach(() => vi.useRealTimers());

const section = () => screen.getByRole('region', { name: 'Dry run' });
const status = () => within(section()).getByRole('status');
const progress = () => within(section()).getByRole('progressbar', { name: 'Progress' });
const dryRunReads = () =>
  fake.api.GET.mock.calls.filter(([path]) => path === '/v1/organization/dlp-rules/dry-run/{dryRunId}').length;

describe('the DLP dry run', () => {
  it('starts one, follows it every second (queued, running, completed), then shows what it found', async () => {
    current = dryRun();
    openPage(fake);
    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('list', { name: 'Rules' });
    const days = within(section()).getByRole('spinbutton', { name: 'Days' });
    await fill(person, days, '91');
    await person.click(within(section()).getByRole('button', { name: 'Start the dry run' }));
    expect(days).toHaveAccessibleDescription(/whole number of days from 1 to 90/);
    expect(within(section()).getByRole('checkbox', { name: 'Include my draft rules (0)' })).toBeDisabled();
    expect(fake.api.POST).not.toHaveBeenCalled();

    await fill(person, days, '30');
    await person.click(within(section()).getByRole('button', { name: 'Start the dry run' }));
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/dlp-rules/dry-run', { body: { days: 30, rules: [] } });
    await waitFor(() => expect(status()).toHaveTextContent('Queued'));
    expect(progress()).toHaveAttribute('value', '0');
    expect(within(section()).getByRole('button', { name: 'Start the dry run' })).toBeDisabled();

    current = dryRun({ status: 'running', progress: 40 });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(status()).toHaveTextContent('Running: 40% of the messages checked.'));
    expect(progress()).toHaveAttribute('value', '40');

    current = completed;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(status()).toHaveTextContent('Completed'));
    expect(progress()).toHaveAttribute('value', '100');
    expect(within(section()).getByText('Scanned').nextElementSibling).toHaveTextContent('1,234');
    expect(within(section()).getByText('Would have been blocked').nextElementSibling).toHaveTextContent('2');
    expect(within(section()).getByText(/more than 50,000 user messages: only the newest 50,000/)).toBeVisible();
    const table = within(section()).getByRole('table');
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText(MESSAGE)).toBeInTheDocument();
    expect(within(row!).getByRole('link', { name: `Open thread of message ${MESSAGE}` })).toHaveAttribute(
      'href',
      `/threads/${THREAD}`,
    );
    expect(row).toHaveTextContent('Test cards Draft');
    expect(row).toHaveTextContent('…my card is ••• thanks…');
    expect(within(section()).getByRole('button', { name: 'Start the dry run' })).toBeEnabled();

    // Finished: no more reads.
    const reads = dryRunReads();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(dryRunReads()).toBe(reads);
  });

  it('includes the drafts when asked, and shows the API’s refusal of a second live dry run', async () => {
    fake.on(
      'POST',
      '/v1/organization/dlp-rules/dry-run',
      fail(409, 'limit_reached', 'A DLP dry run of this organization is already queued or running'),
    );
    openPage(fake);
    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('list', { name: 'Rules' });
    const drafts = screen.getByRole('region', { name: 'Draft rules' });
    await person.click(within(drafts).getByRole('button', { name: 'Add a draft rule' }));
    await fill(person, within(drafts).getByRole('textbox', { name: 'Name' }), 'Pins');
    await fill(person, within(drafts).getByRole('textbox', { name: 'Pattern' }), 'pin: \\d+');
    await person.click(within(section()).getByRole('checkbox', { name: 'Include my draft rules (1)' }));
    await person.click(within(section()).getByRole('button', { name: 'Start the dry run' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'A DLP dry run of this organization is already queued or running',
    );
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/dlp-rules/dry-run', {
      body: { days: 7, rules: [{ name: 'Pins', pattern: 'pin: \\d+', action: 'deny' }] },
    });
  });

  it('follows the dry run the address names, and says when it failed', async () => {
    current = dryRun({ status: 'failed', progress: 35 });
    openPage(fake, `/admin/data-protection?dry_run=${RUN}`);
    await waitFor(() => expect(status()).toHaveTextContent('The dry run failed and has no result.'));
    expect(progress()).toHaveAttribute('value', '35');
    expect(within(section()).queryByRole('table')).toBeNull();
    expect(fake.api.POST).not.toHaveBeenCalled();
  });
});
