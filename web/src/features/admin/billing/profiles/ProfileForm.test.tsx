import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { profile } from '../../../../test/billing-fixtures.ts';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { signIn } from '../../../../test/fixtures.tsx';
import { renderRoutes } from '../../../../test/render.tsx';
import { RequireSession } from '../../../auth/index.ts';
import { NewProfilePage } from './NewProfilePage.tsx';
import { ProfilePage } from './ProfilePage.tsx';
import { profileValuesOf, TEXT_LIMITS, type TextField, validateProfile } from './profile-form.ts';

const HEAD = profile();
const BRANCH = profile({ id: '0190a000-0000-7000-8000-0000000000d2', name: 'Branch', is_default: false });
let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  fake.on('GET', '/v1/organization/billing-profiles', ok({ data: [HEAD, BRANCH] }));
});

const session = (element: ReactElement) => <RequireSession>{element}</RequireSession>;
const open = (path: string) =>
  renderRoutes(
    fake,
    [
      { path: '/admin/billing/profiles/new', element: session(<NewProfilePage />) },
      { path: '/admin/billing/profiles/:profileId', element: session(<ProfilePage />) },
      { path: '/admin/billing/profiles', element: <p>The list</p> },
    ],
    path,
  );
const field = (name: string) => screen.getByRole('textbox', { name });
const create = () => screen.getByRole('button', { name: 'Create billing profile' });

