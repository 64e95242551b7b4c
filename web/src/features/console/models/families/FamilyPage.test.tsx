import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { renderPage, signInOperator } from '../../../../test/fixtures.tsx';
import { FAMILY_ID, familyRow, OTHER_FAMILY_ID, providerRow, VERSION_ID, versionRow } from '../testing.ts';
import { FamilyPage } from './FamilyPage.tsx';

const SELECTION = {
  organization_id: '0190a000-0000-7000-8000-0000000000c9',
  organization_name: 'Acme',
  key: 'text',
  model_version_id: VERSION_ID,
  model_id: 'llama3.1:8b',
};

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['ai-platform']);
  fake.on('GET', '/v1/admin/ai-model-families/{id}', ok(familyRow({ latestVersionId: VERSION_ID })));
  fake.on('GET', '/v1/admin/ai-providers', ok({ data: [providerRow()] }));
  fake.on('GET', '/v1/admin/ai-model-versions', ok({ data: [versionRow()] }));
  fake.on(
    'GET',
    '/v1/admin/ai-model-families',
    ok({
      data: [
        familyRow({ latestVersionId: VERSION_ID }),
        familyRow({ id: OTHER_FAMILY_ID, name: 'Qwen', slug: 'qwen' }),
        familyRow({ id: 'retired', name: 'Old', slug: 'old', isActive: false }),
      ],
    }),
  );
  fake.on('GET', '/v1/admin/ai-model-families/{id}/usage', ok({ selections: [SELECTION], has_recorded_usage: false }));
});

const open = () =>
  renderPage(fake, '/console/models/families/:familyId', `/console/models/families/${FAMILY_ID}`, <FamilyPage />);

describe('FamilyPage', () => {
  it('shows the versions with their prices in dollars', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Versions of Llama' });
    const row = within(table).getByRole('row', { name: /llama3\.1:8b/ });
    expect(row).toHaveTextContent('Llama 3.1 8B Latest');
    expect(row).toHaveTextContent('text → text');
    expect(row).toHaveTextContent('$0.15');
    expect(row).toHaveTextContent('$0.60');
  });

  it('shows who uses the family first, refuses without a replacement, then deletes moving the selections', async () => {
    let answer = fail(
      409,
      'family_in_use',
      '1 organization model selection(s) use this family; give replacementFamilyId to move them',
    );
    fake.on('DELETE', '/v1/admin/ai-model-families/{id}', () => answer);
    open();
    const person = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Delete' });
    const usage = await within(section).findByRole('table', { name: "Organizations' selections of this family" });
    expect(within(usage).getByRole('row', { name: 'Acme text llama3.1:8b' })).toBeInTheDocument();
    expect(section).toHaveTextContent('No usage was recorded against its versions.');

    await person.click(within(section).getByRole('button', { name: 'Delete family Llama' }));
    await person.click(within(section).getByRole('button', { name: 'Delete' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      '1 organization model selection(s) use this family; give replacementFamilyId to move them',
    );
    expect(fake.api.DELETE).toHaveBeenLastCalledWith('/v1/admin/ai-model-families/{id}', {
      params: { path: { id: FAMILY_ID } },
      body: {},
    });

    const replacement = within(section).getByRole('combobox', { name: 'Move selections to' });
    expect(
      within(replacement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No replacement', 'Qwen']);
    await person.selectOptions(replacement, 'Qwen');
    answer = { status: 204 };
    await person.click(within(section).getByRole('button', { name: 'Delete' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Llama was deleted.');
    expect(fake.api.DELETE).toHaveBeenLastCalledWith('/v1/admin/ai-model-families/{id}', {
      params: { path: { id: FAMILY_ID } },
      body: { replacement_family_id: OTHER_FAMILY_ID },
    });
  });

  it('says when the family was only deactivated', async () => {
    fake.on('GET', '/v1/admin/ai-model-families/{id}/usage', ok({ selections: [], has_recorded_usage: true }));
    fake.on('DELETE', '/v1/admin/ai-model-families/{id}', ok({ result: 'deactivated' }));
    open();
    const person = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Delete' });
    expect(await within(section).findByText(/it will be deactivated, not deleted/)).toBeInTheDocument();
    await person.click(within(section).getByRole('checkbox', { name: /Only deactivate/ }));
    await person.click(within(section).getByRole('button', { name: 'Delete family Llama' }));
    await person.click(within(section).getByRole('button', { name: 'Deactivate' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Llama and its versions were deactivated');
    expect(fake.api.DELETE).toHaveBeenCalledWith('/v1/admin/ai-model-families/{id}', {
      params: { path: { id: FAMILY_ID } },
      body: { soft: true },
    });
  });

  it('edits only what changed: the latest version cleared, the family deactivated', async () => {
    fake.on('PATCH', '/v1/admin/ai-model-families/{id}', ({ body }) =>
      ok(familyRow({ ...(body as object), updatedAt: 'x' })),
    );
    open();
    const person = userEvent.setup();
    const details = await screen.findByRole('region', { name: 'Details' });
    await person.selectOptions(within(details).getByRole('combobox', { name: 'Latest version' }), 'None');
    await person.click(within(details).getByRole('checkbox', { name: 'Active' }));
    await person.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/admin/ai-model-families/{id}', {
      params: { path: { id: FAMILY_ID } },
      body: { latest_version_id: null, is_active: false },
    });
  });

  it('shows why the API refuses to delete a version', async () => {
    fake.on(
      'DELETE',
      '/v1/admin/ai-model-versions/{id}',
      fail(409, 'version_in_use', 'A model family uses this version as its latest; choose another first'),
    );
    open();
    const person = userEvent.setup();
    const versions = await screen.findByRole('region', { name: 'Versions' });
    await person.click(await within(versions).findByRole('button', { name: 'Delete llama3.1:8b' }));
    await person.click(within(versions).getByRole('button', { name: 'Delete for good' }));
    expect(await within(versions).findByRole('alert')).toHaveTextContent(
      'A model family uses this version as its latest; choose another first',
    );
  });
});
