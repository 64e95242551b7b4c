import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { renderPage, signInOperator } from '../../../test/fixtures.tsx';
import { OverviewPage } from './OverviewPage.tsx';
import { ORG_ID, orgRow } from './testing.ts';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['organizations']);
});

const open = () =>
  renderPage(fake, '/console/organizations/:organizationId', `/console/organizations/${ORG_ID}`, <OverviewPage />);
const field = (name: string) => screen.getByRole('textbox', { name });
const byId = { params: { path: { id: ORG_ID } } };

describe('OverviewPage', () => {
  it('shows the organization’s facts', async () => {
    fake.on('GET', '/v1/admin/organizations/{id}', ok(orgRow()));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeInTheDocument();
    const facts = screen.getByText('Plan').closest('dl')!;
    expect(facts).toHaveTextContent('PlanFree');
    expect(facts).toHaveTextContent('Subscriptionactive');
    expect(facts).toHaveTextContent('Users3');
    expect(facts).toHaveTextContent('Runs, last 30 days42');
  });

  it('saves only the fields changed; a blank industry clears it', async () => {
    fake.on('GET', '/v1/admin/organizations/{id}', ok(orgRow()));
    fake.on('PATCH', '/v1/admin/organizations/{id}', ({ body }: CallInit) =>
      ok(orgRow(body as Record<string, unknown>)),
    );
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Nothing to save: no field changed.')).toBeInTheDocument();
    expect(fake.api.PATCH).not.toHaveBeenCalled();

    await person.clear(field('Industry'));
    await person.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Asia/Dubai');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/admin/organizations/{id}', {
      ...byId,
      body: { industry: null, primary_timezone: 'Asia/Dubai' },
    });
  });

  it('shows a taken name on the Name field', async () => {
    fake.on('GET', '/v1/admin/organizations/{id}', ok(orgRow()));
    fake.on('PATCH', '/v1/admin/organizations/{id}', fail(409, 'duplicate_name', 'That name is taken'));
    open();
    const person = userEvent.setup();
    await person.type(await screen.findByRole('textbox', { name: 'Name' }), ' Corp');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('That name is taken');
    expect(field('Name')).toHaveAccessibleDescription('Unique across the platform. That name is taken');
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/admin/organizations/{id}', {
      ...byId,
      body: { name: 'Acme Corp' },
    });
  });

  it('suspends only once confirmed, then offers Unsuspend', async () => {
    fake.on('GET', '/v1/admin/organizations/{id}', ok(orgRow()));
    fake.on('POST', '/v1/admin/organizations/{id}/suspend', ok(orgRow({ is_suspended: true })));
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Suspend Acme' }));
    expect(screen.getByRole('button', { name: 'Suspend now' })).toHaveFocus();
    await person.keyboard('{Escape}');
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.click(screen.getByRole('button', { name: 'Suspend Acme' }));
    await person.click(screen.getByRole('button', { name: 'Suspend now' }));
    expect(await screen.findByRole('button', { name: 'Unsuspend' })).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/suspend', byId);
  });

  it('deletes only once confirmed, shows the API’s conflict, and restores a deleted one', async () => {
    fake.on('GET', '/v1/admin/organizations/{id}', ok(orgRow()));
    fake.on(
      'DELETE',
      '/v1/admin/organizations/{id}',
      fail(409, 'already_deleted', 'The organization is already deleted'),
    );
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Delete Acme' }));
    const question = screen.getByRole('group', { name: /Delete Acme\?/ });
    await person.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The organization is already deleted');
    expect(fake.api.DELETE).toHaveBeenCalledWith('/v1/admin/organizations/{id}', byId);

    const deleted = orgRow({ is_suspended: true, deleted_at: '2030-02-01T00:00:00.000Z' });
    fake.on('DELETE', '/v1/admin/organizations/{id}', ok(deleted));
    fake.on('POST', '/v1/admin/organizations/{id}/restore', ok(orgRow({ is_suspended: true })));
    await person.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/A deleted organization cannot be changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save profile' })).not.toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('button', { name: 'Unsuspend' })).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/restore', byId);
  });

  it('offers neither suspending nor deleting the system organization', async () => {
    fake.on('GET', '/v1/admin/organizations/{id}', ok(orgRow({ is_system: true, name: 'Atrium' })));
    open();
    expect(await screen.findByText(/cannot be suspended or deleted/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Suspend|Delete/ })).not.toBeInTheDocument();
  });
});
