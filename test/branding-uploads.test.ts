import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDING_SWEEP_JOB } from '../src/modules/branding/service.ts';
import { brandingUploads, jobs } from '../src/platform/db/schema/index.ts';
import { BLOB_DELETE_JOB, createBlobStorage } from '../src/platform/storage/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { eventually, expectError, UUID } from './helpers/assertions.ts';
import { attached, BRANDING, put, requestUpload, samples, uploaded } from './helpers/branding.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';

const MB = 1024 * 1024;

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let admin: Client;

beforeAll(async () => {
  app = await startTestApp();
  [orgA, orgB] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
  admin = orgA.admin.http;
});
afterAll(() => app?.close());

const blobPath = (key: string) => join(app.config.dataDir, 'blobs', 'data', ...key.split('/'));
const attach = (http: Client, slot: string, body: Record<string, unknown>) =>
  http.put(`${BRANDING}/assets/${slot}`, body);
const jobsFor = (kind: string, key: string) =>
  app.server.database.db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.kind, kind), sql`${jobs.payload}->>${kind === BLOB_DELETE_JOB ? 'key' : 'storageKey'} = ${key}`),
    );
/** As if the sweep's time had come. */
async function runSweepNow(key: string) {
  const [job] = await jobsFor(BRANDING_SWEEP_JOB, key);
  expect(job).toMatchObject({ status: 'queued' });
  await app.server.database.db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.id, job!.id));
  await eventually(async () => expect((await jobsFor(BRANDING_SWEEP_JOB, key))[0]!.status).toBe('completed'));
}

async function fetched(url: string) {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('branding upload requests', () => {
  it('issues a create-only URL for a new key of the slot, valid 300 s, recorded with its sweep', async () => {
    const res = await admin.post(`${BRANDING}/uploads`, { slot: 'logo_light', mimeType: 'Image/PNG', sizeBytes: 68 });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['expires_in_seconds', 'storage_key', 'upload_url']);
    expect(res.body.expires_in_seconds).toBe(300);
    const prefix = `organizations/${orgA.org.id}/branding/logo_light/`;
    expect(res.body.storage_key.startsWith(prefix)).toBe(true);
    expect(res.body.storage_key.slice(prefix.length)).toMatch(UUID);
    const [row] = await app.server.database.db
      .select()
      .from(brandingUploads)
      .where(eq(brandingUploads.storageKey, res.body.storage_key));
    expect(row).toMatchObject({
      organizationId: orgA.org.id,
      slot: 'logo_light',
      mimeType: 'image/png',
      sizeBytes: 68,
    });
    expect(row!.expiresAt.getTime() - app.clock.now().getTime()).toBeGreaterThan(295_000);
    const [sweep] = await jobsFor(BRANDING_SWEEP_JOB, res.body.storage_key);
    expect(sweep!.runAfter.getTime()).toBe(row!.expiresAt.getTime() + 5 * 60_000);
  });

  it('takes each type its slot allows, up to the exact size limits', async () => {
    for (const [slot, mimeType, sizeBytes] of [
      ['logo_light', 'image/png', 5 * MB],
      ['logo_dark', 'image/svg+xml', 1],
      ['logo_light', 'image/jpeg', 100],
      ['logo_dark', 'image/webp', 100],
      ['brand_book', 'application/pdf', 25 * MB],
    ] as const) {
      await requestUpload(admin, slot, mimeType, sizeBytes);
    }
  });

  it('422s a type the slot does not take, a size past its limit or below 1, and an unknown slot', async () => {
    for (const body of [
      { slot: 'logo_light', mimeType: 'image/gif', sizeBytes: 10 },
      { slot: 'logo_dark', mimeType: 'application/pdf', sizeBytes: 10 },
      { slot: 'brand_book', mimeType: 'image/png', sizeBytes: 10 },
      { slot: 'brand_book', mimeType: 'text/html', sizeBytes: 10 },
      { slot: 'logo_light', mimeType: 'image/png', sizeBytes: 5 * MB + 1 },
      { slot: 'brand_book', mimeType: 'application/pdf', sizeBytes: 25 * MB + 1 },
      { slot: 'logo_light', mimeType: 'image/png', sizeBytes: 0 },
      { slot: 'logo_light', mimeType: 'image/png', sizeBytes: -1 },
      { slot: 'logo_light', mimeType: 'image/png', sizeBytes: 1.5 },
      { slot: 'logo_light', mimeType: 'image/png', sizeBytes: '10' },
      { slot: 'logo_light', mimeType: '', sizeBytes: 10 },
      { slot: 'logo_light', mimeType: 'x'.repeat(256), sizeBytes: 10 },
      { slot: 'favicon', mimeType: 'image/png', sizeBytes: 10 },
      { mimeType: 'image/png', sizeBytes: 10 },
    ]) {
      expectError(await admin.post(`${BRANDING}/uploads`, body), 422, 'validation_error');
    }
    const unknown = { slot: 'logo_light', mimeType: 'image/png', sizeBytes: 10, filename: 'a.png' };
    expectError(await admin.post(`${BRANDING}/uploads`, unknown), 400, 'invalid_request');
  });

  it('holds at most 100 live keys per organization, and frees them as their URLs expire', async () => {
    const org = await createOrgWithAdmin(app);
    for (let i = 0; i < 100; i++) await requestUpload(org.admin.http, 'logo_light', 'image/png', 10);
    const refused = await org.admin.http.post(`${BRANDING}/uploads`, {
      slot: 'brand_book',
      mimeType: 'application/pdf',
      sizeBytes: 10,
    });
    expectError(refused, 409, 'limit_reached');
    // Another organization is not held back.
    await requestUpload(orgB.admin.http, 'logo_light', 'image/png', 10);
    app.clock.advance(301_000);
    await requestUpload(org.admin.http, 'brand_book', 'application/pdf', 10);
  });
});

