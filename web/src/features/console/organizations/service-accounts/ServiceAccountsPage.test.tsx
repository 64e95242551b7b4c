import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../../../test/fake-client.ts';
import { accountRow, renderPage, signInOperator } from '../../../../test/fixtures.tsx';
import { ORG_ID, orgRow } from '../testing.ts';
import { ServiceAccountsPage } from './ServiceAccountsPage.tsx';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['organizations']);
  fake.on('GET', '/v1/admin/organizations/{id}', ok(orgRow()));
});

const open = () =>
  renderPage(
    fake,
    '/console/organizations/:organizationId/service-accounts',
    `/console/organizations/${ORG_ID}/service-accounts`,
    <ServiceAccountsPage />,
  );

describe('ServiceAccountsPage', () => {
  it('shows the service accounts read-only', async () => {
    fake.on(
      'GET',
      '/v1/admin/organizations/{id}/service-accounts',
      ok({
        data: [accountRow({ can_access_console: true, is_suspended: true }), accountRow({ id: 'sa-2', name: 'Web' })],
      }),
    );
    open();
    const bot = (await screen.findByRole('rowheader', { name: 'Deploy bot' })).closest('tr')!;
    expect(bot).toHaveTextContent('Deploy botMemberYesSuspendedNever');
    expect(screen.getByRole('rowheader', { name: 'Web' }).closest('tr')).toHaveTextContent('WebMemberNoActiveNever');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
