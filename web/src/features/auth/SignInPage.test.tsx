import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, type FakeReply, fail, ok } from '../../test/fake-client.ts';
import { renderRoutes } from '../../test/render.tsx';
import { SignInPage } from './SignInPage.tsx';

const user = { id: '0190a000-0000-7000-8000-00000000000a', display_name: 'Ada Admin', email: 'ada@example.test' };

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  fake.on('GET', '/web/session', fail(401, 'unauthorized', 'Not signed in'));
});

const signInWith = async (reply: FakeReply, path = '/sign-in') => {
  fake.on('POST', '/web/session', reply);
  renderRoutes(
    fake,
    [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/threads', element: <p>All threads</p> },
      { path: '/threads/:id', element: <p>The shared thread</p> },
    ],
    path,
  );
  const person = userEvent.setup();
  await person.type(await screen.findByRole('textbox', { name: 'Email' }), '  ada@example.test ');
  await person.type(screen.getByLabelText('Password'), 'correct horse battery');
  await person.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('SignInPage', () => {
  it('signs in with the trimmed email and goes where the person was going', async () => {
    await signInWith(ok({ user, expires_at: '2030-01-01T08:00:00.000Z' }), '/sign-in?next=%2Fthreads%2Fabc');
    expect(await screen.findByText('The shared thread')).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith(
      '/web/session',
      expect.objectContaining({ body: { email: 'ada@example.test', password: 'correct horse battery' } }),
    );
  });

  it('goes to the threads when nothing asked for another page, and never to another site', async () => {
    await signInWith(ok({ user, expires_at: '2030-01-01T08:00:00.000Z' }), '/sign-in?next=%2F%2Fevil.example');
    expect(await screen.findByText('All threads')).toBeInTheDocument();
  });

  it("shows the server's message in an alert for a wrong email or password", async () => {
    await signInWith(fail(401, 'invalid_credentials', 'Invalid email or password'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('says the account is suspended after a correct password', async () => {
    await signInWith(fail(403, 'user_suspended', 'User is suspended'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is suspended');
  });

  it('says the organization is suspended after a correct password', async () => {
    await signInWith(fail(403, 'org_suspended', 'Organization is suspended'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your organization is suspended');
  });

  it('asks to wait after too many attempts', async () => {
    await signInWith(fail(429, 'rate_limited', 'Too many requests'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Wait a few minutes');
  });
});
