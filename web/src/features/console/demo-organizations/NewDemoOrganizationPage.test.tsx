import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { renderPage, signInOperator, userRow } from '../../../test/fixtures.tsx';
import { endOfDay } from './demo-form.ts';
import { NewDemoOrganizationPage } from './NewDemoOrganizationPage.tsx';
import { demoRow } from './testing.ts';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['sales']);
  fake.on('GET', '/v1/admin/demo-organizations', ok({ data: [], has_more: false, next_cursor: null, total: 0 }));
});

const open = () =>
  renderPage(fake, '/console/demo-organizations/new', '/console/demo-organizations/new', <NewDemoOrganizationPage />);
const field = (name: string) => screen.getByRole('textbox', { name });

async function fillIn(person: ReturnType<typeof userEvent.setup>, lastDay: string) {
  await person.type(await screen.findByRole('textbox', { name: 'Organization name' }), ' Globex trial ');
  const day = screen.getByLabelText('Last day');
  await person.clear(day);
  await person.type(day, lastDay);
  await person.type(field('First name'), 'Gina');
  await person.type(field('Last name'), 'Globex');
  await person.type(field('Email'), ' Gina@Globex.test ');
}

describe('NewDemoOrganizationPage', () => {
  it('checks every field as the API does before sending anything', async () => {
    open();
    const person = userEvent.setup();
    const day = await screen.findByLabelText('Last day');
    expect(day).not.toHaveValue('');
    await person.clear(day);
    await person.type(day, '2020-01-01');
    await person.type(field('Email'), 'gina@globex');
    await person.click(screen.getByRole('button', { name: 'Create demo organization' }));

    expect(field('Organization name')).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveAccessibleDescription(expect.stringContaining('Give a day from today on.'));
    expect(field('First name')).toHaveAccessibleDescription('Give the admin’s first name.');
    expect(field('Last name')).toHaveAccessibleDescription('Give the admin’s last name.');
    expect(field('Email')).toHaveAccessibleDescription(
      'They sign in with it. Give a valid email address, like name@example.com.',
    );
    expect(fake.api.POST).not.toHaveBeenCalled();
  });

  it('shows a taken admin email on the Email field', async () => {
    fake.on(
      'POST',
      '/v1/admin/demo-organizations',
      fail(409, 'duplicate_email', 'A user with this email already exists'),
    );
    open();
    const person = userEvent.setup();
    await fillIn(person, '2999-03-31');
    await person.click(screen.getByRole('button', { name: 'Create demo organization' }));
    expect(await screen.findByText('A user with this email already exists')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates the demo with its admin, sends the exact body, and shows the password once', async () => {
    const expires = endOfDay('2999-03-31').toISOString();
    const admin = userRow({ display_name: 'Gina Globex', email: 'gina@globex.test', role: 'admin' });
    fake.on(
      'POST',
      '/v1/admin/demo-organizations',
      ok({ organization: demoRow({ expires_at: expires }), user: admin, password: 'Demo-pass-1234' }, 201),
    );
    open();
    const person = userEvent.setup();
    await fillIn(person, '2999-03-31');
    await person.click(screen.getByRole('button', { name: 'Create demo organization' }));

    const notice = await screen.findByRole('region', { name: 'Admin’s temporary password' });
    expect(within(notice).getByRole('textbox', { name: 'Temporary password' })).toHaveValue('Demo-pass-1234');
    expect(within(notice).getByRole('textbox', { name: 'Email' })).toHaveValue('gina@globex.test');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/demo-organizations', {
      body: {
        name: 'Globex trial',
        expires_at: expires,
        admin: { email: 'gina@globex.test', first_name: 'Gina', last_name: 'Globex' },
      },
    });
    const ready = screen.getByText(/Globex trial is ready until/);
    expect(ready).toHaveAttribute('role', 'status');
    expect(ready.querySelector('time')).toHaveAttribute('datetime', expires);

    await person.click(screen.getByRole('button', { name: 'Create another demo' }));
    expect(screen.queryByDisplayValue('Demo-pass-1234')).not.toBeInTheDocument();
    expect(field('Organization name')).toHaveValue('');
  });
});
