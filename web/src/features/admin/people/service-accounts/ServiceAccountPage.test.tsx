import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { accountRow, page, renderPage, signIn } from '../../../../test/fixtures.tsx';
import { ServiceAccountPage } from './ServiceAccountPage.tsx';

const account = accountRow();
const liveKey = {
  id: 'key-1',
  prefix: 'atr_ab12',
  name: 'release pipeline',
  role: 'member',
  organization_id: 'org',
  service_account_id: account.id,
  created_by_user_id: null,
  created_at: '2030-01-01T00:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
};

let fake: FakeClient;
let keys: (typeof liveKey)[];

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  keys = [liveKey];
  fake.on('GET', '/v1/service-accounts/{id}', ok(account));
  fake.on('GET', '/v1/service-accounts/{id}/api-keys', () => page(keys));
  fake.on('GET', '/v1/service-accounts', page([account]));
});

const open = () =>
  renderPage(
    fake,
    '/admin/people/service-accounts/:accountId',
    `/admin/people/service-accounts/${account.id}`,
    <ServiceAccountPage />,
  );

describe('ServiceAccountPage', () => {
  it('issues a key valid through a date and shows its secret once', async () => {
    fake.on(
      'POST',
      '/v1/service-accounts/{id}/api-keys',
      ok({ ...liveKey, id: 'key-2', name: 'nightly', key: 'atr_secret' }, 201),
    );
    open();
    const person = userEvent.setup();
    const expiry = await screen.findByLabelText('Valid through');
    await person.type(screen.getByRole('textbox', { name: 'Key name' }), 'nightly');
    await person.type(expiry, '2001-01-01');
    await person.click(screen.getByRole('button', { name: 'Issue key' }));
    expect(expiry).toHaveAccessibleDescription('Optional: no expiry when empty. Give a date from today on.');
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.clear(expiry);
    await person.type(expiry, '2999-06-30');
    await person.click(screen.getByRole('button', { name: 'Issue key' }));
    const notice = await screen.findByRole('region', { name: 'New API key' });
    expect(within(notice).getByRole('textbox')).toHaveValue('atr_secret');
    expect(notice).toHaveTextContent('it will not be shown again');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/service-accounts/{id}/api-keys', {
      params: { path: { id: account.id } },
      body: { name: 'nightly', expires_at: new Date('2999-06-30T23:59:59.999').toISOString() },
    });
    expect(screen.getByRole('textbox', { name: 'Key name' })).toHaveValue('');
  });

  it('revokes a key only after confirming', async () => {
    fake.on('DELETE', '/v1/service-accounts/{id}/api-keys/{keyId}', () => {
      keys = [{ ...liveKey, revoked_at: '2030-01-02T00:00:00.000Z' } as never];
      return { status: 204 };
    });
    open();
    const person = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'API keys of Deploy bot' });
    await person.click(within(list).getByRole('button', { name: 'Revoke release pipeline' }));
    expect(fake.api.DELETE).not.toHaveBeenCalled();
    await person.click(within(list).getByRole('button', { name: 'Revoke now' }));
    expect(await within(list).findByText('Revoked')).toBeInTheDocument();
    expect(fake.api.DELETE).toHaveBeenCalledWith('/v1/service-accounts/{id}/api-keys/{keyId}', {
      params: { path: { id: account.id, keyId: 'key-1' } },
    });
  });

  it('edits only what changed, suspends after confirming, and shows why a delete is refused', async () => {
    fake.on('PATCH', '/v1/service-accounts/{id}', ({ body }) => ok({ ...account, ...(body as object) }));
    fake.on('DELETE', '/v1/service-accounts/{id}', fail(409, 'has_live_keys', 'Revoke every API key first'));
    open();
    const person = userEvent.setup();
    await person.type(await screen.findByRole('textbox', { name: 'Description' }), 'Ships releases');
    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenLastCalledWith('/v1/service-accounts/{id}', {
      params: { path: { id: account.id } },
      body: { description: 'Ships releases' },
    });

    await person.click(screen.getByRole('button', { name: 'Suspend Deploy bot' }));
    await person.click(screen.getByRole('button', { name: 'Suspend now' }));
    expect(await screen.findByRole('button', { name: 'Unsuspend' })).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenLastCalledWith('/v1/service-accounts/{id}', {
      params: { path: { id: account.id } },
      body: { is_suspended: true },
    });
    expect(screen.getByText('A suspended account gets no new keys.')).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Delete Deploy bot' }));
    await person.click(screen.getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Revoke every API key first'));
  });
});
