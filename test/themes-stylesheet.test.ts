import * as csstree from 'css-tree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PALETTES } from '../src/modules/themes/colors/palettes.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { randomId } from './helpers/security.ts';

const THEMES = '/v1/organization/themes';
const css = (id: string) => `/v1/public/themes/${id}/styles.css`;

interface ParsedRule {
  selector: string;
  media: string | null;
  declarations: Record<string, string>;
}

/** Every rule of the stylesheet with its selector, enclosing @media prelude and declarations; parse errors fail. */
function parseStylesheet(text: string): ParsedRule[] {
  const errors: string[] = [];
  const ast = csstree.parse(text, { onParseError: (error) => errors.push(error.message) });
  expect(errors).toEqual([]);
  const rules: ParsedRule[] = [];
  const atRules: string[] = [];
  csstree.walk(ast, {
    enter(node: csstree.CssNode) {
      if (node.type === 'Atrule') atRules.push(node.name);
      if (node.type !== 'Rule') return;
      const declarations: Record<string, string> = {};
      for (const child of node.block.children.toArray()) {
        expect(child.type).toBe('Declaration');
        const declaration = child as csstree.Declaration;
        expect(Object.hasOwn(declarations, declaration.property), `${declaration.property} twice`).toBe(false);
        declarations[declaration.property] = csstree.generate(declaration.value).trim();
      }
      const atrule = (this as { atrule: csstree.Atrule | null }).atrule;
      rules.push({
        selector: csstree.generate(node.prelude),
        media: atrule?.prelude ? `${atrule.name} ${csstree.generate(atrule.prelude)}` : null,
        declarations,
      });
    },
  });
  // The only at-rule is the system dark preference.
  expect(atRules.every((name) => name === 'media')).toBe(true);
  return rules;
}

let app: TestApp;
let org: TestOrg;

async function createTheme(http: Client, body: Record<string, unknown>) {
  const res = await http.post(THEMES, body);
  expect(res.status, res.text).toBe(201);
  return res.body.theme;
}

const LIGHT = { '--color-primary': '#0055aa', '--font-body': '"Inter", sans-serif', '--a-first': '1px' };
const DARK = { '--color-primary': '#88bbff', '--shadow': '0 1px 2px rgb(0 0 0 / 40%)' };

