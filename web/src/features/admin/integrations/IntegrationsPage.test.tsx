import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { page, renderPage, signIn } from '../../../test/fixtures.tsx';
import { IntegrationsPage } from './IntegrationsPage.tsx';

const TOKEN = `7300000001:AA${'x'.repeat(33)}`;
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const CLIENT = '0f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b';

const integration = (overrides: Record<string, unknown> = {}) => ({
  id: '0190a000-0000-7000-8000-0000000000b1',
  organization_id: 'org',
  type: 'telegram',
  display_name: 'Help desk',
  config: { bot_username: 'acme_help_bot' },
  status: 'connected',
  last_error: null,
  last_validated_at: '2030-01-01T10:00:00.000Z',
  created_at: '2030-01-01T10:00:00.000Z',
  updated_at: '2030-01-01T10:00:00.000Z',
  ...overrides,
});
const m365 = integration({
  id: '0190a000-0000-7000-8000-0000000000b2',
  type: 'microsoft_365',
  display_name: 'Contoso files',
  config: { tenant_id: TENANT, client_id: CLIENT },
  status: 'error',
  last_error: 'Microsoft refused the app: invalid_client',
});

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
});

const open = () => renderPage(fake, '/admin/integrations', '/admin/integrations', <IntegrationsPage />);
const card = async (name: string) => (await screen.findByRole('heading', { name, level: 3 })).closest('li')!;
const form = (type: string) => screen.getByRole('region', { name: `Connect ${type}` });

