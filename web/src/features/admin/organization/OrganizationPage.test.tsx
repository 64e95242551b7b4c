import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { renderPage, signIn } from '../../../test/fixtures.tsx';
import { OrganizationPage } from './OrganizationPage.tsx';

const organization = {
  id: 'org',
  name: 'Acme',
  is_system: false,
  is_suspended: false,
  plan_id: null,
  plan_name: null,
  subscription_id: null,
  subscription_status: null,
  policy_overrides: {},
  industry: 'Robotics',
  primary_language: 'en',
  primary_timezone: 'Europe/Berlin',
  user_count: 3,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  deleted_at: null,
};
const model = (id: string, displayName: string, capabilities: string[]) => ({
  id,
  modelId: id,
  displayName,
  familyId: 'f',
  familyName: 'F',
  providerId: 'p',
  providerName: 'Vendor',
  providerSlug: 'vendor',
  capabilities,
  contextWindow: null,
  maxOutputTokens: null,
});
const SWIFT = '0190a000-0000-7000-8000-0000000000e1';
const DEEP = '0190a000-0000-7000-8000-0000000000e2';
const PAINT = '0190a000-0000-7000-8000-0000000000e3';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  fake.on('GET', '/v1/organization', ok(organization));
  fake.on('GET', '/v1/feature-flags', ok({ flags: { beta_canvas: true, artifacts_v2: false } }));
  fake.on('GET', '/v1/organization/model-selections', ok({ selections: [{ key: 'text', model_version_id: SWIFT }] }));
  fake.on(
    'GET',
    '/v1/models',
    ok({
      data: [
        model(SWIFT, 'Swift', ['text']),
        model(DEEP, 'Deep', ['text', 'thinking']),
        model(PAINT, 'Paint', ['image']),
      ],
    }),
  );
});

const open = () => renderPage(fake, '/admin/organization', '/admin/organization', <OrganizationPage />);
const region = (name: string) => screen.getByRole('region', { name });

describe('OrganizationPage', () => {
  it('saves only the profile fields that changed; a blank industry clears it', async () => {
    fake.on('PATCH', '/v1/organization', ok({ ...organization, industry: null, primary_timezone: 'UTC' }));
    open();
    const person = userEvent.setup();
    const profile = await screen.findByRole('textbox', { name: 'Industry' });
    await person.clear(profile);
    await person.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'UTC');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await within(region('Profile')).findByRole('status')).toHaveTextContent('Saved.');
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/organization', {
      body: { industry: null, primary_timezone: 'UTC' },
    });
  });

  it('checks the fields as the API does, and shows its refusal on the field it names', async () => {
    fake.on('PATCH', '/v1/organization', fail(422, 'validation_error', 'name: must not be taken'));
    open();
    const person = userEvent.setup();
    const language = await screen.findByRole('textbox', { name: 'Primary language' });
    await person.clear(language);
    await person.type(language, 'not a tag!');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(language).toHaveAccessibleDescription(
      'A language tag, like en, de or pt-BR. Give a language tag like en, de or pt-BR.',
    );
    expect(fake.api.PATCH).not.toHaveBeenCalled();

    await person.clear(language);
    await person.type(language, 'de');
    await person.type(screen.getByRole('textbox', { name: 'Name' }), ' GmbH');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('must not be taken')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers each capability the models that serve it, and replaces the selections as a whole', async () => {
    fake.on('PUT', '/v1/organization/model-selections', (init) => ok(init.body));
    open();
    const person = userEvent.setup();
    const text = await screen.findByRole('combobox', { name: 'Text' });
    expect(text).toHaveValue(SWIFT);
    const thinking = screen.getByRole('combobox', { name: 'Thinking' });
    expect(
      within(thinking)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Platform default', 'Deep (Vendor)']);
    await person.selectOptions(thinking, DEEP);
    await person.selectOptions(screen.getByRole('combobox', { name: 'Images' }), PAINT);
    await person.click(screen.getByRole('button', { name: 'Save models' }));
    expect(await within(region('Models')).findByRole('status')).toHaveTextContent('Saved.');
    expect(fake.api.PUT).toHaveBeenCalledWith('/v1/organization/model-selections', {
      body: {
        selections: [
          { key: 'text', model_version_id: SWIFT },
          { key: 'thinking', model_version_id: DEEP },
          { key: 'image', model_version_id: PAINT },
        ],
      },
    });
  });

  it('lists the feature flags, read-only', async () => {
    open();
    const flags = await within(await screen.findByRole('region', { name: 'Feature flags' })).findByRole('table');
    expect(
      within(flags)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['FlagState', 'artifacts_v2Off', 'beta_canvasOn']);
  });
});