describe('attaching uploads to branding slots', () => {
  it('attaches a PNG logo served inline with its exact bytes, and only the documented fields', async () => {
    const storageKey = await uploaded(admin, 'logo_light', 'image/png', samples.png);
    const res = await attach(admin, 'logo_light', {
      storageKey,
      filename: 'Logo (light) ✓.png',
      mimeType: 'image/png',
      sizeBytes: samples.png.length,
    });
    expect(res.status, res.text).toBe(200);
    const slot = res.body.branding.logo_light;
    expect(Object.keys(slot).sort()).toEqual(['filename', 'get_url', 'mime_type', 'size_bytes', 'storage_key']);
    expect(slot).toMatchObject({
      storage_key: storageKey,
      filename: 'Logo (light) ✓.png',
      mime_type: 'image/png',
      size_bytes: samples.png.length,
    });
    const got = await fetched(slot.get_url);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(samples.png)).toBe(true);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toBeNull();
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-security-policy')).toBe('sandbox allow-scripts');
    // The key is consumed: its record is gone, and every GET signs a fresh URL for the slot.
    expect(
      await app.server.database.db.select().from(brandingUploads).where(eq(brandingUploads.storageKey, storageKey)),
    ).toEqual([]);
    const again = await admin.get(BRANDING);
    expect(again.body.branding.logo_light).toEqual({ ...slot, get_url: expect.stringContaining('/storage/blobs/') });
  });

  it('serves an SVG logo with a CSP that runs nothing, and JPEG and WebP logos', async () => {
    const branding = await attached(admin, 'logo_dark', 'image/svg+xml', samples.svg, 'mark.svg');
    const got = await fetched(branding.logo_dark.get_url);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(samples.svg)).toBe(true);
    expect(got.headers.get('content-type')).toBe('image/svg+xml');
    expect(got.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toBeNull();
    for (const [mimeType, data] of [
      ['image/jpeg', samples.jpeg],
      ['image/webp', samples.webp],
    ] as const) {
      const logo = (await attached(admin, 'logo_dark', mimeType, data)).logo_dark;
      expect(logo.mime_type).toBe(mimeType);
      const bytes = await fetched(logo.get_url);
      expect(bytes.headers.get('content-type')).toBe(mimeType);
      expect(bytes.bytes.equals(data)).toBe(true);
    }
  });

  it('serves the brand book as an attachment under its name', async () => {
    const branding = await attached(admin, 'brand_book', 'application/pdf', samples.pdf, 'Brand book 2026.pdf');
    const got = await fetched(branding.brand_book.get_url);
    expect(got.bytes.equals(samples.pdf)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="Brand book 2026.pdf"; filename*=UTF-8''Brand%20book%202026.pdf`,
    );
  });

  it('replaces a slot and deletes the previous file; attaching the same key again is idempotent', async () => {
    const org = await createOrgWithAdmin(app);
    const http = org.admin.http;
    const firstUpload = await requestUpload(http, 'logo_light', 'image/png', samples.png.length);
    expect((await put(firstUpload.upload_url, samples.png)).status).toBe(201);
    const firstBody = {
      storageKey: firstUpload.storage_key,
      filename: 'one.png',
      mimeType: 'image/png',
      sizeBytes: samples.png.length,
    };
    const first = (await attach(http, 'logo_light', firstBody)).body.branding.logo_light;
    const second = (await attached(http, 'logo_light', 'image/jpeg', samples.jpeg, 'two.jpg')).logo_light;
    expect(second.storage_key).not.toBe(first.storage_key);
    const old = await fetch(first.get_url);
    expect(old.status).toBe(404);
    expect(old.headers.get('x-ms-error-code')).toBe('BlobNotFound');
    expect(existsSync(blobPath(first.storage_key))).toBe(false);
    expect((await jobsFor(BLOB_DELETE_JOB, first.storage_key)).length).toBe(1);
    expect((await fetched(second.get_url)).bytes.equals(samples.jpeg)).toBe(true);
    // The replaced key cannot come back: it was consumed.
    expectError(await attach(http, 'logo_light', firstBody), 422, 'validation_error');

    const body = {
      storageKey: second.storage_key,
      filename: 'two.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: samples.jpeg.length,
    };
    const same = await attach(http, 'logo_light', body);
    expect(same.status, same.text).toBe(200);
    expect(same.body.branding.logo_light).toEqual({ ...second, get_url: expect.any(String) });
    const renamed = await attach(http, 'logo_light', { ...body, filename: 'renamed.jpg' });
    expect(renamed.body.branding.logo_light).toMatchObject({
      storage_key: second.storage_key,
      filename: 'renamed.jpg',
    });
    expectError(await attach(http, 'logo_light', { ...body, sizeBytes: body.sizeBytes + 1 }), 422, 'validation_error');
    expect(existsSync(blobPath(second.storage_key))).toBe(true);

    // The first key's URL is still live and may create its blob again; the key's sweep deletes that orphan.
    expect((await put(firstUpload.upload_url, samples.png)).status).toBe(201);
    expect(existsSync(blobPath(first.storage_key))).toBe(true);
    await runSweepNow(first.storage_key);
    expect(existsSync(blobPath(first.storage_key))).toBe(false);
  });

  it('empties a slot with DELETE, deleting its file, and answers 204 for an empty slot', async () => {
    const org = await createOrgWithAdmin(app);
    const logo = (await attached(org.admin.http, 'logo_dark', 'image/png', samples.png)).logo_dark;
    const res = await org.admin.http.delete(`${BRANDING}/assets/logo_dark`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await fetch(logo.get_url)).status).toBe(404);
    expect(existsSync(blobPath(logo.storage_key))).toBe(false);
    await eventually(async () =>
      expect((await jobsFor(BLOB_DELETE_JOB, logo.storage_key)).map((j) => j.status)).toEqual(['completed']),
    );
    expect((await org.admin.http.get(BRANDING)).body.branding.logo_dark).toBeNull();
    expect((await org.admin.http.delete(`${BRANDING}/assets/logo_dark`)).status).toBe(204);
    expect((await org.admin.http.delete(`${BRANDING}/assets/brand_book`)).status).toBe(204);
  });

  it('404s an unknown slot', async () => {
    const body = { storageKey: 'k', filename: 'a.png', mimeType: 'image/png', sizeBytes: 1 };
    for (const slot of ['logo', 'LOGO_LIGHT', 'brand-book', 'logo_light.png', 'x'.repeat(300)]) {
      expectError(await attach(admin, slot, body), 404, 'not_found');
      expectError(await admin.delete(`${BRANDING}/assets/${slot}`), 404, 'not_found');
    }
  });
});

describe('what an attach refuses', () => {
  it('422s a key that was not issued to this organization for this slot', async () => {
    const forLight = await uploaded(admin, 'logo_light', 'image/png', samples.png);
    const ofOtherOrg = await uploaded(orgB.admin.http, 'logo_dark', 'image/png', samples.png);
    const body = (storageKey: string) => ({
      storageKey,
      filename: 'a.png',
      mimeType: 'image/png',
      sizeBytes: samples.png.length,
    });
    expectError(await attach(admin, 'logo_dark', body(forLight)), 422, 'validation_error');
    expectError(await attach(admin, 'logo_dark', body(ofOtherOrg)), 422, 'validation_error');
    for (const madeUp of [
      `organizations/${orgA.org.id}/branding/logo_dark/${crypto.randomUUID()}`,
      '../../../etc/passwd',
      'x'.repeat(1000),
    ]) {
      expectError(await attach(admin, 'logo_dark', body(madeUp)), 422, 'validation_error');
    }
    // The other organization can still attach its own key: the probe consumed nothing.
    expect((await attach(orgB.admin.http, 'logo_dark', body(ofOtherOrg))).status).toBe(200);
  });

  it('422s a type or size other than the issued ones, and a key with nothing uploaded yet', async () => {
    const upload = await requestUpload(admin, 'logo_light', 'image/png', samples.png.length);
    const body = {
      storageKey: upload.storage_key,
      filename: 'a.png',
      mimeType: 'image/png',
      sizeBytes: samples.png.length,
    };
    const nothing = await attach(admin, 'logo_light', body);
    expectError(nothing, 422, 'validation_error');
    expect(nothing.body.error).toContain('PUT the bytes to the upload_url first');
    expect((await put(upload.upload_url, samples.png)).status).toBe(201);
    expectError(await attach(admin, 'logo_light', { ...body, mimeType: 'image/webp' }), 422, 'validation_error');
    expectError(await attach(admin, 'logo_light', { ...body, sizeBytes: body.sizeBytes - 1 }), 422, 'validation_error');
    expect((await attach(admin, 'logo_light', body)).status).toBe(200);
  });

  it('422s a stored blob whose size is not the declared one', async () => {
    // The local backend refuses such a PUT; Azure cannot, so the attach checks. Written behind the URL's back here.
    const upload = await requestUpload(admin, 'logo_dark', 'image/png', samples.png.length + 5);
    const storage = createBlobStorage(app.config, { baseUrl: () => app.url, clock: app.clock });
    await storage.write(upload.storage_key, samples.png, { contentType: 'image/png' });
    const res = await attach(admin, 'logo_dark', {
      storageKey: upload.storage_key,
      filename: 'a.png',
      mimeType: 'image/png',
      sizeBytes: samples.png.length + 5,
    });
    expectError(res, 422, 'validation_error');
    expect(res.body.error).toBe(`The upload has ${samples.png.length} bytes, ${samples.png.length + 5} were declared`);
  });

  it('422s bytes that are not of the declared type', async () => {
    const svgs = {
      script: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      prefixedScript: '<svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>',
      onload: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      handlerAfterQuote: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"onclick="x()"/></svg>',
      javascriptUrl: '<svg xmlns="http://www.w3.org/2000/svg"><a href="java\tscript:alert(1)"><rect/></a></svg>',
      encodedUrl: '<svg xmlns="http://www.w3.org/2000/svg"><a href="&#106;avascript:alert(1)"><rect/></a></svg>',
      foreignObject: '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>hi</p></foreignObject></svg>',
      entities: '<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      html: '<html><body><svg xmlns="http://www.w3.org/2000/svg"/></body></html>',
      textFirst: 'hello <svg xmlns="http://www.w3.org/2000/svg"/>',
      unclosedComment: '<!-- <svg xmlns="http://www.w3.org/2000/svg"/>',
      svgPrefix: '<svgx xmlns="http://www.w3.org/2000/svg"/>',
    };
    const cases: [string, string, Buffer][] = [
      ['brand_book', 'application/pdf', samples.png],
      ['logo_light', 'image/png', Buffer.from('just some text, not an image')],
      ['logo_light', 'image/png', samples.jpeg],
      ['logo_light', 'image/jpeg', samples.png],
      ['logo_light', 'image/webp', Buffer.from('RIFF\x1a\0\0\0WAVEfmt a wave file')],
      ['logo_dark', 'image/svg+xml', samples.png],
      ['logo_dark', 'image/svg+xml', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe, 0x3e])],
      ...Object.values(svgs).map((text): [string, string, Buffer] => ['logo_dark', 'image/svg+xml', Buffer.from(text)]),
    ];
    for (const [slot, mimeType, data] of cases) {
      const storageKey = await uploaded(admin, slot, mimeType, data);
      const res = await attach(admin, slot, { storageKey, filename: 'f', mimeType, sizeBytes: data.length });
      expectError(res, 422, 'validation_error');
      expect(res.body.error, data.toString()).toMatch(/^The upload was refused: /);
    }
    // A plain SVG with a namespace-qualified attribute and an XML declaration is fine.
    const fine = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><text>Fonts on</text></svg>',
    );
    expect((await attached(admin, 'logo_dark', 'image/svg+xml', fine)).logo_dark.size_bytes).toBe(fine.length);
  });

  it('422s file names that are not base names or are too long, 400s a NUL and unknown fields', async () => {
    const storageKey = await uploaded(admin, 'logo_light', 'image/png', samples.png);
    const body = { storageKey, filename: 'a.png', mimeType: 'image/png', sizeBytes: samples.png.length };
    for (const filename of [
      '',
      'dir/a.png',
      'dir\\a.png',
      'a\u0001.png',
      'a\n.png',
      'a\u007f.png',
      '.',
      '..',
      'x'.repeat(256),
    ]) {
      expectError(await attach(admin, 'logo_light', { ...body, filename }), 422, 'validation_error');
    }
    for (const broken of [
      { ...body, storageKey: 'x'.repeat(1001) },
      { ...body, sizeBytes: 0 },
      { ...body, mimeType: undefined },
    ]) {
      expectError(await attach(admin, 'logo_light', broken), 422, 'validation_error');
    }
    expectError(await attach(admin, 'logo_light', { ...body, filename: 'a\u0000.png' }), 400, 'invalid_request');
    expectError(await attach(admin, 'logo_light', { ...body, slot: 'logo_light' }), 400, 'invalid_request');
    const fine = await attach(admin, 'logo_light', { ...body, filename: `${'x'.repeat(251)}.png` });
    expect(fine.status, fine.text).toBe(200);
  });
});

describe('expiry and the sweep of issued keys', () => {
  it('refuses a key past its URL and grace, and the sweep deletes its unattached blob', async () => {
    const org = await createOrgWithAdmin(app);
    const storageKey = await uploaded(org.admin.http, 'logo_light', 'image/png', samples.png);
    const body = { storageKey, filename: 'late.png', mimeType: 'image/png', sizeBytes: samples.png.length };
    // Just past the URL, within the grace, it may still be attached; a key of its twin is already past both.
    const late = await uploaded(org.admin.http, 'logo_dark', 'image/png', samples.png);
    app.clock.advance(300_000 + 5 * 60_000 + 1_000);
    const refused = await attach(org.admin.http, 'logo_dark', { ...body, storageKey: late });
    expectError(refused, 422, 'validation_error');
    expect(refused.body.error).toContain('or it expired');

    expect(existsSync(blobPath(late))).toBe(true);
    await runSweepNow(late);
    expect(existsSync(blobPath(late))).toBe(false);
    expect(
      await app.server.database.db.select().from(brandingUploads).where(eq(brandingUploads.storageKey, late)),
    ).toEqual([]);
    // Idempotent: a second delivery finds nothing to do.
    await app.server.database.db
      .update(jobs)
      .set({ status: 'queued', runAfter: sql`now()` })
      .where(and(eq(jobs.kind, BRANDING_SWEEP_JOB), sql`${jobs.payload}->>'storageKey' = ${late}`));
    await eventually(async () => expect((await jobsFor(BRANDING_SWEEP_JOB, late))[0]!.status).toBe('completed'));
    expectError(await attach(org.admin.http, 'logo_light', body), 422, 'validation_error');
  });

  it('attaches within the grace after the URL expired; the sweep then keeps the attached blob', async () => {
    const org = await createOrgWithAdmin(app);
    const storageKey = await uploaded(org.admin.http, 'logo_light', 'image/png', samples.png);
    app.clock.advance(300_000 + 60_000);
    const res = await attach(org.admin.http, 'logo_light', {
      storageKey,
      filename: 'kept.png',
      mimeType: 'image/png',
      sizeBytes: samples.png.length,
    });
    expect(res.status, res.text).toBe(200);
    await runSweepNow(storageKey);
    expect(existsSync(blobPath(storageKey))).toBe(true);
    const logo = (await org.admin.http.get(BRANDING)).body.branding.logo_light;
    expect(logo.storage_key).toBe(storageKey);
    expect((await fetched(logo.get_url)).bytes.equals(samples.png)).toBe(true);
  });
});