describe('the billing profile form', () => {
  it('checks every text bound as the API does, the country’s shape and the email', () => {
    const valid = { ...profileValuesOf(), name: 'Head office', legal_name: 'Acme' };
    expect(validateProfile(valid)).toEqual({});
    for (const [key, max] of Object.entries(TEXT_LIMITS) as [TextField, number][]) {
      if (key === 'address_country' || key === 'billing_email') continue;
      expect(validateProfile({ ...valid, [key]: 'x'.repeat(max) })[key], key).toBeUndefined();
      expect(validateProfile({ ...valid, [key]: `  ${'x'.repeat(max)}  ` })[key], key).toBeUndefined();
      expect(validateProfile({ ...valid, [key]: 'x'.repeat(max + 1) })[key], key).toBe(`At most ${max} characters.`);
    }
    const longEmail = `${'a'.repeat(243)}@example.com`;
    expect(longEmail).toHaveLength(255);
    expect(validateProfile({ ...valid, billing_email: longEmail }).billing_email).toBeUndefined();
    expect(validateProfile({ ...valid, billing_email: `a${longEmail}` }).billing_email).toBe('At most 255 characters.');
    expect(validateProfile({ ...valid, billing_email: ' Billing@Acme.TEST ' }).billing_email).toBeUndefined();
    expect(validateProfile({ ...valid, name: '   ', legal_name: '' })).toEqual({
      name: 'Give the profile a name of 1 to 120 characters.',
      legal_name: 'Give the legal name of 1 to 255 characters.',
    });
    for (const country of ['ae', ' US ', '']) {
      expect(validateProfile({ ...valid, address_country: country }).address_country, country).toBeUndefined();
    }
    for (const country of ['A', 'USA', 'A1', 'É1']) {
      expect(validateProfile({ ...valid, address_country: country }).address_country, country).toMatch(/two-letter/);
    }
  });

  it('refuses what the API would, then creates with the email lower-cased, the country upper-cased, blanks left out', {
    timeout: 20_000,
  }, async () => {
    fake.on('POST', '/v1/organization/billing-profiles', (init: CallInit) =>
      ok(profile({ ...(init.body as object), id: BRANCH.id }), 201),
    );
    fake.on('GET', '/v1/organization/billing-profiles/{profileId}', ok(BRANCH));
    const { router } = open('/admin/billing/profiles/new');
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Create billing profile' }));
    expect(field('Profile name')).toHaveAccessibleDescription(/Give the profile a name of 1 to 120 characters/);
    expect(field('Legal name')).toHaveAccessibleDescription(/Give the legal name/);
    expect(field('Profile name')).toHaveAttribute('maxLength', String(TEXT_LIMITS.name));

    await person.type(field('Profile name'), ' Branch ');
    await person.type(field('Legal name'), 'Acme Trading LLC');
    await person.type(field('Billing email'), 'Billing@Acme');
    await person.type(field('Country'), 'are');
    await person.click(create());
    expect(field('Billing email')).toHaveAccessibleDescription(/Give an email address/);
    expect(field('Country')).toHaveAccessibleDescription(/Give the two-letter country code/);
    expect(field('Profile name')).toHaveAttribute('aria-invalid', 'false');
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.type(field('Billing email'), '.TEST');
    await person.clear(field('Country'));
    await person.type(field('Country'), 'ae');
    await person.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');
    await person.selectOptions(screen.getByRole('combobox', { name: 'Payment terms' }), 'Net 15 days');
    await person.selectOptions(screen.getByRole('combobox', { name: 'Payment method' }), 'Check');
    await person.click(screen.getByRole('checkbox', { name: /Make it the default profile/ }));
    await person.click(create());
    await screen.findByText('Created.');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/billing-profiles', {
      body: {
        name: 'Branch',
        legal_name: 'Acme Trading LLC',
        billing_email: 'billing@acme.test',
        address_country: 'AE',
        currency: 'USD',
        payment_terms: 'net_15',
        default_payment_method: 'check',
        is_default: true,
      },
    });
    expect(router.state.location.pathname).toBe(`/admin/billing/profiles/${BRANCH.id}`);
  });

  it('starts from the API’s defaults and shows the API’s own messages on their fields', async () => {
    fake.on(
      'POST',
      '/v1/organization/billing-profiles',
      fail(
        422,
        'validation_error',
        'billing_email: must be an email address; address_country: must be a two-letter country code',
      ),
    );
    open('/admin/billing/profiles/new');
    const person = userEvent.setup();
    expect(await screen.findByRole('combobox', { name: 'Currency' })).toHaveValue('AED');
    expect(screen.getByRole('combobox', { name: 'Payment terms' })).toHaveValue('net_30');
    expect(screen.getByRole('combobox', { name: 'Payment method' })).toHaveValue('wire');
    await person.type(field('Profile name'), 'Main');
    await person.type(field('Legal name'), 'Acme');
    await person.click(create());
    expect(await screen.findByText('must be an email address')).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/billing-profiles', {
      body: {
        name: 'Main',
        legal_name: 'Acme',
        currency: 'AED',
        payment_terms: 'net_30',
        default_payment_method: 'wire',
      },
    });
    expect(field('Billing email')).toHaveAccessibleDescription(/must be an email address/);
    expect(field('Country')).toHaveAccessibleDescription(/must be a two-letter country code/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends only the fields that changed, a cleared one as null', async () => {
    let stored = HEAD;
    fake.on('GET', '/v1/organization/billing-profiles/{profileId}', () => ok(stored));
    fake.on('PATCH', '/v1/organization/billing-profiles/{profileId}', (init: CallInit) => {
      stored = { ...stored, ...(init.body as object), updated_at: '2030-01-02T00:00:00.000Z' };
      return ok(stored);
    });
    open(`/admin/billing/profiles/${HEAD.id}`);
    const person = userEvent.setup();
    await screen.findByRole('heading', { name: 'Head office', level: 1 });
    const save = screen.getByRole('button', { name: 'Save billing profile' });
    await person.click(save);
    expect(await screen.findByText('Nothing to save: no field changed.')).toBeInTheDocument();
    expect(fake.api.PATCH).not.toHaveBeenCalled();

    await person.clear(field('Billing email'));
    await person.type(field('City'), ' Dubai ');
    await person.selectOptions(screen.getByRole('combobox', { name: 'Payment terms' }), 'Due on receipt');
    await person.click(save);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/organization/billing-profiles/{profileId}', {
      params: { path: { profileId: HEAD.id } },
      body: { billing_email: null, address_city: 'Dubai', payment_terms: 'due_on_receipt' },
    });
    expect(field('City')).toHaveValue('Dubai');
  });

  it('says which profile becomes the default before deleting the default, and makes another the default', async () => {
    fake.on('GET', '/v1/organization/billing-profiles/{profileId}', (init: CallInit) =>
      ok(init.params?.path?.profileId === BRANCH.id ? BRANCH : HEAD),
    );
    fake.on('DELETE', '/v1/organization/billing-profiles/{profileId}', { status: 204 });
    fake.on('PATCH', '/v1/organization/billing-profiles/{profileId}', ok({ ...BRANCH, is_default: true }));
    const { router } = open(`/admin/billing/profiles/${HEAD.id}`);
    const person = userEvent.setup();
    await screen.findByRole('heading', { name: 'Head office', level: 1 });
    expect(screen.queryByRole('button', { name: 'Make default' })).toBeNull();
    await person.click(screen.getByRole('button', { name: 'Delete Head office' }));
    const question = screen.getByRole('group', { name: /Delete Head office\?/ });
    expect(question).toHaveAccessibleName(
      'Delete Head office? Invoices issued to it keep their copy of its details. Branch, the oldest remaining profile, becomes the default.',
    );
    await person.click(within(question).getByRole('button', { name: 'Delete billing profile' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(fake.api.DELETE).toHaveBeenCalledWith('/v1/organization/billing-profiles/{profileId}', {
      params: { path: { profileId: HEAD.id } },
    });

    await act(() => router.navigate(`/admin/billing/profiles/${BRANCH.id}`));
    await person.click(await screen.findByRole('button', { name: 'Make default' }));
    expect(await screen.findByText('It is now the default profile.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/organization/billing-profiles/{profileId}', {
      params: { path: { profileId: BRANCH.id } },
      body: { is_default: true },
    });
  });
});
