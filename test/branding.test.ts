import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandingService } from '../src/modules/branding/service.ts';
import type { RequestContext } from '../src/platform/auth/actor.ts';
import { type BlobStorage, createBlobStorage, type DownloadUrlRequest } from '../src/platform/storage/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS } from './helpers/assertions.ts';
import { attached, BRANDING, samples } from './helpers/branding.ts';
import {
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgAdminRouteCast,
  orgAdminRouteCast,
  type TestOrg,
} from './helpers/fixtures.ts';
import { expectRouteSecurity } from './helpers/security.ts';

const FIELDS = [
  'brand_book',
  'color_accent',
  'color_primary',
  'color_secondary',
  'guidelines_text',
  'logo_dark',
  'logo_light',
  'organization_id',
  'updated_at',
];
const SLOTS = ['logo_light', 'logo_dark', 'brand_book'];

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let notAdmins: OrgAdminRouteCast['notAdmins'];
let adminKey: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ orgA, orgB, notAdmins } = await orgAdminRouteCast(app));
  adminKey = (await createServiceAccountWithKey(orgA.admin.http, 'admin')).key;
});
afterAll(() => app?.close());

const empty = (organizationId: string) => ({
  organization_id: organizationId,
  logo_light: null,
  logo_dark: null,
  brand_book: null,
  color_primary: null,
  color_secondary: null,
  color_accent: null,
  guidelines_text: null,
  updated_at: expect.stringMatching(ISO_MS),
});

