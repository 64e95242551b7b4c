import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { accountRow, page, renderPage, signIn } from '../../../../test/fixtures.tsx';
import { ServiceAccountsPage } from './ServiceAccountsPage.tsx';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
});

const open = () =>
  renderPage(fake, '/admin/people/service-accounts', '/admin/people/service-accounts', <ServiceAccountsPage />);

describe('ServiceAccountsPage', () => {
  it('checks the name and description as the API does, then creates the account', async () => {
    fake.on('GET', '/v1/service-accounts', page([]));
    fake.on('POST', '/v1/service-accounts', ok(accountRow({ name: 'Billing sync' }), 201));
    open();
    const person = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Account name' });
    await person.type(name, '   ');
    await person.click(screen.getByRole('button', { name: 'Create service account' }));
    expect(name).toHaveAccessibleDescription('Give the account a name.');
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.clear(name);
    await person.type(name, ' Billing sync ');
    await person.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await person.click(screen.getByRole('button', { name: 'Create service account' }));
    expect(await screen.findByText(/Billing sync is created/)).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/service-accounts', {
      body: { name: 'Billing sync', description: null, role: 'admin' },
    });
    expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveValue('');
  });

  it('puts a taken name on the name field, in the API’s words', async () => {
    fake.on('GET', '/v1/service-accounts', page([accountRow()]));
    fake.on(
      'POST',
      '/v1/service-accounts',
      fail(409, 'duplicate_name', 'A service account with this name already exists'),
    );
    open();
    const person = userEvent.setup();
    await person.type(await screen.findByRole('textbox', { name: 'Account name' }), 'Deploy bot');
    await person.click(screen.getByRole('button', { name: 'Create service account' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveAccessibleDescription(
        'A service account with this name already exists',
      ),
    );
    expect(screen.getByRole('link', { name: 'Deploy bot' })).toBeInTheDocument();
  });

  it('says how to get developer access when the API refuses an admin who is not a developer', async () => {
    fake.on('GET', '/v1/service-accounts', fail(403, 'forbidden', 'This requires developer access'));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This requires developer access');
    expect(screen.getByText(/Ask another admin to make you a developer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create service account' })).not.toBeInTheDocument();
  });
});
