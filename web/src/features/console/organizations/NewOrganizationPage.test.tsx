import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { renderPage, signInOperator, userRow } from '../../../test/fixtures.tsx';
import { NewOrganizationPage } from './NewOrganizationPage.tsx';
import { ORG_ID, orgRow } from './testing.ts';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['organizations']);
});

const open = () =>
  renderPage(fake, '/console/organizations/new', '/console/organizations/new', <NewOrganizationPage />);
const field = (name: string) => screen.getByRole('textbox', { name });

async function fillIn(person: ReturnType<typeof userEvent.setup>) {
  await person.type(await screen.findByRole('textbox', { name: 'Name' }), ' Acme ');
  await person.type(field('Industry'), 'Retail');
  await person.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Europe/Berlin');
  await person.type(field('First name'), 'Grace');
  await person.type(field('Last name'), 'Hopper');
  await person.type(field('Email'), ' Grace@Example.test ');
}

const ORGANIZATION_BODY = {
  name: 'Acme',
  industry: 'Retail',
  primary_language: 'en',
  primary_timezone: 'Europe/Berlin',
};
const ADMIN_BODY = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.test',
  role: 'admin',
  is_developer: false,
};

describe('NewOrganizationPage', () => {
  it('checks every field as the API does before sending anything', async () => {
    open();
    const person = userEvent.setup();
    await person.clear(await screen.findByRole('textbox', { name: 'Primary language' }));
    await person.type(field('Primary language'), 'not a tag!');
    await person.type(field('Email'), 'grace@example');
    await person.click(screen.getByRole('button', { name: 'Create organization' }));

    expect(field('Name')).toHaveAccessibleDescription(
      'Unique across the platform. Give the organization a name of 1 to 255 characters.',
    );
    expect(field('Primary language')).toHaveAttribute('aria-invalid', 'true');
    expect(field('First name')).toHaveAccessibleDescription('Give the first name.');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.api.POST).not.toHaveBeenCalled();
  });

  it('shows a taken name on the Name field, and creates nothing', async () => {
    fake.on('POST', '/v1/admin/organizations', fail(409, 'duplicate_name', 'An organization with this name exists'));
    open();
    const person = userEvent.setup();
    await fillIn(person);
    await person.click(screen.getByRole('button', { name: 'Create organization' }));
    await screen.findByText('An organization with this name exists');
    expect(field('Name')).toHaveAccessibleDescription(
      'Unique across the platform. An organization with this name exists',
    );
    expect(fake.api.POST).toHaveBeenCalledTimes(1);
  });

  it('creates the organization, then its admin, and shows the admin’s password once', async () => {
    const admin = userRow({ organization_id: ORG_ID, display_name: 'Grace Hopper', email: 'grace@example.test' });
    fake.on('POST', '/v1/admin/organizations', ok(orgRow({ user_count: 0 }), 201));
    fake.on('POST', '/v1/admin/organizations/{id}/users', ok({ user: admin, password: 'K7pQ-temporary' }, 201));
    open();
    const person = userEvent.setup();
    await fillIn(person);
    await person.click(screen.getByRole('button', { name: 'Create organization' }));

    const notice = await screen.findByRole('region', { name: 'Temporary password' });
    expect(within(notice).getByRole('textbox', { name: 'Temporary password' })).toHaveValue('K7pQ-temporary');
    expect(within(notice).getByRole('textbox', { name: 'Email' })).toHaveValue('grace@example.test');
    expect(notice).toHaveTextContent('it will not be shown again');
    expect(screen.getByText('Acme is ready, with Grace Hopper as its admin.')).toBeInTheDocument();
    expect(fake.api.POST.mock.calls).toEqual([
      ['/v1/admin/organizations', { body: ORGANIZATION_BODY }],
      ['/v1/admin/organizations/{id}/users', { params: { path: { id: ORG_ID } }, body: ADMIN_BODY }],
    ]);
    expect(screen.getByRole('link', { name: 'Open Acme' })).toHaveAttribute('href', `/console/organizations/${ORG_ID}`);

    await person.click(screen.getByRole('button', { name: 'Create another organization' }));
    expect(screen.queryByDisplayValue('K7pQ-temporary')).not.toBeInTheDocument();
    expect(field('Name')).toHaveValue('');
  });

  it('says the organization exists when its admin was refused, and offers to add the admin from its users', async () => {
    fake.on('POST', '/v1/admin/organizations', ok(orgRow({ user_count: 0 }), 201));
    fake.on(
      'POST',
      '/v1/admin/organizations/{id}/users',
      fail(409, 'duplicate_email', 'A user with this email already exists'),
    );
    open();
    const person = userEvent.setup();
    await fillIn(person);
    await person.click(screen.getByRole('button', { name: 'Create organization' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The organization Acme was created, but its first admin was not: A user with this email already exists',
    );
    expect(screen.getByRole('link', { name: 'Add the admin of Acme' })).toHaveAttribute(
      'href',
      `/console/organizations/${ORG_ID}/users/new`,
    );
    expect(screen.getByRole('link', { name: 'Open Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create organization' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Temporary password' })).not.toBeInTheDocument();
  });
});
