import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { renderPage, signInOperator } from '../../../../test/fixtures.tsx';
import { FAMILY_ID, familyRow, OTHER_FAMILY_ID, PROVIDER_ID, providerRow, VERSION_ID, versionRow } from '../testing.ts';
import { ProviderPage } from './ProviderPage.tsx';

const model = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  display_name: id.toUpperCase(),
  kind: 'chat',
  deprecated: false,
  owned_by: null,
  released_at: null,
  tracked: null,
  fields: { modelId: id, version: id, displayName: id, inputModalities: ['text'], outputModalities: ['text'] },
  vendor: {},
  ...overrides,
});
const LISTING = {
  models: [
    model('llama3.1:8b', { tracked: { id: FAMILY_ID, name: 'Llama', slug: 'llama' } }),
    model('qwen2.5:7b'),
    model('mistral:7b', { deprecated: true }),
    model('phi3:mini'),
  ],
  listing: { documented: false, docs_url: null, fetched_at: '2030-01-01T00:00:00.000Z' },
};

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['ai-platform']);
  fake.on('GET', '/v1/admin/ai-providers/{id}', ok(providerRow()));
  fake.on('GET', '/v1/admin/ai-providers/{id}/available-models', ok(LISTING));
  fake.on(
    'GET',
    '/v1/admin/ai-model-families',
    ok({ data: [familyRow(), familyRow({ id: OTHER_FAMILY_ID, name: 'Qwen', slug: 'qwen' })] }),
  );
});

const open = () =>
  renderPage(
    fake,
    '/console/models/providers/:providerId',
    `/console/models/providers/${PROVIDER_ID}`,
    <ProviderPage />,
  );

