import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../test/fake-client.ts';
import { renderWithClient } from '../../test/render.tsx';
import { DeveloperPage } from './DeveloperPage.tsx';

const account = { id: 'acct-1', name: 'Deploy bot', role: 'member', description: null, is_suspended: false };
const page = <T,>(data: T[]) => ok({ data, has_more: false, next_cursor: null });
const issued = { id: 'key-1', name: 'pipeline', prefix: 'atr_ab12', key: 'atr_ab12_the-secret', revoked_at: null };

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
});

describe('DeveloperPage', () => {
  it('shows an issued key once, with a Copy button that puts it on the clipboard', async () => {
    fake.on('GET', '/v1/service-accounts', page([account]));
    fake.on('GET', '/v1/service-accounts/{id}/api-keys', page([]));
    fake.on('POST', '/v1/service-accounts/{id}/api-keys', ok(issued, 201));
    renderWithClient(fake, <DeveloperPage />);
    const person = userEvent.setup();

    await person.type(await screen.findByRole('textbox', { name: 'New key for Deploy bot' }), ' pipeline ');
    await person.click(screen.getByRole('button', { name: 'Issue key' }));
    const notice = await screen.findByRole('region', { name: 'New API key' });
    expect(notice).toHaveTextContent('Copy this key now: it will not be shown again.');
    expect(within(notice).getByRole('textbox')).toHaveValue('atr_ab12_the-secret');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/service-accounts/{id}/api-keys', {
      params: { path: { id: 'acct-1' } },
      body: { name: 'pipeline' },
    });

    await person.click(within(notice).getByRole('button', { name: 'Copy' }));
    // userEvent stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe('atr_ab12_the-secret');
    expect(await within(notice).findByText('Copied.')).toBeInTheDocument();
  });

  it("shows the API's refusal to someone who is not a developer, and nothing else", async () => {
    fake.on('GET', '/v1/service-accounts', fail(403, 'forbidden', 'This requires developer access'));
    renderWithClient(fake, <DeveloperPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This requires developer access');
    expect(screen.queryByRole('button', { name: 'Create service account' })).not.toBeInTheDocument();
  });
});