describe('IntegrationsPage', () => {
  it('lists each integration with its status, facts and last error', async () => {
    fake.on('GET', '/v1/organization/integrations', page([integration(), m365]));
    open();
    const bot = await card('Help desk');
    expect(within(bot).getByText('Connected')).toBeInTheDocument();
    expect(within(bot).getByRole('link', { name: '@acme_help_bot' })).toHaveAttribute(
      'href',
      'https://t.me/acme_help_bot',
    );
    const files = await card('Contoso files');
    expect(within(files).getByText('Error')).toBeInTheDocument();
    expect(within(files).getByText('Microsoft refused the app: invalid_client')).toBeInTheDocument();
    expect(within(files).getByText('None: agents cannot search files until one is set')).toBeInTheDocument();
  });

  it('checks the token as the API does, then connects a bot and starts the form again', async () => {
    let listed: unknown[] = [];
    fake.on('GET', '/v1/organization/integrations', () => page(listed));
    fake.on('POST', '/v1/organization/integrations', (init: CallInit) => {
      listed = [integration()];
      return ok(
        { integration: integration({ display_name: (init.body as { display_name: string }).display_name }) },
        201,
      );
    });
    open();
    const person = userEvent.setup();
    await screen.findByText(/Nothing is connected yet/);
    const telegram = form('Telegram bot');
    await person.click(within(telegram).getByRole('button', { name: 'Connect Telegram bot' }));
    expect(within(telegram).getByLabelText('Bot token')).toHaveAttribute('aria-invalid', 'true');
    expect(within(telegram).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.type(within(telegram).getByRole('textbox', { name: 'Name' }), 'Help desk');
    await person.type(within(telegram).getByLabelText('Bot token'), TOKEN);
    await person.click(within(telegram).getByRole('button', { name: 'Connect Telegram bot' }));
    expect(await within(form('Telegram bot')).findByRole('status')).toHaveTextContent('Connected Help desk.');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/integrations', {
      body: { type: 'telegram', display_name: 'Help desk', config: {}, secrets: { botToken: TOKEN } },
    });
    expect(await card('Help desk')).toBeInTheDocument();
    expect(within(form('Telegram bot')).getByLabelText('Bot token')).toHaveValue('');
  });

  it('shows the vendor’s refusal and the API’s field messages where they belong', async () => {
    fake.on('GET', '/v1/organization/integrations', page([]));
    fake.on(
      'POST',
      '/v1/organization/integrations',
      fail(422, 'validation_error', 'secrets.clientSecret: a client secret of 1 to 1024 characters'),
    );
    open();
    const person = userEvent.setup();
    await screen.findByText(/Nothing is connected yet/);
    const microsoft = form('Microsoft 365');
    await person.type(within(microsoft).getByRole('textbox', { name: 'Name' }), 'Files');
    await person.type(within(microsoft).getByRole('textbox', { name: 'Directory (tenant) id' }), 'contoso');
    await person.type(within(microsoft).getByRole('textbox', { name: 'Application (client) id' }), CLIENT);
    await person.type(within(microsoft).getByLabelText('Client secret'), 's3cret');
    await person.type(within(microsoft).getByRole('textbox', { name: 'Data region (optional)' }), 'eu');
    await person.click(within(microsoft).getByRole('button', { name: 'Connect Microsoft 365' }));
    expect(within(microsoft).getByRole('textbox', { name: 'Directory (tenant) id' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(microsoft).getByRole('textbox', { name: 'Data region (optional)' })).toHaveAccessibleDescription(
      /three capital letters/,
    );
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.clear(within(microsoft).getByRole('textbox', { name: 'Directory (tenant) id' }));
    await person.type(within(microsoft).getByRole('textbox', { name: 'Directory (tenant) id' }), TENANT);
    await person.clear(within(microsoft).getByRole('textbox', { name: 'Data region (optional)' }));
    await person.type(within(microsoft).getByRole('textbox', { name: 'Data region (optional)' }), 'EUR');
    await person.click(within(microsoft).getByRole('button', { name: 'Connect Microsoft 365' }));
    await within(microsoft).findByText('a client secret of 1 to 1024 characters');
    expect(within(microsoft).getByLabelText('Client secret')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/integrations', {
      body: {
        type: 'microsoft_365',
        display_name: 'Files',
        config: { tenant_id: TENANT, client_id: CLIENT, region: 'EUR' },
        secrets: { clientSecret: 's3cret' },
      },
    });

    fake.on('POST', '/v1/organization/integrations', fail(422, 'validation_error', 'Microsoft refused the app'));
    await person.click(within(microsoft).getByRole('button', { name: 'Connect Microsoft 365' }));
    expect(await within(microsoft).findByRole('alert')).toHaveTextContent('Microsoft refused the app');
  });

  it('checks an integration now, changes only what changed, and deletes after asking', async () => {
    fake.on(
      'POST',
      '/v1/organization/integrations/{integrationId}/test',
      ok({ integration: { ...m365, status: 'connected', last_error: null } }),
    );
    // The API merges the config it is sent (null removes a key) and answers the integration as it now is.
    let config: Record<string, unknown> = { ...m365.config };
    fake.on('PATCH', '/v1/organization/integrations/{integrationId}', ({ body }) => {
      config = Object.fromEntries(
        Object.entries({ ...config, ...(body as { config: object }).config }).filter(([, v]) => v !== null),
      );
      return ok({ integration: { ...m365, config } });
    });
    fake.on('GET', '/v1/organization/integrations', () => page([{ ...m365, config }]));
    fake.on(
      'DELETE',
      '/v1/organization/integrations/{integrationId}',
      fail(409, 'integration_in_use', 'Usage events reference the integration, so it is kept for the reports'),
    );
    open();
    const person = userEvent.setup();
    const files = await card('Contoso files');
    await person.click(within(files).getByRole('button', { name: 'Check now: Contoso files' }));
    expect(await within(files).findByRole('status')).toHaveTextContent('The vendor accepted it: connected.');

    await person.click(within(files).getByRole('button', { name: 'Change Contoso files' }));
    await person.type(within(files).getByRole('textbox', { name: 'Data region (optional)' }), 'NAM');
    await person.click(within(files).getByRole('button', { name: 'Save and check' }));
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/organization/integrations/{integrationId}', {
      params: { path: { integrationId: m365.id } },
      body: { config: { region: 'NAM' } },
    });
    await person.click(within(files).getByRole('button', { name: 'Change Contoso files' }));
    await person.clear(within(files).getByRole('textbox', { name: 'Data region (optional)' }));
    await person.click(within(files).getByRole('button', { name: 'Save and check' }));
    expect(fake.api.PATCH).toHaveBeenLastCalledWith('/v1/organization/integrations/{integrationId}', {
      params: { path: { integrationId: m365.id } },
      body: { config: { region: null } },
    });

    await person.click(within(files).getByRole('button', { name: 'Delete Contoso files' }));
    await person.click(within(files).getByRole('button', { name: 'Delete integration' }));
    expect(await within(files).findByRole('alert')).toHaveTextContent('so it is kept for the reports');
  });
});