describe('ProviderPage', () => {
  it('imports exactly the ticked models into the chosen family, and shows a refusal of the API', async () => {
    fake.on(
      'POST',
      '/v1/admin/ai-model-families/{id}/import-versions',
      ok({ data: [versionRow(), versionRow()] }, 201),
    );
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'List available models' }));
    const table = await screen.findByRole('table', { name: 'Models the vendor lists' });
    expect(fake.api.GET).toHaveBeenCalledWith('/v1/admin/ai-providers/{id}/available-models', {
      params: { path: { id: PROVIDER_ID }, query: {} },
    });
    expect(screen.getByText(/Not documented by the vendor/)).toBeInTheDocument();
    const tracked = within(table).getByRole('row', { name: /llama3\.1:8b/ });
    expect(within(tracked).queryByRole('checkbox')).toBeNull();
    expect(within(tracked).getByRole('link', { name: 'Llama' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /mistral:7b/ })).toHaveTextContent('Deprecated');

    const importForm = screen.getByRole('form', { name: /Import selected/ });
    await person.click(within(importForm).getByRole('button', { name: 'Import selected' }));
    expect(within(importForm).getByRole('alert')).toHaveTextContent('Tick the models to import first.');

    await person.click(within(table).getByRole('checkbox', { name: 'Import phi3:mini' }));
    await person.click(within(table).getByRole('checkbox', { name: 'Import qwen2.5:7b' }));
    await person.click(within(table).getByRole('checkbox', { name: 'Import mistral:7b' }));
    await person.click(within(table).getByRole('checkbox', { name: 'Import mistral:7b' }));
    await person.click(within(importForm).getByRole('button', { name: 'Import selected' }));
    expect(within(importForm).getByRole('alert')).toHaveTextContent('Choose the family to import into.');
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.selectOptions(within(importForm).getByRole('combobox', { name: 'Into family' }), 'Qwen');
    await person.click(within(importForm).getByRole('checkbox', { name: /Import as active/ }));
    await person.click(within(importForm).getByRole('button', { name: 'Import selected' }));
    expect(await within(importForm).findByRole('status')).toHaveTextContent('Imported 2 versions into Qwen.');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/ai-model-families/{id}/import-versions', {
      params: { path: { id: OTHER_FAMILY_ID } },
      body: { model_ids: ['phi3:mini', 'qwen2.5:7b'], is_active: true },
    });

    fake.on(
      'POST',
      '/v1/admin/ai-model-families/{id}/import-versions',
      fail(
        409,
        'model_already_tracked',
        'Already tracked by this or another active model family of the provider: "phi3:mini"',
      ),
    );
    await person.click(await within(table).findByRole('checkbox', { name: 'Import phi3:mini' }));
    await person.click(within(importForm).getByRole('button', { name: 'Import selected' }));
    expect(await within(importForm).findByRole('alert')).toHaveTextContent(
      'Already tracked by this or another active model family of the provider: "phi3:mini"',
    );
    expect(fake.api.POST).toHaveBeenLastCalledWith('/v1/admin/ai-model-families/{id}/import-versions', {
      params: { path: { id: OTHER_FAMILY_ID } },
      body: { model_ids: ['phi3:mini'], is_active: true },
    });
  });

  it('refreshes past the cache, and explains a missing key and a vendor failure', async () => {
    fake.on('GET', '/v1/admin/ai-providers/{id}/available-models', ({ params }) =>
      params?.query?.refresh === '1'
        ? fail(502, 'vendor_error', 'The vendor answered 401')
        : fail(409, 'no_api_key', 'This AI provider has no API key; set one to list its models'),
    );
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'List available models' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This provider has no API key: set one under Details');
    await person.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(/The vendor's API failed: The vendor answered 401/)).toBeInTheDocument();
    expect(fake.api.GET).toHaveBeenLastCalledWith('/v1/admin/ai-providers/{id}/available-models', {
      params: { path: { id: PROVIDER_ID }, query: { refresh: '1' } },
    });
  });

  it('syncs the chosen families and shows what the vendor no longer lists', async () => {
    fake.on(
      'POST',
      '/v1/admin/ai-providers/{id}/sync-models',
      ok({
        updated: 2,
        unchanged: 5,
        unlisted: [{ id: VERSION_ID, family_id: FAMILY_ID, model_id: 'llama2:7b', version: '2-7b' }],
        deprecated: [],
        errors: [],
      }),
    );
    open();
    const person = userEvent.setup();
    const sync = await screen.findByRole('region', { name: 'Sync with the vendor' });
    await person.click(await within(sync).findByRole('checkbox', { name: 'Llama' }));
    await person.click(within(sync).getByRole('button', { name: 'Sync models' }));
    const report = await within(sync).findByRole('status');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/ai-providers/{id}/sync-models', {
      params: { path: { id: PROVIDER_ID } },
      body: { family_ids: [FAMILY_ID] },
    });
    expect(within(report).getByText('Updated').nextElementSibling).toHaveTextContent('2');
    expect(within(report).getByText('Unchanged').nextElementSibling).toHaveTextContent('5');
    const unlisted = within(report).getByRole('list', { name: 'No longer listed by the vendor' });
    expect(unlisted).toHaveTextContent('llama2:7b (2-7b, Llama)');
    expect(within(unlisted).getByRole('link', { name: 'llama2:7b' })).toHaveAttribute(
      'href',
      `/console/models/versions/${VERSION_ID}`,
    );
  });

  it('edits only what changed and replaces the key without showing it', async () => {
    fake.on('PATCH', '/v1/admin/ai-providers/{id}', ok(providerRow({ updated_at: '2030-01-02T00:00:00.000Z' })));
    open();
    const person = userEvent.setup();
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).queryByLabelText(/API key$/)).toBeNull();
    await person.click(within(details).getByRole('radio', { name: 'Replace the key' }));
    await person.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(within(details).getByLabelText('New API key')).toHaveAccessibleDescription(
      expect.stringContaining('Give the new key.'),
    );
    await person.type(within(details).getByLabelText('New API key'), 'sk-new');
    await person.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/admin/ai-providers/{id}', {
      params: { path: { id: PROVIDER_ID } },
      body: { api_key: 'sk-new' },
    });
    expect(document.body.innerHTML).not.toContain('sk-new');
  });
});
