import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { renderPage, signIn, userRow } from '../../../../test/fixtures.tsx';
import { NewUserPage } from './NewUserPage.tsx';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
});

const open = () => renderPage(fake, '/admin/people/users/new', '/admin/people/users/new', <NewUserPage />);
const field = (name: string) => screen.getByRole('textbox', { name });

async function fillIn(person: ReturnType<typeof userEvent.setup>, email: string) {
  await person.type(await screen.findByRole('textbox', { name: 'First name' }), ' Grace ');
  await person.type(field('Last name'), 'Hopper');
  await person.type(field('Email'), email);
}

describe('NewUserPage', () => {
  it('checks the fields as the API does before sending anything', async () => {
    open();
    const person = userEvent.setup();
    await person.type(await screen.findByRole('textbox', { name: 'Email' }), 'grace@example');
    await person.click(screen.getByRole('button', { name: 'Create user' }));

    expect(field('First name')).toHaveAccessibleDescription('Give the first name.');
    expect(field('Last name')).toHaveAccessibleDescription('Give the last name.');
    expect(field('Email')).toHaveAccessibleDescription(
      'They sign in with it. Give a valid email address, like name@example.com.',
    );
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.api.POST).not.toHaveBeenCalled();
  });

  it('shows the API’s own refusal on the field it names', async () => {
    fake.on('POST', '/v1/users', fail(409, 'duplicate_email', 'A user with this email already exists'));
    open();
    const person = userEvent.setup();
    await fillIn(person, 'grace@example.test');
    await person.click(screen.getByRole('button', { name: 'Create user' }));
    await screen.findByText('A user with this email already exists');
    expect(field('Email')).toHaveAccessibleDescription('They sign in with it. A user with this email already exists');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fake.on('POST', '/v1/users', fail(422, 'validation_error', 'last_name: Too small: expected string to have >=1'));
    await person.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Too small: expected string to have >=1')).toBeInTheDocument();
    expect(field('Last name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('creates the user and shows the one-time password once, with Copy', async () => {
    const created = userRow({ first_name: 'Grace', last_name: 'Hopper', display_name: 'Grace Hopper', role: 'admin' });
    fake.on(
      'POST',
      '/v1/users',
      ok({ user: { ...created, email: 'grace@example.test' }, password: 'K7pQ-temporary' }, 201),
    );
    fake.on('GET', '/v1/users', ok({ data: [], has_more: false, next_cursor: null }));
    open();
    const person = userEvent.setup();
    await fillIn(person, ' Grace@Example.test ');
    await person.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await person.click(screen.getByRole('checkbox', { name: /Developer/ }));
    await person.click(screen.getByRole('button', { name: 'Create user' }));

    const notice = await screen.findByRole('region', { name: 'Temporary password' });
    expect(notice).toHaveTextContent('it will not be shown again');
    expect(within(notice).getByRole('textbox', { name: 'Temporary password' })).toHaveValue('K7pQ-temporary');
    expect(within(notice).getByRole('textbox', { name: 'Email' })).toHaveValue('grace@example.test');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/users', {
      body: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.test',
        role: 'admin',
        is_developer: true,
      },
    });
    await person.click(within(notice).getAllByRole('button', { name: 'Copy' })[1]!);
    expect(await navigator.clipboard.readText()).toBe('K7pQ-temporary');
    expect(screen.getByRole('link', { name: 'Open Grace Hopper' })).toHaveAttribute(
      'href',
      `/admin/people/users/${created.id}`,
    );

    await person.click(screen.getByRole('button', { name: 'Create another user' }));
    expect(screen.queryByRole('region', { name: 'Temporary password' })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('K7pQ-temporary')).not.toBeInTheDocument();
    expect(field('First name')).toHaveValue('');
  });
});