beforeAll(async () => {
  app = await startTestApp();
  org = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

describe('public theme stylesheet', () => {
  it('compiles both variants: :root light, [data-theme="dark"] and the system dark preference', async () => {
    const theme = await createTheme(org.admin.http, { name: 'Both', light_tokens: LIGHT, dark_tokens: DARK });
    const res = await app.http.get(css(theme.palette_id));
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, must-revalidate');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);

    const light = { 'color-scheme': 'light', '--theme-surface': 'glass', ...LIGHT };
    const dark = { 'color-scheme': 'dark', '--theme-surface': 'glass', ...DARK };
    expect(parseStylesheet(res.text)).toEqual([
      { selector: ':root', media: null, declarations: light },
      { selector: '[data-theme="dark"]', media: null, declarations: dark },
      { selector: ':root:not([data-theme="light"])', media: 'media (prefers-color-scheme:dark)', declarations: dark },
    ]);
    // Deterministic: tokens in code-point order, the same bytes on every request.
    const rootNames = Object.keys(parseStylesheet(res.text)[0]!.declarations).slice(2);
    expect(rootNames).toEqual([...rootNames].sort());
    expect((await app.http.get(css(theme.palette_id))).text).toBe(res.text);
  });

  it('omits a disabled variant; a dark-only theme styles :root dark', async () => {
    const lightOnly = await createTheme(org.admin.http, {
      name: 'Light',
      surface: 'flat',
      dark_enabled: false,
      light_tokens: LIGHT,
      dark_tokens: DARK,
    });
    expect(parseStylesheet((await app.http.get(css(lightOnly.palette_id))).text)).toEqual([
      {
        selector: ':root',
        media: null,
        declarations: { 'color-scheme': 'light', '--theme-surface': 'flat', ...LIGHT },
      },
    ]);
    const darkOnly = await createTheme(org.admin.http, {
      name: 'Dark',
      light_enabled: false,
      light_tokens: LIGHT,
      dark_tokens: DARK,
    });
    const text = (await app.http.get(css(darkOnly.palette_id))).text;
    expect(parseStylesheet(text)).toEqual([
      { selector: ':root', media: null, declarations: { 'color-scheme': 'dark', '--theme-surface': 'glass', ...DARK } },
    ]);
    expect(text).not.toContain('#0055aa');
  });

  it('serves by palette id or bare uuid, and every built-in palette by its id', async () => {
    const theme = await createTheme(org.admin.http, { name: 'Ids', light_tokens: LIGHT, dark_tokens: DARK });
    const byPalette = await app.http.get(css(theme.palette_id));
    const byUuid = await app.http.get(css(theme.id));
    expect(byUuid.status).toBe(200);
    expect(byUuid.text).toBe(byPalette.text);
    expect(byUuid.headers.get('etag')).toBe(byPalette.headers.get('etag'));

    expect(BUILT_IN_PALETTES.length).toBeGreaterThan(0);
    for (const palette of BUILT_IN_PALETTES) {
      const res = await app.http.get(css(palette.id));
      expect(res.status, res.text).toBe(200);
      const surface = { '--theme-surface': palette.surface };
      expect(parseStylesheet(res.text)).toEqual([
        {
          selector: ':root',
          media: null,
          declarations: { 'color-scheme': 'light', ...surface, ...palette.light_tokens },
        },
        {
          selector: '[data-theme="dark"]',
          media: null,
          declarations: { 'color-scheme': 'dark', ...surface, ...palette.dark_tokens },
        },
        {
          selector: ':root:not([data-theme="light"])',
          media: 'media (prefers-color-scheme:dark)',
          declarations: { 'color-scheme': 'dark', ...surface, ...palette.dark_tokens },
        },
      ]);
    }
  });

  it('needs no credential: a bad or foreign bearer changes nothing', async () => {
    const theme = await createTheme(org.admin.http, { name: 'Open', light_tokens: LIGHT });
    const plain = await app.http.get(css(theme.palette_id));
    for (const authorization of ['Bearer nonsense', 'Basic dXNlcjpwYXNz']) {
      const res = await app.http.get(css(theme.palette_id), { headers: { authorization } });
      expect(res.status).toBe(200);
      expect(res.text).toBe(plain.text);
    }
    const other = await createOrgWithAdmin(app);
    expect((await other.admin.http.get(css(theme.palette_id))).text).toBe(plain.text);
  });

  it('answers If-None-Match with 304 (list, weak form, *), and a new ETag after an edit', async () => {
    const theme = await createTheme(org.admin.http, { name: 'Cached', light_tokens: LIGHT, dark_tokens: DARK });
    const first = await app.http.get(css(theme.palette_id));
    const etag = first.headers.get('etag')!;
    expect(etag.startsWith('W/')).toBe(false);
    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const res = await app.http.get(css(theme.palette_id), { headers: { 'if-none-match': ifNoneMatch } });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.text).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60, must-revalidate');
    }
    const stale = await app.http.get(css(theme.palette_id), { headers: { 'if-none-match': '"stale"' } });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);

    const patched = await org.admin.http.patch(`${THEMES}/${theme.id}`, {
      light_tokens: { '--color-primary': '#111111' },
    });
    expect(patched.status, patched.text).toBe(200);
    const edited = await app.http.get(css(theme.palette_id), { headers: { 'if-none-match': etag } });
    expect(edited.status).toBe(200);
    expect(edited.headers.get('etag')).not.toBe(etag);
    expect(parseStylesheet(edited.text)[0]!.declarations['--color-primary']).toBe('#111111');
    const again = await app.http.get(css(theme.palette_id), {
      headers: { 'if-none-match': edited.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('is 404 for an unknown, malformed or deleted theme', async () => {
    const theme = await createTheme(org.admin.http, { name: 'Gone' });
    expect((await org.admin.http.delete(`${THEMES}/${theme.id}`)).status).toBe(204);
    for (const id of [
      randomId(),
      `custom-${randomId()}`,
      theme.palette_id,
      theme.id,
      'nope',
      'custom-',
      'custom-cortex',
      'x'.repeat(101),
    ]) {
      expectError(await app.http.get(css(id)), 404, 'not_found');
    }
  });

  it('stays bounded and parseable at the validation limits', async () => {
    const big = (prefix: string) =>
      Object.fromEntries(
        Array.from({ length: 200 }, (_, i) => [
          `--${prefix}-${String(i).padStart(3, '0')}-${'a'.repeat(56)}`,
          `"${'v'.repeat(198)}"`,
        ]),
      );
    const light = big('l');
    const dark = big('d');
    expect(Object.keys(light)[0]).toHaveLength(64);
    const theme = await createTheme(org.admin.http, { name: 'Largest', light_tokens: light, dark_tokens: dark });
    const res = await app.http.get(css(theme.palette_id));
    expect(res.status).toBe(200);
    // 3 blocks of 200 declarations of at most 64 + 200 characters and their punctuation.
    expect(res.text.length).toBeLessThan(3 * 200 * 280);
    const rules = parseStylesheet(res.text);
    expect(rules.map((r) => Object.keys(r.declarations).length)).toEqual([202, 202, 202]);
  });
});
