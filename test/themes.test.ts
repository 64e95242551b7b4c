import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, createServiceAccountWithKey, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const THEMES = '/v1/organization/themes';
const FIELDS = [
  'background_dark_asset_id',
  'background_light_asset_id',
  'brand_inputs',
  'created_at',
  'dark_enabled',
  'dark_tokens',
  'id',
  'light_enabled',
  'light_tokens',
  'name',
  'palette_id',
  'surface',
  'updated_at',
];

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let forbidden: { credential: string; code: string }[];

async function create(http: Client, body: Record<string, unknown>) {
  const res = await http.post(THEMES, body);
  expect(res.status, res.text).toBe(201);
  expect(Object.keys(res.body)).toEqual(['theme']);
  return res.body.theme;
}

beforeAll(async () => {
  app = await startTestApp();
  [orgA, orgB] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
  const member = await addUser(app, orgA.admin.http, { role: 'member' });
  const memberKey = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
  forbidden = [
    { credential: member.token, code: 'forbidden' },
    { credential: memberKey, code: 'forbidden' },
  ];
});
afterAll(() => app?.close());

describe('themes', () => {
  it('creates a theme with defaults, trimmed, answered as { theme } with its palette id', async () => {
    const theme = await create(orgA.admin.http, {
      name: '  Ocean  ',
      lightTokens: { '--color-primary': ' #0055aa ', '--radius-lg': '12px' },
    });
    expect(Object.keys(theme).sort()).toEqual(FIELDS);
    expect(theme).toEqual({
      id: expect.stringMatching(UUID),
      palette_id: `custom-${theme.id}`,
      name: 'Ocean',
      surface: 'glass',
      light_enabled: true,
      dark_enabled: true,
      light_tokens: { '--color-primary': '#0055aa', '--radius-lg': '12px' },
      dark_tokens: {},
      background_light_asset_id: null,
      background_dark_asset_id: null,
      brand_inputs: null,
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
    const brandInputs = {
      brief: 'Calm and maritime',
      attachments: [
        {
          kind: 'site',
          label: 'Homepage',
          url: 'https://example.com',
          brand_name: 'Ocean Co',
          colors: ['#0055aa'],
          neutrals: ['#f0f0f0'],
        },
      ],
    };
    const full = await create(orgA.admin.http, {
      name: 'Flat dark',
      surface: 'flat',
      light_enabled: false,
      dark_enabled: true,
      dark_tokens: { '--color-background': '#000000', '--font-body': '"Inter", sans-serif' },
      brand_inputs: brandInputs,
    });
    expect(full).toMatchObject({
      surface: 'flat',
      light_enabled: false,
      dark_enabled: true,
      dark_tokens: { '--color-background': '#000000', '--font-body': '"Inter", sans-serif' },
      brand_inputs: brandInputs,
    });

    const got = await orgA.admin.http.get(`${THEMES}/${full.id}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body).toEqual({ theme: full });
  });

  it('lists the organization’s themes only, newest first, without the built-in palettes', async () => {
    const org = await createOrgWithAdmin(app);
    const empty = await org.admin.http.get(THEMES);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ themes: [] });
    const first = await create(org.admin.http, { name: 'First' });
    const second = await create(org.admin.http, { name: 'Second' });
    const list = await org.admin.http.get(THEMES);
    expect(list.body).toEqual({ themes: [second, first] });
  });

  it('refuses every forbidden token value with 400 invalid_request', async () => {
    const refused = [
      'red; --x: blue',
      'red }',
      '{ red',
      '@import "x"',
      'url(https://evil.test/x.png)',
      'URL(x)',
      'url (x)',
      'u\\rl(x)',
      '\\75 rl(x)',
      'image-set("a.png" 1x)',
      '-webkit-image-set("a.png" 1x)',
      'src("a")',
      'cross-fade(a, b)',
      'element(#x)',
      'expression(alert(1))',
      'red /* note */',
      'red */',
      '</style><script>alert(1)</script>',
      '<b>',
      'a > b',
      '<!-- x',
      '--> x',
      'red\nblue',
      'red\rblue',
      'red\tblue',
      'a\u0001b',
      'a\u007fb',
      '',
      '   ',
      'x'.repeat(201),
      '"unclosed',
      "it's",
      'calc(1px + 2px',
      'calc(1px + 2px))',
      '[a',
      '(a]',
    ];
    for (const value of refused) {
      for (const variant of ['light_tokens', 'dark_tokens']) {
        const res = await orgA.admin.http.post(THEMES, { name: 'Bad', [variant]: { '--color-text': value } });
        expectError(res, 400, 'invalid_request');
      }
    }
    // What is allowed: strings, functions that load nothing, nested brackets, non-ASCII, 200 characters.
    const fine = await create(orgA.admin.http, {
      name: 'Fine',
      light_tokens: {
        '--a': 'calc(100% - (2 * var(--b, 4px)))',
        '--b': '\'Menlo\', "Fira Code", monospace',
        '--c': 'rgb(0 0 0 / 50%)',
        '--d': 'linear-gradient(90deg, #fff 0%, #000 100%)',
        '--e': '"é ü ✓"',
        '--f': 'x'.repeat(200),
      },
    });
    expect(fine.light_tokens['--f']).toHaveLength(200);
  });

  it('refuses bad token names: pattern, 65 characters, reserved; accepts 64', async () => {
    for (const name of [
      'color',
      '-color',
      '--',
      '--Color',
      '--color_primary',
      '--color--primary',
      '--color-',
      '---x',
      '--colör',
      '-- x',
      `--${'a'.repeat(63)}`,
      '--theme-background-image',
      '--theme-surface',
      '__proto__',
    ]) {
      expectError(
        await orgA.admin.http.post(THEMES, { name: 'Bad', light_tokens: { [name]: 'red' } }),
        400,
        'invalid_request',
      );
    }
    const longest = `--${'a'.repeat(62)}`;
    expect(longest).toHaveLength(64);
    const ok = await create(orgA.admin.http, { name: 'Long', dark_tokens: { [longest]: 'red', '--x1-2y': '1' } });
    expect(ok.dark_tokens).toEqual({ [longest]: 'red', '--x1-2y': '1' });

    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`--t${i}`, '1']));
    expectError(await orgA.admin.http.post(THEMES, { name: 'Many', light_tokens: many }), 400, 'invalid_request');
    delete many['--t200'];
    expect(
      Object.keys((await create(orgA.admin.http, { name: 'Many', light_tokens: many })).light_tokens),
    ).toHaveLength(200);
  });

  it('validates the other fields: name 0/80/81, surface, both variants off, unknown fields, brand inputs', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(81) },
      { name: 5 },
      { name: 'ok', surface: 'glossy' },
      { name: 'ok', light_enabled: false, dark_enabled: false },
      { name: 'ok', light_enabled: 'yes' },
      { name: 'ok', light_tokens: ['red'] },
      { name: 'ok', light_tokens: { '--x': 5 } },
      { name: 'ok', colour: 'red' },
      { name: 'ok', brand_inputs: { brief: 'x' } },
      { name: 'ok', brand_inputs: { brief: 'x'.repeat(2001), attachments: [] } },
      { name: 'ok', brand_inputs: { brief: null, attachments: [{ kind: 'site', label: 'x', colors: [] }] } },
      {
        name: 'ok',
        brand_inputs: { brief: null, attachments: [{ kind: 'pdf', label: 'x', colors: [], neutrals: [] }] },
      },
      {
        name: 'ok',
        brand_inputs: {
          brief: null,
          attachments: [{ kind: 'site', label: 'x', url: 'javascript:alert(1)', colors: [], neutrals: [] }],
        },
      },
      {
        name: 'ok',
        brand_inputs: { brief: null, attachments: [{ kind: 'book', label: 'x', colors: ['red'], neutrals: [] }] },
      },
    ]) {
      expectError(await orgA.admin.http.post(THEMES, body), 400, 'invalid_request');
    }
    expect((await create(orgA.admin.http, { name: 'x'.repeat(80) })).name).toHaveLength(80);
    expect((await create(orgA.admin.http, { name: 'Light only', dark_enabled: false })).dark_enabled).toBe(false);
  });

  it('patches: token maps replace their variant wholesale, the enabling rule holds for the merged theme', async () => {
    const theme = await create(orgA.admin.http, {
      name: 'Patchable',
      light_tokens: { '--a': '1', '--b': '2' },
      dark_tokens: { '--c': '3' },
      brand_inputs: { brief: 'x', attachments: [] },
    });
    const patched = await orgA.admin.http.patch(`${THEMES}/${theme.id}`, { lightTokens: { '--z': '9' } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.theme).toMatchObject({ light_tokens: { '--z': '9' }, dark_tokens: { '--c': '3' } });
    expect(Date.parse(patched.body.theme.updated_at)).toBeGreaterThanOrEqual(Date.parse(theme.updated_at));

    const renamed = await orgA.admin.http.patch(`${THEMES}/${theme.id}`, {
      name: ' Renamed ',
      surface: 'flat',
      brand_inputs: null,
      dark_tokens: {},
    });
    expect(renamed.body.theme).toMatchObject({
      name: 'Renamed',
      surface: 'flat',
      brand_inputs: null,
      light_tokens: { '--z': '9' },
      dark_tokens: {},
    });

    const lightOff = await orgA.admin.http.patch(`${THEMES}/${theme.id}`, { light_enabled: false });
    expect(lightOff.body.theme).toMatchObject({ light_enabled: false, dark_enabled: true });
    // The merged theme would have no variant left.
    expectError(await orgA.admin.http.patch(`${THEMES}/${theme.id}`, { dark_enabled: false }), 400, 'invalid_request');
    expectError(
      await orgA.admin.http.patch(`${THEMES}/${theme.id}`, { light_enabled: false, dark_enabled: false }),
      400,
      'invalid_request',
    );
    // Switching both at once is fine.
    const swapped = await orgA.admin.http.patch(`${THEMES}/${theme.id}`, { light_enabled: true, dark_enabled: false });
    expect(swapped.body.theme).toMatchObject({ light_enabled: true, dark_enabled: false });

    for (const body of [
      {},
      { name: '' },
      { name: 'x'.repeat(81) },
      { light_tokens: { '--x': 'url(a)' } },
      { id: 'x' },
    ]) {
      expectError(await orgA.admin.http.patch(`${THEMES}/${theme.id}`, body), 400, 'invalid_request');
    }
    const after = await orgA.admin.http.get(`${THEMES}/${theme.id}`);
    expect(after.body.theme).toEqual(swapped.body.theme);
  });

  it('takes the raw uuid only: a palette id or another string is 404', async () => {
    const theme = await create(orgA.admin.http, { name: 'By uuid' });
    for (const id of [theme.palette_id, 'cortex', 'not-a-uuid']) {
      expectError(await orgA.admin.http.get(`${THEMES}/${id}`), 404, 'not_found');
      expectError(await orgA.admin.http.patch(`${THEMES}/${id}`, { name: 'x' }), 404, 'not_found');
      expectError(await orgA.admin.http.delete(`${THEMES}/${id}`), 404, 'not_found');
    }
  });

  it('deletes a theme: 204, then 404 everywhere', async () => {
    const theme = await create(orgA.admin.http, { name: 'Doomed' });
    const res = await orgA.admin.http.delete(`${THEMES}/${theme.id}`);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expectError(await orgA.admin.http.get(`${THEMES}/${theme.id}`), 404, 'not_found');
    expectError(await orgA.admin.http.delete(`${THEMES}/${theme.id}`), 404, 'not_found');
    expectError(await orgA.admin.http.patch(`${THEMES}/${theme.id}`, { name: 'x' }), 404, 'not_found');
  });

  it('caps the themes of an organization at 100 (409 limit_reached)', async () => {
    const org = await createOrgWithAdmin(app);
    for (let i = 0; i < 100; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => create(org.admin.http, { name: `T${i + j}` })));
    }
    expectError(await org.admin.http.post(THEMES, { name: 'One too many' }), 409, 'limit_reached');
    const { themes } = (await org.admin.http.get(THEMES)).body;
    expect(themes).toHaveLength(100);
    await org.admin.http.delete(`${THEMES}/${themes[0].id}`);
    await create(org.admin.http, { name: 'Room again' });
  });

  it('guards every route: 401, 403 for members and member keys, 404 across organizations', async () => {
    const theme = await create(orgA.admin.http, { name: 'Guarded' });
    const foreign = await create(orgB.admin.http, { name: 'Foreign' });
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/organization/themes', path: THEMES, forbidden });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/themes',
      path: THEMES,
      body: { name: 'Refused' },
      forbidden,
    });
    for (const c of [
      { route: 'GET /v1/organization/themes/:themeId', body: undefined },
      { route: 'PATCH /v1/organization/themes/:themeId', body: { name: 'Refused' } },
      { route: 'DELETE /v1/organization/themes/:themeId', body: undefined },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: `${THEMES}/${theme.id}`,
        body: c.body,
        forbidden,
        crossOrg: { credential: orgB.admin.token, missingPath: `${THEMES}/${randomId()}` },
      });
    }
    // orgB's list does not show orgA's theme, nor orgA's its.
    const listB = (await orgB.admin.http.get(THEMES)).body.themes.map((t: any) => t.id);
    expect(listB).toEqual([foreign.id]);
    expect((await orgA.admin.http.get(`${THEMES}/${theme.id}`)).body.theme.name).toBe('Guarded');
  });
});
