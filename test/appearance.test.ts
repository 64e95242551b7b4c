import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PALETTES, DEFAULT_PALETTE_ID } from '../src/modules/themes/colors/palettes.ts';
import { createThemesService, type ThemesService } from '../src/modules/themes/service.ts';
import { createBlobStorage } from '../src/platform/storage/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { attached, samples } from './helpers/branding.ts';
import { addUser, createOrgWithAdmin, createServiceAccountWithKey, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const APPEARANCE = '/v1/organization/appearance';
const THEMES = '/v1/organization/themes';
const BUILT_INS = BUILT_IN_PALETTES.map((p) => p.id);
const NO_LOGO = { light_url: null, dark_url: null };

/** A palette as the appearance names it: a built-in by its id, or a custom theme (both variants unless said). */
const paletteOf = (id: string, custom?: { name: string; light?: boolean; dark?: boolean }) => ({
  id,
  name: custom?.name ?? BUILT_IN_PALETTES.find((p) => p.id === id)!.name,
  light_enabled: custom?.light ?? true,
  dark_enabled: custom?.dark ?? true,
});

/** The appearance body: the stored choice, the allowed palettes named (built-ins unless given), no logo. */
const view = (allowed: string[], defaultTheme: string | null, palettes = allowed.map((id) => paletteOf(id))) => ({
  appearance: { allowed_themes: allowed, default_theme: defaultTheme, palettes, logo: NO_LOGO },
});

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let themes: ThemesService;

async function createTheme(http: Client, body: Record<string, unknown> = {}) {
  const res = await http.post(THEMES, { name: 'Custom', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.theme;
}

async function putAppearance(http: Client, body: Record<string, unknown>) {
  const res = await http.put(APPEARANCE, body);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

beforeAll(async () => {
  app = await startTestApp();
  [orgA, orgB] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
  // The generators' entry point, on the app's database.
  themes = createThemesService({
    db: app.server.database.db,
    storage: createBlobStorage(app.config, { baseUrl: () => app.url }),
  });
});
afterAll(() => app?.close());

describe('organization appearance', () => {
  it('offers every built-in palette with the default one until an admin chooses', async () => {
    const org = await createOrgWithAdmin(app);
    const res = await org.admin.http.get(APPEARANCE);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(view(BUILT_INS, DEFAULT_PALETTE_ID));
    expect(BUILT_INS).toContain(DEFAULT_PALETTE_ID);
  });

  it('sets built-in and custom palettes with a default among them; members and member keys read it', async () => {
    const theme = await createTheme(orgA.admin.http);
    const body = { allowedThemes: [theme.palette_id, BUILT_INS[0]], defaultTheme: theme.palette_id };
    const expected = view(body.allowedThemes, theme.palette_id, [
      paletteOf(theme.palette_id, { name: 'Custom' }),
      paletteOf(BUILT_INS[0]!),
    ]);
    expect(await putAppearance(orgA.admin.http, body)).toEqual(expected);

    const member = await addUser(app, orgA.admin.http, { role: 'member' });
    const memberKey = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
    for (const http of [orgA.admin.http, member.http, app.http.as(memberKey)]) {
      const res = await http.get(APPEARANCE);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual(expected);
    }
    // Another organization still has its own (the built-ins).
    expect((await orgB.admin.http.get(APPEARANCE)).body.appearance.allowed_themes).toEqual(BUILT_INS);

    // Without a default (null or omitted): none is set.
    expect(await putAppearance(orgA.admin.http, { allowed_themes: [BUILT_INS[0]] })).toEqual(
      view([BUILT_INS[0]!], null),
    );
  });

  it('names each palette with the variants it has, and carries the logos members’ apps show', async () => {
    const org = await createOrgWithAdmin(app);
    const lightOnly = await createTheme(org.admin.http, { name: 'Daylight', dark_enabled: false });
    await putAppearance(org.admin.http, { allowed_themes: [lightOnly.palette_id, BUILT_INS[0]] });
    const branding = await attached(org.admin.http, 'logo_light', 'image/png', samples.png, 'mark.png');
    const member = await addUser(app, org.admin.http, { role: 'member' });
    const res = await member.http.get(APPEARANCE);
    expect(res.status, res.text).toBe(200);
    expect(res.body.appearance.palettes).toEqual([
      paletteOf(lightOnly.palette_id, { name: 'Daylight', dark: false }),
      paletteOf(BUILT_INS[0]!),
    ]);
    const { light_url: light, dark_url: dark } = res.body.appearance.logo;
    expect(dark).toBeNull();
    // A signed URL of the same blob as the branding's own (the signature may differ by its time).
    expect(new URL(light).pathname).toBe(new URL(branding.logo_light.get_url).pathname);
    const image = await fetch(light);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(samples.png);
  });

  it('refuses a default outside the list, unknown ids, another organization’s themes, duplicates, an empty list', async () => {
    const mine = await createTheme(orgA.admin.http);
    const theirs = await createTheme(orgB.admin.http);
    const before = (await orgA.admin.http.get(APPEARANCE)).body;
    for (const body of [
      { allowed_themes: [BUILT_INS[0]], default_theme: mine.palette_id },
      { allowed_themes: [mine.palette_id], default_theme: BUILT_INS[0] },
      { allowed_themes: ['no-such-palette'] },
      { allowed_themes: [`custom-${randomId()}`] },
      { allowed_themes: [theirs.palette_id] },
      { allowed_themes: [mine.palette_id, theirs.palette_id], default_theme: mine.palette_id },
      { allowed_themes: [mine.id] },
      { allowed_themes: [`custom-${mine.id.toUpperCase()}`] },
      { allowed_themes: [BUILT_INS[0], BUILT_INS[0]] },
      { allowed_themes: [] },
      { allowed_themes: 'cortex' },
      { default_theme: BUILT_INS[0] },
      { allowed_themes: ['x'.repeat(101)] },
      { allowed_themes: Array.from({ length: 201 }, (_, i) => `p${i}`) },
      { allowed_themes: [BUILT_INS[0]], extra: true },
    ]) {
      expectError(await orgA.admin.http.put(APPEARANCE, body), 400, 'invalid_request');
    }
    expect((await orgA.admin.http.get(APPEARANCE)).body).toEqual(before);
  });

  it('deleting a theme removes it from the list and clears it as default; an empty list falls back to the built-ins', async () => {
    const org = await createOrgWithAdmin(app);
    const [kept, doomed] = [await createTheme(org.admin.http), await createTheme(org.admin.http)];
    await putAppearance(org.admin.http, {
      allowed_themes: [kept.palette_id, doomed.palette_id],
      default_theme: doomed.palette_id,
    });
    expect((await org.admin.http.delete(`${THEMES}/${doomed.id}`)).status).toBe(204);
    expect((await org.admin.http.get(APPEARANCE)).body).toEqual(
      view([kept.palette_id], null, [paletteOf(kept.palette_id, { name: 'Custom' })]),
    );

    await putAppearance(org.admin.http, { allowed_themes: [kept.palette_id], default_theme: kept.palette_id });
    expect((await org.admin.http.delete(`${THEMES}/${kept.id}`)).status).toBe(204);
    expect((await org.admin.http.get(APPEARANCE)).body).toEqual(view(BUILT_INS, null));

    // A theme outside the list leaves the appearance as it is.
    const other = await createTheme(org.admin.http);
    await putAppearance(org.admin.http, { allowed_themes: [BUILT_INS[0]], default_theme: BUILT_INS[0] });
    expect((await org.admin.http.delete(`${THEMES}/${other.id}`)).status).toBe(204);
    expect((await org.admin.http.get(APPEARANCE)).body).toEqual(view([BUILT_INS[0]!], BUILT_INS[0]!));
  });

  it('never keeps a deleted theme when its deletion races an appearance PUT naming it', async () => {
    const org = await createOrgWithAdmin(app);
    for (let i = 0; i < 5; i++) {
      const theme = await createTheme(org.admin.http);
      const [put, deleted] = await Promise.all([
        org.admin.http.put(APPEARANCE, {
          allowed_themes: [theme.palette_id, BUILT_INS[0]],
          default_theme: theme.palette_id,
        }),
        org.admin.http.delete(`${THEMES}/${theme.id}`),
      ]);
      expect(deleted.status).toBe(204);
      expect([200, 400]).toContain(put.status);
      const { appearance } = (await org.admin.http.get(APPEARANCE)).body;
      expect(appearance.allowed_themes).not.toContain(theme.palette_id);
      expect(appearance.default_theme).not.toBe(theme.palette_id);
    }
  });

  it('gives the generators the default custom theme’s colours, as #rrggbb, each null when unreadable', async () => {
    const org = await createOrgWithAdmin(app);
    const orgId = org.org.id;
    expect(await themes.defaultThemeColors(orgId)).toBeNull();
    const tokens = { '--color-primary': '#0055AA', '--color-secondary': 'rgb(255 0 0)', '--color-accent': 'teal' };
    const theme = await createTheme(org.admin.http, {
      light_tokens: tokens,
      dark_tokens: { '--color-primary': '#111111', '--color-secondary': '#222222', '--color-accent': '#333333' },
    });
    await putAppearance(org.admin.http, {
      allowed_themes: [theme.palette_id, BUILT_INS[0]],
      default_theme: BUILT_INS[0],
    });
    expect(await themes.defaultThemeColors(orgId)).toBeNull();

    await putAppearance(org.admin.http, { allowed_themes: [theme.palette_id], default_theme: theme.palette_id });
    expect(await themes.defaultThemeColors(orgId)).toEqual({
      primary: '#0055aa',
      secondary: '#ff0000',
      accent: '#008080',
    });
    await org.admin.http.patch(`${THEMES}/${theme.id}`, { light_enabled: false });
    expect(await themes.defaultThemeColors(orgId)).toEqual({
      primary: '#111111',
      secondary: '#222222',
      accent: '#333333',
    });
    await org.admin.http.patch(`${THEMES}/${theme.id}`, { dark_tokens: { '--color-primary': '#111111' } });
    expect(await themes.defaultThemeColors(orgId)).toEqual({ primary: '#111111', secondary: null, accent: null });
    await org.admin.http.patch(`${THEMES}/${theme.id}`, {
      dark_tokens: { '--color-primary': 'var(--x)', '--color-secondary': '#222222', '--color-accent': '#333333' },
    });
    expect(await themes.defaultThemeColors(orgId)).toEqual({ primary: null, secondary: '#222222', accent: '#333333' });
    // Another organization's id reads nothing of this one's theme.
    expect(await themes.defaultThemeColors(orgA.org.id)).toBeNull();
  });

  it('guards the routes: any credential of the organization reads, only admins write', async () => {
    const member = await addUser(app, orgA.admin.http, { role: 'member' });
    const memberKey = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/organization/appearance', path: APPEARANCE });
    await expectRouteSecurity({
      http: app.http,
      route: 'PUT /v1/organization/appearance',
      path: APPEARANCE,
      body: { allowed_themes: [BUILT_INS[0]] },
      forbidden: [
        { credential: member.token, code: 'forbidden' },
        { credential: memberKey, code: 'forbidden' },
      ],
    });
  });
});
