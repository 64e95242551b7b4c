import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient } from '../../../test/fake-client.ts';
import { renderPage, signInOperator } from '../../../test/fixtures.tsx';
import { OrganizationsPage } from './OrganizationsPage.tsx';
import { orgPage, orgRow } from './testing.ts';

const ACME = orgRow();
const GLOBEX = orgRow({ id: '0190a000-0000-7000-8000-0000000000b2', name: 'Globex', is_suspended: true });
const INITECH = orgRow({ id: '0190a000-0000-7000-8000-0000000000b3', name: 'Initech', plan_name: null });
const GONE = orgRow({
  id: '0190a000-0000-7000-8000-0000000000b4',
  name: 'Gone',
  deleted_at: '2030-02-01T00:00:00.000Z',
});

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['organizations']);
  fake.on('GET', '/v1/admin/organizations', ({ params }: CallInit) => {
    const { search, cursor, is_deleted } = params?.query ?? {};
    if (is_deleted === 'true') return orgPage([GONE], 1);
    if (search === 'glob') return orgPage([GLOBEX], 1);
    return cursor === 'next' ? orgPage([INITECH], 3) : orgPage([ACME, GLOBEX], 3, 'next');
  });
});

const open = () => renderPage(fake, '/console/organizations', '/console/organizations', <OrganizationsPage />);
const listCalls = () => fake.api.GET.mock.calls.filter(([path]) => path === '/v1/admin/organizations');

describe('OrganizationsPage', () => {
  it('shows the rows with their plan, users, runs and tags, the total, and pages on with Show more', async () => {
    open();
    const person = userEvent.setup();
    const acme = (await screen.findByRole('link', { name: 'Acme' })).closest('tr')!;
    expect(acme).toHaveTextContent('Free');
    expect(within(acme).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(within(acme).getByRole('cell', { name: '42' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acme' })).toHaveAttribute('href', `/console/organizations/${ACME.id}`);
    expect(screen.getByRole('link', { name: 'Globex' }).closest('tr')).toHaveTextContent('Suspended');
    expect(screen.getByRole('status')).toHaveTextContent('3 organizations');
    expect(screen.getByRole('link', { name: 'New organization' })).toHaveAttribute(
      'href',
      '/console/organizations/new',
    );

    await person.click(screen.getByRole('button', { name: 'Show more organizations' }));
    expect(await screen.findByRole('link', { name: 'Initech' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Initech' }).closest('tr')).toHaveTextContent('—');
    expect(screen.getByRole('link', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more organizations' })).not.toBeInTheDocument();
    expect(listCalls()).toEqual([
      ['/v1/admin/organizations', { params: { query: { search: undefined, limit: 50, cursor: undefined } } }],
      ['/v1/admin/organizations', { params: { query: { search: undefined, limit: 50, cursor: 'next' } } }],
    ]);
  });

  it('searches by name once typing pauses', async () => {
    open();
    const person = userEvent.setup();
    await screen.findByRole('link', { name: 'Acme' });
    await person.type(screen.getByRole('searchbox', { name: 'Search organizations' }), ' glob ');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Acme' })).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Globex' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 organization named like “glob”');
    const searched = listCalls().map(([, init]) => (init as CallInit).params?.query?.search);
    expect(searched).toEqual([undefined, 'glob']);
  });

  it('shows the deleted ones on request, with their tag', async () => {
    open();
    const person = userEvent.setup();
    await screen.findByRole('link', { name: 'Acme' });
    await person.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Deleted');
    expect(await screen.findByRole('link', { name: 'Gone' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gone' }).closest('tr')).toHaveTextContent('Deleted');
    expect(listCalls().at(-1)).toEqual([
      '/v1/admin/organizations',
      { params: { query: { search: undefined, is_deleted: 'true', limit: 50, cursor: undefined } } },
    ]);
  });
});
