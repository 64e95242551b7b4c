import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { renderPage, signIn } from '../../../test/fixtures.tsx';
import { OverviewPage } from './OverviewPage.tsx';

const WALLET = {
  id: '0190a000-0000-7000-8000-0000000000a9',
  organization_id: 'org',
  balance_minor: 123_456,
  currency: 'USD',
  enforcement_enabled: false,
  low_balance_threshold_minor: 500_000,
  low_balance: true,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
};
const LIMITS = {
  period_start: '2030-01-01',
  period_end: '2030-01-31',
  limits: [
    {
      id: '0190a000-0000-7000-8000-0000000000a8',
      scope: 'department',
      scope_id: '0190a000-0000-7000-8000-0000000000a7',
      label: 'Sales',
      amount_minor: 10_000,
      spent_minor: 12_345,
      remaining_minor: 0,
      percent_used: 123.5,
    },
  ],
};
let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  fake.on('GET', '/v1/organization/spend-limits', ok(LIMITS));
});

const open = () => renderPage(fake, '/admin/billing', '/admin/billing', <OverviewPage />);

describe('OverviewPage', () => {
  it('shows the wallet in its currency and each limit’s use as a meter with its words', async () => {
    fake.on('GET', '/v1/organization/wallet', ok(WALLET));
    open();
    expect(await screen.findByText('$1,234.56')).toBeInTheDocument();
    expect(screen.getByText('Low balance')).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
    expect(screen.getByText('$5,000.00')).toBeInTheDocument();
    expect(await screen.findByText(/they are not applied now/)).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Department Sales/ });
    expect(within(row).getByText('$100.00')).toBeInTheDocument();
    expect(within(row).getByText('$123.45')).toBeInTheDocument();
    expect(within(row).getByText('$0.00')).toBeInTheDocument();
    expect(within(row).getByText('123.5% used')).toBeInTheDocument();
    const meter = within(row).getByRole('meter', { name: 'Department Sales: 123.5% used' });
    expect(meter).toHaveAttribute('value', '100');
  });

  it('says a missing wallet leaves usage unlimited by a balance', async () => {
    fake.on('GET', '/v1/organization/wallet', fail(404, 'no_wallet', 'No wallet'));
    open();
    expect(await screen.findByText('No wallet: usage is not limited by a balance.')).toBeInTheDocument();
    expect(await screen.findByText(/Limits apply only while wallet enforcement is on/)).toBeInTheDocument();
  });
});
