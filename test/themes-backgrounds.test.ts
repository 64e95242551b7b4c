import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/platform/db/client.ts';
import { type BlobStorage, createBlobStorage } from '../src/platform/storage/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { eventually, expectError, UUID } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, createServiceAccountWithKey, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const THEMES = '/v1/organization/themes';
const MB8 = 8 * 1024 * 1024;

/** The first bytes of each type, then filler: what the attach sniffs. */
const IMAGES = {
  'image/png': Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]),
  'image/jpeg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 2)]),
  'image/webp': Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(90),
  ]),
  // ftyp box of 28 bytes: major brand mif1, minor version, compatible brands mif1 miaf avif.
  'image/avif': Buffer.concat([
    Buffer.from([0, 0, 0, 28]),
    Buffer.from('ftypmif1'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1miafavif'),
    Buffer.alloc(80, 3),
  ]),
} as const;
type Mime = keyof typeof IMAGES;

let app: TestApp;
let db: Executor;
let storage: BlobStorage;
let orgA: TestOrg;
let orgB: TestOrg;

async function createTheme(http: Client, body: Record<string, unknown> = {}) {
  const res = await http.post(THEMES, { name: 'With backdrop', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.theme;
}

async function requestUpload(http: Client, themeId: string, variant: string, mimeType: Mime, sizeBytes: number) {
  const res = await http.post(`${THEMES}/${themeId}/background`, { variant, mimeType, sizeBytes });
  expect(res.status, res.text).toBe(201);
  return res.body as { upload_url: string; asset_id: string; expires_in_seconds: number };
}

async function put(url: string, body: Buffer) {
  return fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: new Uint8Array(body) });
}

/** Requested, uploaded with real bytes, attached: the asset id. */
async function attachImage(http: Client, themeId: string, variant: 'light' | 'dark', mimeType: Mime = 'image/png') {
  const bytes = IMAGES[mimeType];
  const upload = await requestUpload(http, themeId, variant, mimeType, bytes.length);
  expect((await put(upload.upload_url, bytes)).status).toBe(201);
  const res = await http.put(`${THEMES}/${themeId}/background`, { variant, assetId: upload.asset_id });
  expect(res.status, res.text).toBe(200);
  return upload.asset_id;
}

async function keyOf(assetId: string): Promise<string | null> {
  const { rows } = (await db.execute(sql`select storage_key from theme_assets where id = ${assetId}`)) as unknown as {
    rows: { storage_key: string }[];
  };
  return rows[0]?.storage_key ?? null;
}

/** Makes the asset's sweep job due now (the queue runs on the database clock) and waits for it to complete. */
async function runSweep(assetId: string) {
  await db.execute(
    sql`update jobs set run_after = now() where kind = 'themes.sweep_background' and payload->>'assetId' = ${assetId}`,
  );
  await eventually(async () => {
    const { rows } = (await db.execute(
      sql`select status from jobs where kind = 'themes.sweep_background' and payload->>'assetId' = ${assetId}`,
    )) as unknown as { rows: { status: string }[] };
    expect(rows.map((r) => r.status)).toEqual(['completed']);
  });
}

beforeAll(async () => {
  app = await startTestApp();
  db = app.server.database.db;
  storage = createBlobStorage(app.config, { baseUrl: () => app.url });
  await storage.start();
  [orgA, orgB] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
});
afterAll(() => app?.close());

