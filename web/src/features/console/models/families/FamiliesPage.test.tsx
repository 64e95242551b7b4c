import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../../../test/fake-client.ts';
import { signInOperator } from '../../../../test/fixtures.tsx';
import { renderRoutes } from '../../../../test/render.tsx';
import { RequireSession } from '../../../auth/index.ts';
import { familyRow, PROVIDER_ID, providerRow } from '../testing.ts';
import { FamiliesPage } from './FamiliesPage.tsx';

const OTHER_PROVIDER = '0190a000-0000-7000-8000-0000000000b2';
let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['ai-platform']);
  fake.on(
    'GET',
    '/v1/admin/ai-providers',
    ok({ data: [providerRow(), providerRow({ id: OTHER_PROVIDER, name: 'OpenAI', slug: 'openai' })] }),
  );
  fake.on('GET', '/v1/admin/ai-model-families', ({ params }) =>
    ok({
      data:
        params?.query?.provider_id === OTHER_PROVIDER
          ? []
          : [familyRow(), familyRow({ id: 'old', name: 'Old', isActive: false })],
    }),
  );
});

const open = () =>
  renderRoutes(
    fake,
    [
      {
        path: '/console/models/families',
        element: (
          <RequireSession>
            <FamiliesPage />
          </RequireSession>
        ),
      },
      { path: '/console/models/families/:familyId', element: <h1>Family page</h1> },
    ],
    '/console/models/families',
  );

describe('FamiliesPage', () => {
  it('lists the families, filtered by provider', async () => {
    open();
    const person = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Model families' });
    expect(within(table).getByRole('row', { name: /Llama/ })).toHaveTextContent('Local Ollama');
    expect(within(table).getByRole('row', { name: /Old/ })).toHaveTextContent('Inactive');
    await person.selectOptions(await screen.findByRole('combobox', { name: 'Filter by provider' }), 'OpenAI');
    expect(await screen.findByText('No model families.')).toBeInTheDocument();
    expect(fake.api.GET).toHaveBeenLastCalledWith('/v1/admin/ai-model-families', {
      params: { query: { provider_id: OTHER_PROVIDER } },
    });
  });

  it('refuses a bad slug, then adds the family with exactly the typed fields and opens it', async () => {
    fake.on('POST', '/v1/admin/ai-model-families', ok(familyRow(), 201));
    open();
    const person = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Add a family' });
    const slug = within(form).getByRole('textbox', { name: 'Slug' });
    await person.type(within(form).getByRole('textbox', { name: 'Name' }), 'Llama');
    await person.type(slug, 'Llama 3');
    await person.click(within(form).getByRole('button', { name: 'Add family' }));
    expect(within(form).getByRole('combobox', { name: 'Provider' })).toHaveAccessibleDescription(
      'Choose the provider.',
    );
    expect(slug).toHaveAccessibleDescription(expect.stringContaining('Only lowercase letters, digits and hyphens.'));
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.selectOptions(within(form).getByRole('combobox', { name: 'Provider' }), 'Local Ollama');
    await person.clear(slug);
    await person.type(slug, 'llama-3');
    await person.click(within(form).getByRole('button', { name: 'Add family' }));
    expect(await screen.findByRole('heading', { name: 'Family page' })).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/ai-model-families', {
      body: { provider_id: PROVIDER_ID, name: 'Llama', slug: 'llama-3' },
    });
  });
});
