import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { renderPage, signInOperator } from '../../../test/fixtures.tsx';
import type { Flags } from './flags-api.ts';
import { OrganizationFlagsPage } from './OrganizationFlagsPage.tsx';

const ORG = '0190a000-0000-7000-8000-0000000000e1';
const KNOWN = { generator_native_presentations: false, run_progress_chip: false, show_intermediary_files: true };
let fake: FakeClient;
let overrides: Flags;

beforeEach(() => {
  fake = createFakeClient();
  overrides = { run_progress_chip: true };
  fake.on('GET', '/v1/feature-flags', ok({ flags: KNOWN }));
  fake.on('GET', '/v1/admin/feature-flags', ok({ flags: { show_intermediary_files: true } }));
  fake.on('GET', '/v1/admin/organizations/{id}/feature-flags', () => ok({ flags: overrides }));
  fake.on('PUT', '/v1/admin/organizations/{id}/feature-flags', (init: CallInit) => {
    const changes = (init.body as { flags: Record<string, boolean | null> }).flags;
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) delete overrides[name];
      else overrides[name] = value;
    }
    return ok({ flags: overrides });
  });
});

const open = (id = ORG) =>
  renderPage(
    fake,
    '/console/feature-flags/organizations/:organizationId',
    `/console/feature-flags/organizations/${id}`,
    <OrganizationFlagsPage />,
  );
const select = (name: string) => screen.getByRole('combobox', { name: `Override of ${name}` });
const outcome = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!.lastElementChild;

describe('OrganizationFlagsPage', () => {
  it('shows each flag’s override, what it comes to and where that comes from', async () => {
    signInOperator(fake, ['platform']);
    open();
    await screen.findByRole('table', { name: 'Each flag’s override for this organization' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Feature flags of an organization');
    expect(select('run_progress_chip')).toHaveDisplayValue('On');
    expect(outcome('run_progress_chip')).toHaveTextContent('On, from this organization’s override');
    expect(select('show_intermediary_files')).toHaveDisplayValue('Inherit the default (on)');
    expect(outcome('show_intermediary_files')).toHaveTextContent('On, from the platform default');
    expect(select('generator_native_presentations')).toHaveDisplayValue('Inherit the default (not set: off)');
    expect(outcome('generator_native_presentations')).toHaveTextContent('Off: set nowhere');
  });

  it('sends exactly the changed flags, null for inherit, and shows the new outcome', async () => {
    signInOperator(fake, ['platform']);
    open();
    const person = userEvent.setup();
    await screen.findByRole('table');
    await person.selectOptions(select('run_progress_chip'), 'Inherit the default (not set: off)');
    await person.selectOptions(select('show_intermediary_files'), 'Off');
    expect(outcome('show_intermediary_files')).toHaveTextContent('Off, from this organization’s override');
    await person.click(screen.getByRole('button', { name: 'Save overrides' }));

    expect(await screen.findByText('Saved 2 flags.')).toBeInTheDocument();
    expect(fake.api.PUT).toHaveBeenCalledWith('/v1/admin/organizations/{id}/feature-flags', {
      params: { path: { id: ORG } },
      body: { flags: { run_progress_chip: null, show_intermediary_files: false } },
    });
    expect(outcome('run_progress_chip')).toHaveTextContent('Off: set nowhere');
  });

  it('names the organization for those who may read it, and says when there is none', async () => {
    signInOperator(fake);
    fake.on('GET', '/v1/admin/organizations/{id}', ok({ id: ORG, name: 'Globex' }));
    const view = open();
    expect(await screen.findByRole('heading', { name: 'Feature flags of Globex' })).toBeInTheDocument();
    view.unmount();

    fake.on('GET', '/v1/admin/organizations/{id}/feature-flags', fail(404, 'not_found', 'Organization not found'));
    fake.on('GET', '/v1/admin/organizations/{id}', fail(404, 'not_found', 'Organization not found'));
    open();
    expect(await screen.findByRole('heading', { name: 'Organization not found' })).toBeInTheDocument();
    expect(screen.getByText(/No organization has the id/)).toHaveTextContent(ORG);
  });
});