describe('theme backgrounds', () => {
  it('issues an upload URL per requested image; validates variant, type and size (8 MB)', async () => {
    const theme = await createTheme(orgA.admin.http);
    const upload = await requestUpload(orgA.admin.http, theme.id, 'light', 'image/png', MB8);
    expect(Object.keys(upload).sort()).toEqual(['asset_id', 'expires_in_seconds', 'upload_url']);
    expect(upload).toMatchObject({ asset_id: expect.stringMatching(UUID), expires_in_seconds: 900 });
    expect(upload.upload_url).toMatch(/^http/);
    for (const mimeType of Object.keys(IMAGES)) {
      await requestUpload(orgA.admin.http, theme.id, 'dark', mimeType as Mime, 1);
    }
    for (const body of [
      {},
      { variant: 'light', mimeType: 'image/png' },
      { variant: 'dusk', mimeType: 'image/png', sizeBytes: 10 },
      { variant: 'light', mimeType: 'image/gif', sizeBytes: 10 },
      { variant: 'light', mimeType: 'image/svg+xml', sizeBytes: 10 },
      { variant: 'light', mimeType: 'image/png', sizeBytes: 0 },
      { variant: 'light', mimeType: 'image/png', sizeBytes: MB8 + 1 },
      { variant: 'light', mimeType: 'image/png', sizeBytes: 1.5 },
      { variant: 'light', mimeType: 'image/png', sizeBytes: 10, filename: 'x.png' },
    ]) {
      expectError(await orgA.admin.http.post(`${THEMES}/${theme.id}/background`, body), 400, 'invalid_request');
    }
    const body = { variant: 'light', mimeType: 'image/png', sizeBytes: 10 };
    expectError(await orgA.admin.http.post(`${THEMES}/${randomId()}/background`, body), 404, 'not_found');
  });

  it('attaches only once the blob is there, of the declared size and type; the asset must be this theme’s and variant’s', async () => {
    const theme = await createTheme(orgA.admin.http);
    const other = await createTheme(orgA.admin.http);
    const png = IMAGES['image/png'];
    const upload = await requestUpload(orgA.admin.http, theme.id, 'light', 'image/png', png.length);
    const attach = (body: Record<string, unknown>, themeId = theme.id) =>
      orgA.admin.http.put(`${THEMES}/${themeId}/background`, body);

    expectError(await attach({ variant: 'light', assetId: upload.asset_id }), 409, 'upload_incomplete');
    expect((await put(upload.upload_url, png)).status).toBe(201);
    expectError(await attach({ variant: 'dark', assetId: upload.asset_id }), 400, 'invalid_request');
    expectError(await attach({ variant: 'light', assetId: upload.asset_id }, other.id), 404, 'not_found');
    expectError(await attach({ variant: 'light', assetId: randomId() }), 404, 'not_found');
    expectError(await attach({ variant: 'light', assetId: 'nope' }), 400, 'invalid_request');
    expectError(await attach({ variant: 'light' }), 400, 'invalid_request');
    expectError(await attach({ variant: 'light', assetId: upload.asset_id }, randomId()), 404, 'not_found');

    const res = await attach({ variant: 'light', assetId: upload.asset_id });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(['theme']);
    expect(res.body.theme).toMatchObject({
      id: theme.id,
      background_light_asset_id: upload.asset_id,
      background_dark_asset_id: null,
    });
    // Again: nothing changes; the upload URL cannot replace the bytes.
    expect((await attach({ variant: 'light', assetId: upload.asset_id })).body.theme).toEqual(res.body.theme);
    expect((await put(upload.upload_url, IMAGES['image/jpeg'])).status).toBe(403);
    expect((await orgA.admin.http.get(`${THEMES}/${theme.id}`)).body.theme.background_light_asset_id).toBe(
      upload.asset_id,
    );
  });

  it('sniffs every type and refuses bytes that are not the declared image', async () => {
    for (const mimeType of Object.keys(IMAGES) as Mime[]) {
      const theme = await createTheme(orgA.admin.http);
      const id = await attachImage(orgA.admin.http, theme.id, 'dark', mimeType);
      expect((await orgA.admin.http.get(`${THEMES}/${theme.id}`)).body.theme.background_dark_asset_id).toBe(id);
      for (const declared of Object.keys(IMAGES) as Mime[]) {
        if (declared === mimeType) continue;
        const bytes = IMAGES[mimeType];
        const upload = await requestUpload(orgA.admin.http, theme.id, 'light', declared, bytes.length);
        expect((await put(upload.upload_url, bytes)).status).toBe(201);
        expectError(
          await orgA.admin.http.put(`${THEMES}/${theme.id}/background`, { variant: 'light', assetId: upload.asset_id }),
          400,
          'invalid_request',
        );
      }
    }
    const theme = await createTheme(orgA.admin.http);
    // An ISO-BMFF file of another brand is no AVIF.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypheicXXXXmif1'), Buffer.alloc(40)]);
    const upload = await requestUpload(orgA.admin.http, theme.id, 'light', 'image/avif', heic.length);
    await put(upload.upload_url, heic);
    expectError(
      await orgA.admin.http.put(`${THEMES}/${theme.id}/background`, { variant: 'light', assetId: upload.asset_id }),
      400,
      'invalid_request',
    );
  });

  it('replacing deletes the old blob and asset; the stylesheet links the current image by redirect', async () => {
    const theme = await createTheme(orgA.admin.http);
    const first = await attachImage(orgA.admin.http, theme.id, 'light');
    const firstKey = (await keyOf(first))!;
    expect(await storage.exists(firstKey)).toBe(true);

    const sheet = (await app.http.get(`/v1/public/themes/${theme.palette_id}/styles.css`)).text;
    const link = `${app.url}/v1/public/themes/${theme.palette_id}/backgrounds/light?v=${first}`;
    expect(sheet).toContain(`--theme-background-image: url("${link}");`);
    const redirect = await fetch(link, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe('public, max-age=300');
    const image = await fetch(redirect.headers.get('location')!);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(IMAGES['image/png']);

    const second = await attachImage(orgA.admin.http, theme.id, 'light', 'image/webp');
    expect(await storage.exists(firstKey)).toBe(false);
    expect(await keyOf(first)).toBeNull();
    expect(await storage.exists((await keyOf(second))!)).toBe(true);
    expectError(
      await orgA.admin.http.put(`${THEMES}/${theme.id}/background`, { variant: 'light', assetId: first }),
      404,
      'not_found',
    );
    const next = await fetch(`${app.url}/v1/public/themes/${theme.id}/backgrounds/light`, { redirect: 'manual' });
    const webp = await fetch(next.headers.get('location')!);
    expect(Buffer.from(await webp.arrayBuffer())).toEqual(IMAGES['image/webp']);
    expect((await app.http.get(`/v1/public/themes/${theme.palette_id}/styles.css`)).text).toContain(`?v=${second}`);

    // No background: 404, as for built-in palettes and unknown themes.
    expectError(await app.http.get(`/v1/public/themes/${theme.palette_id}/backgrounds/dark`), 404, 'not_found');
    expectError(await app.http.get(`/v1/public/themes/cortex/backgrounds/light`), 404, 'not_found');
    expectError(await app.http.get(`/v1/public/themes/${randomId()}/backgrounds/light`), 404, 'not_found');
    expectError(await app.http.get(`/v1/public/themes/${theme.id}/backgrounds/dusk`), 404, 'not_found');
  });

  it('clears a variant: 204, its blob deleted, gone from the stylesheet; clearing again is 204', async () => {
    const theme = await createTheme(orgA.admin.http);
    const light = await attachImage(orgA.admin.http, theme.id, 'light');
    const dark = await attachImage(orgA.admin.http, theme.id, 'dark', 'image/jpeg');
    const lightKey = (await keyOf(light))!;
    const res = await orgA.admin.http.delete(`${THEMES}/${theme.id}/background/light`);
    expect(res.status, res.text).toBe(204);
    expect(await storage.exists(lightKey)).toBe(false);
    const after = (await orgA.admin.http.get(`${THEMES}/${theme.id}`)).body.theme;
    expect(after).toMatchObject({ background_light_asset_id: null, background_dark_asset_id: dark });
    const sheet = (await app.http.get(`/v1/public/themes/${theme.id}/styles.css`)).text;
    expect(sheet).not.toContain('backgrounds/light');
    expect(sheet).toContain(`backgrounds/dark?v=${dark}`);
    expect((await orgA.admin.http.delete(`${THEMES}/${theme.id}/background/light`)).status).toBe(204);
    expectError(await orgA.admin.http.delete(`${THEMES}/${theme.id}/background/dusk`), 404, 'not_found');
    expectError(await orgA.admin.http.delete(`${THEMES}/${randomId()}/background/light`), 404, 'not_found');
  });

  it('sweeps an asset never attached once it can no longer be attached, and keeps attached ones', async () => {
    const theme = await createTheme(orgA.admin.http);
    const attached = await attachImage(orgA.admin.http, theme.id, 'light');
    const png = IMAGES['image/png'];
    const pending = await requestUpload(orgA.admin.http, theme.id, 'dark', 'image/png', png.length);
    expect((await put(pending.upload_url, png)).status).toBe(201);
    const pendingKey = (await keyOf(pending.asset_id))!;

    // Past the URL's 15 minutes and the 5 minutes' grace, the asset cannot be attached.
    app.clock.advance(20 * 60 * 1000 + 1000);
    expectError(
      await orgA.admin.http.put(`${THEMES}/${theme.id}/background`, { variant: 'dark', assetId: pending.asset_id }),
      409,
      'upload_incomplete',
    );
    await runSweep(pending.asset_id);
    expect(await keyOf(pending.asset_id)).toBeNull();
    expect(await storage.exists(pendingKey)).toBe(false);
    expectError(
      await orgA.admin.http.put(`${THEMES}/${theme.id}/background`, { variant: 'dark', assetId: pending.asset_id }),
      404,
      'not_found',
    );

    await runSweep(attached);
    expect(await storage.exists((await keyOf(attached))!)).toBe(true);
    expect((await orgA.admin.http.get(`${THEMES}/${theme.id}`)).body.theme.background_light_asset_id).toBe(attached);
  });

  it('deleting the theme deletes every image of it, attached or pending', async () => {
    const theme = await createTheme(orgA.admin.http);
    const attached = await attachImage(orgA.admin.http, theme.id, 'dark');
    const png = IMAGES['image/png'];
    const pending = await requestUpload(orgA.admin.http, theme.id, 'light', 'image/png', png.length);
    await put(pending.upload_url, png);
    const keys = [(await keyOf(attached))!, (await keyOf(pending.asset_id))!];
    expect((await orgA.admin.http.delete(`${THEMES}/${theme.id}`)).status).toBe(204);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
    expect(await keyOf(attached)).toBeNull();
    // The pending asset's sweep still runs, on a row that is gone.
    await runSweep(pending.asset_id);
  });

  it('caps the images a theme holds at once at 10 (409 limit_reached)', async () => {
    const theme = await createTheme(orgA.admin.http);
    for (let i = 0; i < 10; i++) await requestUpload(orgA.admin.http, theme.id, 'light', 'image/png', 10);
    expectError(
      await orgA.admin.http.post(`${THEMES}/${theme.id}/background`, {
        variant: 'light',
        mimeType: 'image/png',
        sizeBytes: 10,
      }),
      409,
      'limit_reached',
    );
  });

  it('guards the background routes: 401, 403 for members and member keys, 404 across organizations', async () => {
    const theme = await createTheme(orgA.admin.http);
    const member = await addUser(app, orgA.admin.http, { role: 'member' });
    const memberKey = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
    const forbidden = [
      { credential: member.token, code: 'forbidden' },
      { credential: memberKey, code: 'forbidden' },
    ];
    const attached = await attachImage(orgA.admin.http, theme.id, 'light');
    const crossOrg = (path: string) => ({ credential: orgB.admin.token, missingPath: path });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/themes/:themeId/background',
      path: `${THEMES}/${theme.id}/background`,
      body: { variant: 'light', mimeType: 'image/png', sizeBytes: 10 },
      forbidden,
      crossOrg: crossOrg(`${THEMES}/${randomId()}/background`),
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'PUT /v1/organization/themes/:themeId/background',
      path: `${THEMES}/${theme.id}/background`,
      body: { variant: 'light', assetId: attached },
      forbidden,
      crossOrg: crossOrg(`${THEMES}/${randomId()}/background`),
    });
    for (const variant of ['light', 'dark']) {
      await expectRouteSecurity({
        http: app.http,
        route: 'DELETE /v1/organization/themes/:themeId/background/:variant',
        path: `${THEMES}/${theme.id}/background/${variant}`,
        params: { variant: ['light', 'dark'] },
        forbidden,
        crossOrg: crossOrg(`${THEMES}/${randomId()}/background/${variant}`),
      });
    }
    // orgB's admin attaching orgA's asset to a theme of orgB: the asset is not found.
    const theirs = await createTheme(orgB.admin.http);
    expectError(
      await orgB.admin.http.put(`${THEMES}/${theirs.id}/background`, { variant: 'light', assetId: attached }),
      404,
      'not_found',
    );
    expect((await orgA.admin.http.get(`${THEMES}/${theme.id}`)).body.theme.background_light_asset_id).toBe(attached);
  });
});
