import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { createOrgWithAdmin, type OrgAdminRouteCast, orgAdminRouteCast, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const PROFILES = '/v1/organization/billing-profiles';
const DEFAULT = '/v1/organization/billing-profile';
const FIELDS = [
  'address_city',
  'address_country',
  'address_line1',
  'address_line2',
  'address_postal_code',
  'billing_contact_name',
  'billing_contact_phone',
  'billing_email',
  'created_at',
  'currency',
  'default_payment_method',
  'id',
  'is_default',
  'legal_name',
  'name',
  'organization_id',
  'payment_terms',
  'registration_number',
  'tax_id',
  'updated_at',
];
/** Each optional text field with its maximum length. */
const OPTIONAL_TEXT = {
  tax_id: 64,
  registration_number: 64,
  billing_contact_name: 255,
  billing_contact_phone: 32,
  address_line1: 255,
  address_line2: 255,
  address_city: 120,
  address_postal_code: 32,
} as const;

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let notAdmins: OrgAdminRouteCast['notAdmins'];

beforeAll(async () => {
  app = await startTestApp();
  ({ orgA, orgB, notAdmins } = await orgAdminRouteCast(app));
});
afterAll(() => app?.close());

async function create(http: Client, body: Record<string, unknown> = {}) {
  const res = await http.post(PROFILES, { name: 'HQ', legalName: 'Acme LLC', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const list = async (http: Client) => (await http.get(PROFILES)).body.data as any[];
const defaultsOf = async (http: Client) => (await list(http)).filter((p) => p.is_default).map((p) => p.id);
async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  return ((await app.server.database.db.execute(query)) as unknown as { rows: any[] }).rows;
}

describe('billing profiles', () => {
  it('with none there is no default (404 no_billing_profile) and the list is empty', async () => {
    const fresh = await createOrgWithAdmin(app);
    expectError(await fresh.admin.http.get(DEFAULT), 404, 'no_billing_profile');
    const res = await fresh.admin.http.get(PROFILES);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it('the first profile becomes the default, with the defaults and nulls, the exact view', async () => {
    const org = await createOrgWithAdmin(app);
    const res = await org.admin.http.post(PROFILES, {
      name: 'Head office',
      legal_name: 'Acme Trading LLC',
      isDefault: false,
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      organization_id: org.org.id,
      name: 'Head office',
      is_default: true,
      legal_name: 'Acme Trading LLC',
      tax_id: null,
      registration_number: null,
      billing_email: null,
      billing_contact_name: null,
      billing_contact_phone: null,
      address_line1: null,
      address_line2: null,
      address_country: null,
      address_city: null,
      address_postal_code: null,
      currency: 'AED',
      payment_terms: 'net_30',
      default_payment_method: 'wire',
      created_at: expect.stringMatching(ISO_MS),
      updated_at: res.body.created_at,
    });
    expect((await org.admin.http.get(DEFAULT)).body).toEqual(res.body);
    expect((await org.admin.http.get(`${PROFILES}/${res.body.id}`)).body).toEqual(res.body);
    expect(await list(org.admin.http)).toEqual([res.body]);
  });

  it('takes every field (camelCase or snake_case): trimmed, email lower-cased, country upper-cased, blanks and nulls stored as null', async () => {
    const full = await create(orgA.admin.http, {
      name: '  Dubai  ',
      legalName: ' Acme FZ-LLC ',
      taxId: 'TRN-100',
      registrationNumber: 'REG 7',
      billingEmail: '  Billing@Acme.EXAMPLE ',
      billingContactName: 'Finance Team',
      billingContactPhone: '+971 (4) 000-0000 ext. 9',
      addressLine1: 'Tower 1',
      addressLine2: 'Floor 9',
      addressCountry: 'ae',
      addressCity: 'Dubai',
      addressPostalCode: '00000',
      defaultPaymentMethod: 'check',
      currency: 'USD',
      paymentTerms: 'net_60',
    });
    expect(full).toMatchObject({
      name: 'Dubai',
      legal_name: 'Acme FZ-LLC',
      tax_id: 'TRN-100',
      registration_number: 'REG 7',
      billing_email: 'billing@acme.example',
      billing_contact_name: 'Finance Team',
      billing_contact_phone: '+971 (4) 000-0000 ext. 9',
      address_line1: 'Tower 1',
      address_line2: 'Floor 9',
      address_country: 'AE',
      address_city: 'Dubai',
      address_postal_code: '00000',
      default_payment_method: 'check',
      currency: 'USD',
      payment_terms: 'net_60',
    });
    const blanks = await create(orgA.admin.http, {
      tax_id: '',
      registration_number: '   ',
      billing_email: '',
      billing_contact_name: null,
      billing_contact_phone: '',
      address_line1: null,
      address_line2: '',
      address_country: '',
      address_city: null,
      address_postal_code: '',
    });
    for (const field of [...Object.keys(OPTIONAL_TEXT), 'billing_email', 'address_country']) {
      expect(blanks[field], field).toBeNull();
    }
    for (const terms of ['due_on_receipt', 'net_15', 'net_30', 'net_60']) {
      expect((await create(orgA.admin.http, { paymentTerms: terms })).payment_terms).toBe(terms);
    }
  });

  it('accepts every length at its bound and answers one past it, or a broken rule, with 422 validation_error', async () => {
    const org = await createOrgWithAdmin(app);
    const longest = await create(org.admin.http, {
      name: 'n'.repeat(120),
      legalName: 'l'.repeat(255),
      billingEmail: `${'a'.repeat(243)}@example.com`,
      ...Object.fromEntries(Object.entries(OPTIONAL_TEXT).map(([field, max]) => [field, 'x'.repeat(max)])),
    });
    expect(longest.billing_email).toHaveLength(255);
    for (const [field, max] of Object.entries(OPTIONAL_TEXT)) expect(longest[field]).toHaveLength(max);

    const refused = [
      { name: 'n'.repeat(121) },
      { name: '' },
      { name: '   ' },
      { name: null },
      { name: 7 },
      { legal_name: 'l'.repeat(256) },
      { legal_name: '' },
      { legal_name: null },
      { billing_email: `${'a'.repeat(244)}@example.com` },
      { billing_email: 'not-an-email' },
      { billing_email: 'two@@example.com' },
      { address_country: 'A' },
      { address_country: 'ARE' },
      { address_country: '12' },
      { address_country: 'é1' },
      { default_payment_method: 'card' },
      { default_payment_method: null },
      { currency: 'EUR' },
      { currency: 'aed' },
      { payment_terms: 'net_45' },
      { is_default: 'yes' },
      { tax_id: 5 },
      ...Object.entries(OPTIONAL_TEXT).map(([field, max]) => ({ [field]: 'x'.repeat(max + 1) })),
    ];
    for (const change of refused) {
      expectError(
        await org.admin.http.post(PROFILES, { name: 'Ok', legal_name: 'Ok', ...change }),
        422,
        'validation_error',
      );
    }
    expectError(await org.admin.http.post(PROFILES, { legal_name: 'No name' }), 422, 'validation_error');
    expectError(await org.admin.http.post(PROFILES, { name: 'No legal name' }), 422, 'validation_error');
    // A body that is not an object, or has an unknown field, is a bad request.
    expectError(
      await org.admin.http.post(PROFILES, { name: 'Ok', legal_name: 'Ok', vat: 'x' }),
      400,
      'invalid_request',
    );
    expectError(await org.admin.http.post(PROFILES, [{ name: 'Ok', legal_name: 'Ok' }]), 400, 'invalid_request');
    expectError(await org.admin.http.post(PROFILES), 400, 'invalid_request');
    expect(await list(org.admin.http)).toEqual([longest]);
  });

  it('is_default true on a new or existing profile moves the default; the list is oldest first', async () => {
    const org = await createOrgWithAdmin(app);
    const first = await create(org.admin.http, { name: 'First' });
    const second = await create(org.admin.http, { name: 'Second' });
    expect(second.is_default).toBe(false);
    const third = await create(org.admin.http, { name: 'Third', isDefault: true });
    expect(third.is_default).toBe(true);
    expect((await list(org.admin.http)).map((p) => [p.name, p.is_default])).toEqual([
      ['First', false],
      ['Second', false],
      ['Third', true],
    ]);
    expect((await org.admin.http.get(DEFAULT)).body.id).toBe(third.id);

    const moved = await org.admin.http.patch(`${PROFILES}/${second.id}`, { isDefault: true });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ id: second.id, is_default: true, name: 'Second' });
    expect(await defaultsOf(org.admin.http)).toEqual([second.id]);
    // Setting it again, or false on a profile that is not the default, changes nothing.
    expect((await org.admin.http.patch(`${PROFILES}/${second.id}`, { is_default: true })).status).toBe(200);
    expect((await org.admin.http.patch(`${PROFILES}/${first.id}`, { is_default: false })).body.is_default).toBe(false);
    expect(await defaultsOf(org.admin.http)).toEqual([second.id]);
    // The default cannot be unset without naming another.
    expectError(await org.admin.http.patch(`${PROFILES}/${second.id}`, { is_default: false }), 422, 'validation_error');
    expect(await defaultsOf(org.admin.http)).toEqual([second.id]);
  });

  it('profiles created at once in a new organization end with exactly one default', async () => {
    const org = await createOrgWithAdmin(app);
    const made = await Promise.all(
      Array.from({ length: 4 }, (_, i) => org.admin.http.post(PROFILES, { name: `P${i}`, legal_name: 'Acme' })),
    );
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await defaultsOf(org.admin.http)).toHaveLength(1);
  });

  it('PATCH changes what it names, clears optional fields, keeps name and legal name, and is strict', async () => {
    const profile = await create(orgA.admin.http, {
      taxId: 'T-1',
      billingEmail: 'a@b.example',
      addressCountry: 'US',
      addressCity: 'Austin',
    });
    const res = await orgA.admin.http.patch(`${PROFILES}/${profile.id}`, {
      name: ' Renamed ',
      billingEmail: 'New@B.Example',
      addressCountry: 'gb',
      taxId: null,
      addressCity: '',
      paymentTerms: 'due_on_receipt',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      ...profile,
      name: 'Renamed',
      billing_email: 'new@b.example',
      address_country: 'GB',
      tax_id: null,
      address_city: null,
      payment_terms: 'due_on_receipt',
      updated_at: expect.stringMatching(ISO_MS),
    });
    expect((await orgA.admin.http.get(`${PROFILES}/${profile.id}`)).body).toEqual(res.body);

    for (const body of [
      { name: null },
      { name: '' },
      { name: '  ' },
      { legal_name: null },
      { legal_name: '' },
      { name: 'n'.repeat(121) },
      { billing_email: 'nope' },
      { address_country: 'G' },
      { currency: 'GBP' },
      { payment_terms: null },
      { is_default: null },
      { address_postal_code: 'p'.repeat(33) },
    ]) {
      expectError(await orgA.admin.http.patch(`${PROFILES}/${profile.id}`, body), 422, 'validation_error');
    }
    for (const body of [{}, { unknown: 1 }, { name: 'Ok', organization_id: orgB.org.id }, ['name']]) {
      expectError(await orgA.admin.http.patch(`${PROFILES}/${profile.id}`, body), 400, 'invalid_request');
    }
    expect((await orgA.admin.http.get(`${PROFILES}/${profile.id}`)).body).toEqual(res.body);
  });

  it('deleting the default makes the oldest remaining the default; deleting the last leaves none', async () => {
    const org = await createOrgWithAdmin(app);
    const first = await create(org.admin.http, { name: 'First' });
    const second = await create(org.admin.http, { name: 'Second' });
    const third = await create(org.admin.http, { name: 'Third', is_default: true });

    const gone = await org.admin.http.delete(`${PROFILES}/${second.id}`);
    expect(gone.status, gone.text).toBe(204);
    expect(gone.text).toBe('');
    expect(await defaultsOf(org.admin.http)).toEqual([third.id]);

    expect((await org.admin.http.delete(`${PROFILES}/${third.id}`)).status).toBe(204);
    expect((await org.admin.http.get(DEFAULT)).body).toMatchObject({ id: first.id, is_default: true });
    expectError(await org.admin.http.get(`${PROFILES}/${third.id}`), 404, 'billing_profile_not_found');
    expectError(await org.admin.http.delete(`${PROFILES}/${third.id}`), 404, 'billing_profile_not_found');

    expect((await org.admin.http.delete(`${PROFILES}/${first.id}`)).status).toBe(204);
    expectError(await org.admin.http.get(DEFAULT), 404, 'no_billing_profile');
    expect(await list(org.admin.http)).toEqual([]);
    // The next profile is the default again.
    expect((await create(org.admin.http)).is_default).toBe(true);
  });

  it('an invoice keeps its snapshot and loses the reference when its profile is deleted', async () => {
    const profile = await create(orgA.admin.http, { name: 'Invoiced' });
    const snapshot = { legal_name: 'Acme LLC', billing_email: 'ap@acme.example' };
    const [invoice] = await rows(sql`
      insert into invoices (id, organization_id, billing_profile_id, status, period_start, period_end, billing_snapshot)
      values (gen_random_uuid(), ${orgA.org.id}, ${profile.id}, 'open', '2026-10-01', '2026-10-31',
              ${JSON.stringify(snapshot)}::jsonb)
      returning id`);
    expect((await orgA.admin.http.delete(`${PROFILES}/${profile.id}`)).status).toBe(204);
    const [after] = await rows(sql`select billing_profile_id, billing_snapshot from invoices where id = ${invoice.id}`);
    expect(after.billing_profile_id).toBeNull();
    expect(after.billing_snapshot).toEqual(snapshot);
  });

  it("an unknown, malformed or another organization's id is 404 billing_profile_not_found", async () => {
    const theirs = await create(orgB.admin.http, { name: 'Theirs' });
    for (const id of [theirs.id, randomId(), 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const path = `${PROFILES}/${id}`;
      expectError(await orgA.admin.http.get(path), 404, 'billing_profile_not_found');
      expectError(await orgA.admin.http.patch(path, { name: 'Mine' }), 404, 'billing_profile_not_found');
      expectError(await orgA.admin.http.delete(path), 404, 'billing_profile_not_found');
    }
    expect((await orgB.admin.http.get(`${PROFILES}/${theirs.id}`)).body).toEqual(theirs);
    expect((await list(orgA.admin.http)).map((p) => p.id)).not.toContain(theirs.id);
    expect((await orgA.admin.http.get(DEFAULT)).body.organization_id).toBe(orgA.org.id);
  });

  it('keeps at most 50 profiles per organization: the 51st is 409 limit_reached', async () => {
    const org = await createOrgWithAdmin(app);
    for (let i = 0; i < 50; i++) await create(org.admin.http, { name: `P${i}` });
    expectError(
      await org.admin.http.post(PROFILES, { name: 'One too many', legal_name: 'Acme' }),
      409,
      'limit_reached',
    );
    const all = await list(org.admin.http);
    expect(all).toHaveLength(50);
    expect(all.map((p) => p.name)).toEqual(Array.from({ length: 50 }, (_, i) => `P${i}`));
    // Another organization is not counted against it.
    expect((await create(orgB.admin.http, { name: 'Elsewhere' })).organization_id).toBe(orgB.org.id);
  });
});

describe('billing profile route security', () => {
  it('every route is for org admins: member sessions, member keys and the web key get 403; ids of other organizations 404', async () => {
    const profile = await create(orgA.admin.http, { name: 'Secured' });

    const crossOrg = {
      credential: orgB.admin.token,
      missingPath: `${PROFILES}/${randomId()}`,
      code: 'billing_profile_not_found' as const,
    };
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/billing-profile',
      path: DEFAULT,
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/billing-profiles',
      path: PROFILES,
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/billing-profiles',
      path: PROFILES,
      body: { name: 'Refused', legalName: 'Refused' },
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/billing-profiles/:profileId',
      path: `${PROFILES}/${profile.id}`,
      forbidden: notAdmins,
      crossOrg,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/organization/billing-profiles/:profileId',
      path: `${PROFILES}/${profile.id}`,
      body: { name: 'Refused' },
      forbidden: notAdmins,
      crossOrg,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'DELETE /v1/organization/billing-profiles/:profileId',
      path: `${PROFILES}/${profile.id}`,
      forbidden: notAdmins,
      crossOrg,
    });
    const still = await orgA.admin.http.get(`${PROFILES}/${profile.id}`);
    expect(still.body).toEqual(profile);
    expect((await list(orgA.admin.http)).map((p) => p.name)).not.toContain('Refused');
  });
});