describe('branding colours and guidelines', () => {
  it('answers an organization that never set anything with every field null, and a stable updated_at', async () => {
    const org = await createOrgWithAdmin(app);
    const first = await org.admin.http.get(BRANDING);
    expect(first.status, first.text).toBe(200);
    expect(Object.keys(first.body)).toEqual(['branding']);
    expect(Object.keys(first.body.branding).sort()).toEqual(FIELDS);
    expect(first.body.branding).toEqual(empty(org.org.id));
    const again = await org.admin.http.get(BRANDING);
    expect(again.body).toEqual(first.body);
  });

  it('sets colours (stored lower-case) and guidelines, camelCase or snake_case, and moves updated_at', async () => {
    const before = (await orgA.admin.http.get(BRANDING)).body.branding;
    const res = await orgA.admin.http.patch(BRANDING, {
      colorPrimary: '#A1B2C3',
      color_secondary: '#00ff00',
      colorAccent: '#123456',
      guidelinesText: '  Use the logo on white only.\nNever stretch it.  ',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.branding).toEqual({
      ...empty(orgA.org.id),
      color_primary: '#a1b2c3',
      color_secondary: '#00ff00',
      color_accent: '#123456',
      guidelines_text: 'Use the logo on white only.\nNever stretch it.',
    });
    expect(Date.parse(res.body.branding.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    expect((await orgA.admin.http.get(BRANDING)).body).toEqual(res.body);

    // A field left out is kept; one set to the empty string (or null) is cleared.
    const cleared = await orgA.admin.http.patch(BRANDING, {
      colorSecondary: '',
      guidelinesText: '',
      colorAccent: null,
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.branding).toMatchObject({
      color_primary: '#a1b2c3',
      color_secondary: null,
      color_accent: null,
      guidelines_text: null,
    });
    const blank = await orgA.admin.http.patch(BRANDING, { guidelinesText: '   \n ' });
    expect(blank.body.branding.guidelines_text).toBeNull();
  });

  it('takes guidelines of exactly 8,000 characters and an admin service account key', async () => {
    const text = 'g'.repeat(8000);
    const res = await app.http.as(adminKey).patch(BRANDING, { guidelines_text: text });
    expect(res.status, res.text).toBe(200);
    expect(res.body.branding.guidelines_text).toBe(text);
  });

  it('400s malformed colours, long guidelines, a NUL, an empty body and unknown fields, changing nothing', async () => {
    const before = (await orgA.admin.http.get(BRANDING)).body;
    for (const body of [
      {},
      { colorPrimary: '#fff' },
      { colorPrimary: 'a1b2c3' },
      { colorPrimary: '#a1b2c' },
      { colorPrimary: '#a1b2c3d' },
      { colorPrimary: '#gggggg' },
      { colorPrimary: ' #a1b2c3' },
      { colorPrimary: 'red' },
      { colorPrimary: 123456 },
      { colorSecondary: ['#a1b2c3'] },
      { guidelinesText: 'g'.repeat(8001) },
      { guidelinesText: 'nul \u0000 inside' },
      { guidelinesText: 42 },
      { colorAccent: '#a1b2c3', logoLight: null },
      { organization_id: orgB.org.id },
    ]) {
      expectError(await orgA.admin.http.patch(BRANDING, body), 400, 'invalid_request');
    }
    expectError(await orgA.admin.http.request('PATCH', BRANDING, { raw: '[]' }), 400, 'invalid_request');
    expect((await orgA.admin.http.get(BRANDING)).body).toEqual(before);
  });

  it("keeps each organization's branding its own", async () => {
    await orgA.admin.http.patch(BRANDING, { colorPrimary: '#0a0b0c' });
    await attached(orgA.admin.http, 'logo_light', 'image/png', samples.png);
    const b = await orgB.admin.http.get(BRANDING);
    expect(b.body.branding).toEqual(empty(orgB.org.id));
    const patched = await orgB.admin.http.patch(BRANDING, { colorPrimary: '#ffffff' });
    expect(patched.body.branding.organization_id).toBe(orgB.org.id);
    expect((await orgA.admin.http.get(BRANDING)).body.branding).toMatchObject({
      organization_id: orgA.org.id,
      color_primary: '#0a0b0c',
      logo_light: { mime_type: 'image/png' },
    });
  });

  it('refuses every branding route to callers other than admins of the organization', async () => {
    const before = (await orgA.admin.http.get(BRANDING)).body;
    // The organization is the caller's own (no id in these paths), so there is no other organization's to probe.
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/branding',
      path: BRANDING,
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/organization/branding',
      path: BRANDING,
      body: { colorPrimary: '#000000' },
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/branding/uploads',
      path: `${BRANDING}/uploads`,
      body: { slot: 'logo_light', mimeType: 'image/png', sizeBytes: 10 },
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'PUT /v1/organization/branding/assets/:slot',
      path: `${BRANDING}/assets/logo_light`,
      params: { slot: SLOTS },
      body: {
        storageKey: before.branding.logo_light.storage_key,
        filename: 'x.png',
        mimeType: 'image/png',
        sizeBytes: 1,
      },
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'DELETE /v1/organization/branding/assets/:slot',
      path: `${BRANDING}/assets/logo_light`,
      params: { slot: SLOTS },
      forbidden: notAdmins,
    });
    expect((await orgA.admin.http.get(BRANDING)).body.branding).toEqual({
      ...before.branding,
      logo_light: { ...before.branding.logo_light, get_url: expect.any(String) },
    });
  });
});

/** The branding service over the test app's database and blob directory, outside any request. */
function serviceOf(storage: BlobStorage = createBlobStorage(app.config, { baseUrl: () => app.url, clock: app.clock })) {
  return createBrandingService({ db: app.server.database.db, storage, clock: app.clock });
}

describe('download URLs on Azure', () => {
  it('ask for an attachment for SVG logos and the brand book, inline for other images', async () => {
    const org = await createOrgWithAdmin(app);
    await attached(org.admin.http, 'logo_light', 'image/svg+xml', samples.svg, 'mark.svg');
    await attached(org.admin.http, 'logo_dark', 'image/webp', samples.webp, 'dark.webp');
    await attached(org.admin.http, 'brand_book', 'application/pdf', samples.pdf, 'book.pdf');
    const local = createBlobStorage(app.config, { baseUrl: () => app.url, clock: app.clock });
    const asked: DownloadUrlRequest[] = [];
    // An Azure backend as far as the service can tell; the SAS itself is the storage tests' business.
    const azure: BlobStorage = {
      ...local,
      backend: 'azure',
      createDownloadUrl: async (request) => {
        asked.push(request);
        return { url: `https://azure.test/${request.key}`, expiresAt: new Date() };
      },
    };
    const ctx = { organizationId: org.org.id } as RequestContext;
    const { branding } = await serviceOf(azure).get(ctx);
    expect(branding.logo_light!.get_url).toBe(`https://azure.test/${branding.logo_light!.storage_key}`);
    expect(asked.map(({ key, ...rest }) => rest)).toEqual([
      { expiresInSeconds: 3600, contentType: 'image/svg+xml', filename: 'mark.svg' },
      { expiresInSeconds: 3600, contentType: 'image/webp', filename: undefined },
      { expiresInSeconds: 3600, contentType: 'application/pdf', filename: 'book.pdf' },
    ]);
  });
});

describe('branding for the artifact generators', () => {
  it('gives the colours and the light logo bytes, or nulls', async () => {
    const service = serviceOf();
    const org = await createOrgWithAdmin(app);
    expect(await service.artifactBranding(org.org.id)).toEqual({
      colors: { primary: null, secondary: null, accent: null },
      logoLight: null,
    });
    await org.admin.http.patch(BRANDING, { colorPrimary: '#112233', colorAccent: '#AABBCC' });
    await attached(org.admin.http, 'logo_light', 'image/svg+xml', samples.svg, 'mark.svg');
    await attached(org.admin.http, 'logo_dark', 'image/png', samples.png);
    const branding = await service.artifactBranding(org.org.id);
    expect(branding).toEqual({
      colors: { primary: '#112233', secondary: null, accent: '#aabbcc' },
      logoLight: { data: samples.svg, mimeType: 'image/svg+xml' },
    });
  });
});
