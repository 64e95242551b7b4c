import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../../../test/fake-client.ts';
import { renderPage, signInOperator, userRow } from '../../../../test/fixtures.tsx';
import { ORG_ID, orgRow } from '../testing.ts';
import { UsersPage } from './UsersPage.tsx';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['organizations']);
  fake.on('GET', '/v1/admin/organizations/{id}', ok(orgRow()));
});

const open = () =>
  renderPage(
    fake,
    '/console/organizations/:organizationId/users',
    `/console/organizations/${ORG_ID}/users`,
    <UsersPage />,
  );

describe('UsersPage', () => {
  it('lists every user with their role and status, and the total', async () => {
    const ada = userRow({ id: 'u-a', organization_id: ORG_ID, display_name: 'Ada Admin', role: 'admin' });
    const max = userRow({ organization_id: ORG_ID, is_suspended: true, is_developer: true });
    fake.on(
      'GET',
      '/v1/admin/organizations/{id}/users',
      ok({ data: [ada, max], has_more: false, next_cursor: null, total: 2 }),
    );
    open();
    expect(await screen.findByRole('link', { name: 'Ada Admin' })).toHaveAttribute(
      'href',
      `/console/organizations/${ORG_ID}/users/u-a`,
    );
    expect(screen.getByRole('link', { name: 'Max Member' }).closest('tr')).toHaveTextContent(
      'max@example.testMemberDeveloperSuspended',
    );
    expect(screen.getByRole('status')).toHaveTextContent('2 users, by email.');
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New user' })).toHaveAttribute(
      'href',
      `/console/organizations/${ORG_ID}/users/new`,
    );
  });
});
