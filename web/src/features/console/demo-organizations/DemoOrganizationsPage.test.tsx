import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, ok } from '../../../test/fake-client.ts';
import { renderPage, signInOperator } from '../../../test/fixtures.tsx';
import { DemoOrganizationsPage } from './DemoOrganizationsPage.tsx';
import { demoRow } from './testing.ts';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['sales']);
});

describe('DemoOrganizationsPage', () => {
  it('shows the demos newest first with their end, and pages on with the API’s cursor', async () => {
    const first = demoRow();
    const ended = demoRow({
      id: '0190a000-0000-7000-8000-0000000000d2',
      name: 'Initech',
      expires_at: '2020-01-01T00:00:00.000Z',
    });
    const older = demoRow({ id: '0190a000-0000-7000-8000-0000000000d3', name: 'Umbrella' });
    fake.on('GET', '/v1/admin/demo-organizations', (init: CallInit) =>
      init.params?.query?.cursor === 'c2'
        ? ok({ data: [older], has_more: false, next_cursor: null, total: 3 })
        : ok({ data: [first, ended], has_more: true, next_cursor: 'c2', total: 3 }),
    );
    renderPage(fake, '/console/demo-organizations', '/console/demo-organizations', <DemoOrganizationsPage />);
    const person = userEvent.setup();

    const table = await screen.findByRole('table', { name: '3 demo organizations, newest first' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Globex trial', 'Initech']);
    const initech = within(table).getByRole('rowheader', { name: 'Initech' }).closest('tr')!;
    expect(within(initech).getByText('Ended')).toBeInTheDocument();
    expect(within(table).getAllByText('Ended')).toHaveLength(1);
    const expiry = table.querySelector('time[datetime="2999-01-15T00:00:00.000Z"]');
    expect(expiry).not.toBeNull();

    await person.click(screen.getByRole('button', { name: 'Show more demo organizations' }));
    expect(await within(table).findByRole('rowheader', { name: 'Umbrella' })).toBeInTheDocument();
    expect(fake.api.GET).toHaveBeenLastCalledWith('/v1/admin/demo-organizations', {
      params: { query: { limit: 50, cursor: 'c2' } },
    });
    expect(screen.queryByRole('button', { name: 'Show more demo organizations' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New demo organization' })).toHaveAttribute(
      'href',
      '/console/demo-organizations/new',
    );
  });
});
