import { parse as parseCss, walk } from 'css-tree';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COLOR_TOKENS, CONTRAST_RULES } from '../src/modules/themes/colors/tokens.ts';
import { type FakeChatVendor, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { type OrgAdminRouteCast, orgAdminRouteCast, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity } from './helpers/security.ts';
import { wcagContrastOf } from './helpers/wcag.ts';
import { type CatalogModel, catalogModel } from './model-gateway.fixtures.ts';

const SUGGEST = '/v1/organization/themes/suggest-colors';
const DERIVE = '/v1/organization/themes/derive';
const BRAND_TOKENS = [
  '--color-accent',
  '--color-on-accent',
  '--color-on-primary',
  '--color-on-secondary',
  '--color-primary',
  '--color-secondary',
];
/** What a token value may never hold (the theme token rules), checked here without the code's schema. */
const FORBIDDEN_IN_VALUE = /[{};@<>]|url\(|\/\*|\*\//i;

let app: TestApp;
let vendor: FakeChatVendor;
let vendorModel: CatalogModel;
let orgA: TestOrg;
let orgWithModel: TestOrg;
let notAdmins: OrgAdminRouteCast['notAdmins'];

beforeAll(async () => {
  app = await startTestApp();
  vendor = await startFakeOpenAIChat();
  ({ orgA, orgB: orgWithModel, notAdmins } = await orgAdminRouteCast(app));
  vendorModel = await catalogModel(app, { baseUrl: vendor.baseUrl });
  const selected = await orgWithModel.admin.http.put('/v1/organization/model-selections', {
    selections: [{ key: 'text', model_version_id: vendorModel.version.id }],
  });
  expect(selected.status, selected.text).toBe(200);
});
afterEach(() => {
  vendor.reset();
  vendor.requests.splice(0);
});
afterAll(async () => {
  await vendor?.close();
  await app?.close();
});

async function suggest(http: Client, body: Record<string, unknown>) {
  const res = await http.post(SUGGEST, body);
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['dark_tokens', 'light_tokens']);
  return res.body as { light_tokens: Record<string, string>; dark_tokens: Record<string, string> };
}

/** Every value a plain #rrggbb (a parseable colour with nothing a stylesheet could be broken by). */
function expectValidValues(tokens: Record<string, string>) {
  for (const [name, value] of Object.entries(tokens)) {
    expect(name).toMatch(/^--[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(value, name).toMatch(/^#[0-9a-f]{6}$/);
    expect(FORBIDDEN_IN_VALUE.test(value)).toBe(false);
  }
}

/** The tokens as a stylesheet parse (css-tree) into exactly one declaration each, every value one hash colour. */
function expectValidStylesheet(tokens: Record<string, string>) {
  const errors: string[] = [];
  const css = `:root{${Object.entries(tokens)
    .map(([name, value]) => `${name}: ${value};`)
    .join('')}}`;
  const ast = parseCss(css, { parseCustomProperty: true, onParseError: (e) => errors.push(e.message) });
  const declarations: [string, string][] = [];
  walk(ast, {
    visit: 'Declaration',
    enter(node) {
      const first = node.value.type === 'Value' ? node.value.children.first : null;
      declarations.push([node.property, first?.type ?? node.value.type]);
    },
  });
  expect(errors).toEqual([]);
  expect(declarations).toEqual(Object.keys(tokens).map((name) => [name, 'Hash']));
}

/** A full suggestion: every colour token in both variants, valid, and every contrast rule met. */
function expectFullAndReadable(result: { light_tokens: Record<string, string>; dark_tokens: Record<string, string> }) {
  for (const tokens of [result.light_tokens, result.dark_tokens]) {
    expect(Object.keys(tokens).sort()).toEqual([...COLOR_TOKENS].sort());
    expectValidValues(tokens);
    expectValidStylesheet(tokens);
    for (const rule of CONTRAST_RULES) {
      const ratio = wcagContrastOf(tokens[rule.foreground]!, tokens[rule.background]!);
      expect(ratio, `${rule.foreground} on ${rule.background}`).toBeGreaterThanOrEqual(rule.minimum);
    }
  }
}

/** The brand rules a `scope: colors` answer meets against the default palette's background. */
function expectBrandReadable(tokens: Record<string, string>, background: string) {
  expect(Object.keys(tokens).sort()).toEqual(BRAND_TOKENS);
  expectValidValues(tokens);
  for (const name of ['primary', 'secondary', 'accent'])
    expect(wcagContrastOf(tokens[`--color-on-${name}`]!, tokens[`--color-${name}`]!)).toBeGreaterThanOrEqual(4.5);
  expect(wcagContrastOf(tokens['--color-primary']!, background)).toBeGreaterThanOrEqual(3);
}

describe('suggest-colors, deterministic', () => {
  const awkward: [string, Record<string, unknown>][] = [
    ['pure yellow', { colors: ['#FFFF00'] }],
    ['near white', { colors: ['#fafafa'] }],
    ['near black', { colors: ['#050505'] }],
    ['pure blue', { colors: ['#0000ff'] }],
    [
      'twelve colours',
      {
        colors: [
          '#ff0000',
          '#00ff00',
          '#0000ff',
          '#ffff00',
          '#00ffff',
          '#ff00ff',
          '#ffffff',
          '#000000',
          '#808080',
        ].concat(['#123456', '#abcdef', '#fedcba']),
      },
    ],
    ['guidelines naming colours', { guidelines: 'Our palette is navy and gold, with warm accents everywhere.' }],
    ['guidelines with hex codes', { guidelines: 'Primary #E4002B on white; secondary #00205B for headings.' }],
    ['guidelines without colours', { guidelines: 'A calm, trustworthy voice for a regional credit union.' }],
  ];

  for (const [label, input] of awkward)
    for (const surface of ['glass', 'flat'])
      it(`full scope from ${label} (${surface}): every token, every contrast rule, same answer twice`, async () => {
        const body = { ...input, scope: 'full', surface };
        const first = await suggest(orgA.admin.http, body);
        expectFullAndReadable(first);
        expect(await suggest(orgA.admin.http, body)).toEqual(first);
      });

  it('colours scope (the default): the six brand tokens per variant, readable on the built-in backgrounds', async () => {
    for (const colors of [['#ffff00'], ['#fafafa'], ['#050505'], ['#0000ff'], ['#7C3AED', '#10B981']]) {
      const result = await suggest(orgA.admin.http, { colors });
      expectBrandReadable(result.light_tokens, '#ffffff');
      expectBrandReadable(result.dark_tokens, '#0b1120');
    }
  });

  it('keeps a brand colour that already passes, hue kept when one must move', async () => {
    const result = await suggest(orgA.admin.http, { colors: ['#1d4ed8'] });
    expect(result.light_tokens['--color-primary']).toBe('#1d4ed8');
    expect(result.light_tokens['--color-on-primary']).toBe('#ffffff');
    const yellow = await suggest(orgA.admin.http, { colors: ['#ffff00'] });
    const primary = yellow.light_tokens['--color-primary']!;
    expect(primary).not.toBe('#ffff00');
    // Still a yellow: red and green equal-ish and well above blue.
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(primary.slice(i, i + 2), 16)) as [number, number, number];
    expect(Math.abs(r - g)).toBeLessThan(24);
    expect(b).toBeLessThan(r / 4);
  });

  it('takes colours from the body first, then from the guidelines; colour names and case are read', async () => {
    const fromNames = await suggest(orgA.admin.http, { guidelines: 'The brand uses Navy and gold in every document.' });
    const fromHex = await suggest(orgA.admin.http, { colors: ['#000080', '#FFD700'] });
    expect(fromNames).toEqual(fromHex);
    const bodyFirst = await suggest(orgA.admin.http, {
      colors: ['#0000ff'],
      guidelines: 'Everything we print is orange and teal, always.',
    });
    expect(bodyFirst.light_tokens['--color-primary']).toBe('#0000ff');
  });

  it('never asks a model when colours or guidelines are given, even with a brief', async () => {
    await suggest(orgWithModel.admin.http, { brief: 'A bold fintech brand', colors: ['#0f766e'], scope: 'full' });
    await suggest(orgWithModel.admin.http, { brief: 'A bold fintech brand', guidelines: 'x'.repeat(30) });
    expect(vendor.requests).toHaveLength(0);
  });

  it('different guidelines without colours give different hues, the same ones the same answer', async () => {
    const a = await suggest(orgA.admin.http, { guidelines: 'Friendly neighbourhood bakery with fresh bread daily.' });
    const b = await suggest(orgA.admin.http, {
      guidelines: 'Precision engineering for aerospace suppliers worldwide.',
    });
    expect(a.light_tokens['--color-primary']).not.toBe(b.light_tokens['--color-primary']);
    expect(
      await suggest(orgA.admin.http, { guidelines: '  friendly neighbourhood bakery with fresh bread daily.  ' }),
    ).toEqual(a);
  });
});

describe('suggest-colors validation', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['nothing to work from', {}],
    ['empty colours and short fields', { colors: [], brief: '  a ', guidelines: 'short' }],
    ['a brief of 2 characters', { brief: 'ab' }],
    ['13 colours', { colors: Array.from({ length: 13 }, () => '#112233') }],
    ['a malformed hex', { colors: ['#12345g'] }],
    ['a colour name', { colors: ['red'] }],
    ['a short hex', { colors: ['#123'] }],
    ['a brief over 2000', { brief: 'b'.repeat(2001) }],
    ['a brand name over 120', { colors: ['#123456'], brand_name: 'n'.repeat(121) }],
    ['guidelines over 8000', { guidelines: 'g'.repeat(8001) }],
    ['an unknown scope', { colors: ['#123456'], scope: 'everything' }],
    ['an unknown surface', { colors: ['#123456'], surface: 'paper' }],
    ['an unknown field', { colors: ['#123456'], palette: 'x' }],
  ];
  for (const [label, body] of cases)
    it(`400 invalid_request for ${label}`, async () => {
      expectError(await orgA.admin.http.post(SUGGEST, body), 400, 'invalid_request');
    });

  it('says what is missing when there is nothing to work from', async () => {
    const res = await orgA.admin.http.post(SUGGEST, { brief: 'ab', guidelines: 'too short' });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error).toContain('Nothing to work from');
  });
});

describe('suggest-colors from a brief (text model)', () => {
  const usageRows = async (orgId: string) => {
    const result = (await app.server.database.db.execute(
      sql`select model_version_id, input_tokens, output_tokens from usage_events where organization_id = ${orgId}`,
    )) as unknown as { rows: { model_version_id: string; input_tokens: number; output_tokens: number }[] };
    return result.rows;
  };

  it("asks the organization's text model, derives from its colours with the same guarantee, records usage", async () => {
    vendor.script({
      text: ['{"colors":["#ffff00","#fafafa"],"neutrals":["#f5f5f4"]}'],
      usage: { input: 40, output: 20 },
    });
    const before = (await usageRows(orgWithModel.org.id)).length;
    const result = await suggest(orgWithModel.admin.http, {
      brief: 'A sunny, cheerful lemonade brand',
      brand_name: 'Sunny Co',
      scope: 'full',
    });
    expectFullAndReadable(result);
    expect(vendor.requests).toHaveLength(1);
    const sent = JSON.stringify(vendor.requests[0]!.body.messages);
    expect(sent).toContain('A sunny, cheerful lemonade brand');
    expect(sent).toContain('Sunny Co');
    const rows = await usageRows(orgWithModel.org.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      model_version_id: vendorModel.version.id,
      input_tokens: 40,
      output_tokens: 20,
    });
    // The model's colours took the deterministic path: the same colours given directly answer the same.
    expect(await suggest(orgA.admin.http, { colors: ['#ffff00', '#fafafa', '#f5f5f4'], scope: 'full' })).toEqual(
      result,
    );
  });

  it('502 model_error when the model answers garbage, a wrong shape or fails', async () => {
    vendor.script({ text: ['not json at all'] });
    expectError(await orgWithModel.admin.http.post(SUGGEST, { brief: 'Calm blue' }), 502, 'model_error');
    vendor.script({ text: ['{"colors":["blue","#12345g"]}'] });
    expectError(await orgWithModel.admin.http.post(SUGGEST, { brief: 'Calm blue' }), 502, 'model_error');
    vendor.script({ text: ['{"colors":[]}'] });
    expectError(await orgWithModel.admin.http.post(SUGGEST, { brief: 'Calm blue' }), 502, 'model_error');
    vendor.script(
      ...Array.from({ length: 5 }, () => ({ status: 500, error: { message: 'boom', type: 'server_error' } })),
    );
    expectError(await orgWithModel.admin.http.post(SUGGEST, { brief: 'Calm blue' }), 502, 'model_error');
  });

  it('400 no_text_model when the organization has no usable text model (only the built-in offline one)', async () => {
    const res = await orgA.admin.http.post(SUGGEST, { brief: 'A calm blue bank' });
    expectError(res, 400, 'no_text_model');
    expect(res.body.error).toContain('give colors or guidelines');
    expect(await usageRows(orgA.org.id)).toHaveLength(0);
  });
});

type Tokens = Record<string, string>;
interface Derived {
  light_tokens: Tokens;
  dark_tokens: Tokens;
  issues: Record<
    'light' | 'dark',
    { foreground: string; background: string; ratio: number; minimum: number; fix: Tokens }[]
  >;
}

async function derive(body: Record<string, unknown>): Promise<Derived> {
  const res = await orgA.admin.http.post(DERIVE, body);
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['dark_tokens', 'issues', 'light_tokens']);
  return res.body;
}

const pairKey = (i: { foreground: string; background: string }) => `${i.foreground} on ${i.background}`;

describe('derive', () => {
  let base: { light_tokens: Tokens; dark_tokens: Tokens };
  beforeAll(async () => {
    base = await suggest(orgA.admin.http, { colors: ['#2563eb'], scope: 'full', surface: 'flat' });
  });

  it('a readable theme has no issues, and a token without dependents re-derives nothing', async () => {
    const result = await derive({
      surface: 'flat',
      ...base,
      changed: { variant: 'light', token: '--color-border' },
    });
    expect(result).toEqual({ light_tokens: {}, dark_tokens: {}, issues: { light: [], dark: [] } });
  });

  it('re-derives the dependents of an edited primary, readable, in its variant only', async () => {
    const light: Tokens = { ...base.light_tokens, '--color-primary': '#fde047' };
    const result = await derive({
      surface: 'flat',
      light_tokens: light,
      dark_tokens: base.dark_tokens,
      changed: { variant: 'light', token: '--color-primary', previous: base.light_tokens['--color-primary'] },
    });
    expect(Object.keys(result.light_tokens).sort()).toEqual([
      '--color-focus-ring',
      '--color-link',
      '--color-on-primary',
    ]);
    expect(result.dark_tokens).toEqual({});
    const merged: Tokens = { ...light, ...result.light_tokens };
    expect(wcagContrastOf(merged['--color-on-primary']!, '#fde047')).toBeGreaterThanOrEqual(4.5);
    for (const bg of ['--color-background', '--color-surface']) {
      expect(wcagContrastOf(merged['--color-link']!, merged[bg]!)).toBeGreaterThanOrEqual(4.5);
      expect(wcagContrastOf(merged['--color-focus-ring']!, merged[bg]!)).toBeGreaterThanOrEqual(3);
    }
    // The pale primary itself is the one issue left, on the page, with its fix.
    expect(result.issues.dark).toEqual([]);
    expect(result.issues.light).toHaveLength(1);
    const [issue] = result.issues.light;
    expect(issue).toMatchObject({ foreground: '--color-primary', background: '--color-background', minimum: 3 });
    expect(issue!.ratio).toBe(Math.floor(wcagContrastOf('#fde047', merged['--color-background']!) * 100) / 100);
    expect(Object.keys(issue!.fix)).toEqual(['--color-primary']);
  });

  it('re-derives layers and text when the page colour changes', async () => {
    const dark: Tokens = { ...base.dark_tokens, '--color-background': '#3b3b3b' };
    const result = await derive({
      surface: 'flat',
      light_tokens: base.light_tokens,
      dark_tokens: dark,
      changed: { variant: 'dark', token: '--color-background' },
    });
    expect(Object.keys(result.dark_tokens).sort()).toEqual(
      [
        '--color-border',
        '--color-focus-ring',
        '--color-link',
        '--color-surface',
        '--color-surface-muted',
        '--color-text',
        '--color-text-muted',
      ].sort(),
    );
    const merged: Tokens = { ...dark, ...result.dark_tokens };
    for (const rule of CONTRAST_RULES.filter((r) => r.foreground.startsWith('--color-text')))
      expect(wcagContrastOf(merged[rule.foreground]!, merged[rule.background]!)).toBeGreaterThanOrEqual(rule.minimum);
  });

  it('steps the layers from a new page as the surface style does: glass panels lighter, flat ones darker', async () => {
    const light: Tokens = { ...base.light_tokens, '--color-background': '#f0f0f0' };
    const changed = { variant: 'light', token: '--color-background' };
    const glass = await derive({ surface: 'glass', light_tokens: light, dark_tokens: {}, changed });
    const flat = await derive({ surface: 'flat', light_tokens: light, dark_tokens: {}, changed });
    const lum = (hex: string) => wcagContrastOf(hex, '#000000');
    expect(lum(glass.light_tokens['--color-surface']!)).toBeGreaterThan(lum('#f0f0f0'));
    expect(lum(flat.light_tokens['--color-surface']!)).toBeLessThan(lum('#f0f0f0'));
    // Text and links followed; danger is the user's own choice, so a darker panel under it is an issue with a fix.
    expect(glass.issues.light).toEqual([]);
    expect(flat.issues.light.map(pairKey)).toEqual(['--color-danger on --color-surface']);
  });

  it("each issue's fix, applied, removes that issue", async () => {
    const broken: Record<'light' | 'dark', Tokens> = {
      light: {
        ...base.light_tokens,
        '--color-text': '#bbbbbb',
        '--color-text-muted': '#dddddd',
        '--color-on-accent': base.light_tokens['--color-accent']!,
        '--color-danger': '#ff9999',
        '--color-success': '#ccffcc',
        '--color-link': 'var(--color-primary)',
      },
      dark: { ...base.dark_tokens, '--color-primary': '#111111', '--color-on-danger': '#ff655a' },
    };
    const body = (light: Tokens, dark: Tokens, changed: Record<string, unknown>) => ({
      surface: 'glass',
      light_tokens: light,
      dark_tokens: dark,
      changed,
    });
    const first = await derive(body(broken.light, broken.dark, { variant: 'light', token: '--color-border' }));
    expect(first.issues.light.map(pairKey).sort()).toEqual(
      [
        '--color-danger on --color-surface',
        '--color-on-accent on --color-accent',
        '--color-on-danger on --color-danger',
        '--color-success on --color-surface',
        '--color-text on --color-background',
        '--color-text on --color-surface',
        '--color-text on --color-surface-muted',
        '--color-text-muted on --color-background',
        '--color-text-muted on --color-surface',
      ].sort(),
    );
    expect(first.issues.dark.map(pairKey).sort()).toEqual(
      ['--color-on-danger on --color-danger', '--color-primary on --color-background'].sort(),
    );
    let checked = 0;
    for (const variant of ['light', 'dark'] as const)
      for (const issue of first.issues[variant]) {
        expect(issue.ratio).toBeLessThan(issue.minimum);
        const [[token, value]] = Object.entries(issue.fix) as [[string, string]];
        expect(token).toBe(issue.foreground);
        expect(value).toMatch(/^#[0-9a-f]{6}$/);
        expect(wcagContrastOf(value, broken[variant][issue.background]!)).toBeGreaterThanOrEqual(issue.minimum);
        const fixed = { ...broken[variant], ...issue.fix };
        const light = variant === 'light' ? fixed : broken.light;
        const dark = variant === 'dark' ? fixed : broken.dark;
        const again = await derive(body(light, dark, { variant, token }));
        const stillThere = again.issues[variant].map(pairKey);
        expect(stillThere).not.toContain(pairKey(issue));
        checked++;
      }
    expect(checked).toBe(11);
  });

  it('judges only opaque colours: var(), translucent and missing values raise no issue', async () => {
    const result = await derive({
      surface: 'glass',
      light_tokens: { '--color-text': 'rgb(0 0 0 / 0.2)', '--color-background': '#ffffff', '--color-link': 'var(--x)' },
      dark_tokens: { '--color-on-primary': '#000000' },
      changed: { variant: 'dark', token: '--color-primary' },
    });
    expect(result).toEqual({ light_tokens: {}, dark_tokens: {}, issues: { light: [], dark: [] } });
  });

  const valid = () => ({
    surface: 'flat',
    light_tokens: {},
    dark_tokens: {},
    changed: { variant: 'light', token: '--color-primary' },
  });
  const invalid: [string, (b: any) => void][] = [
    ['a missing surface', (b) => delete b.surface],
    ['an unknown surface', (b) => (b.surface = 'paper')],
    ['missing token maps', (b) => delete b.light_tokens],
    ['a missing changed', (b) => delete b.changed],
    ['an unknown variant', (b) => (b.changed.variant = 'dim')],
    ['a missing changed token', (b) => delete b.changed.token],
    ['a token name not --kebab-case', (b) => (b.light_tokens = { '--Color-Primary': '#fff' })],
    ['a token name without dashes', (b) => (b.light_tokens = { color: '#fff' })],
    ['a token name over 64', (b) => (b.light_tokens = { [`--${'a'.repeat(63)}`]: '#fff' })],
    ['a value over 200', (b) => (b.light_tokens = { '--x': 'a'.repeat(201) })],
    ['a value with a brace', (b) => (b.dark_tokens = { '--x': 'red}body{color:red' })],
    ['a value with a semicolon', (b) => (b.dark_tokens = { '--x': 'red; color: blue' })],
    ['a value with an at-rule', (b) => (b.dark_tokens = { '--x': '@import x' })],
    ['a value with url(', (b) => (b.dark_tokens = { '--x': 'URL (x)' })],
    ['a value with a comment', (b) => (b.dark_tokens = { '--x': 'red /* x */' })],
    ['a value with a tag', (b) => (b.dark_tokens = { '--x': '</style><script>' })],
    ['a value with a control character', (b) => (b.dark_tokens = { '--x': 'red\u0007' })],
    ['an empty value', (b) => (b.dark_tokens = { '--x': '  ' })],
    ['a non-string value', (b) => (b.dark_tokens = { '--x': 12 })],
    [
      '201 tokens',
      (b) => (b.dark_tokens = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`--t-${i}`, '#fff']))),
    ],
    ['a previous over 200', (b) => (b.changed.previous = 'p'.repeat(201))],
    ['an unknown field', (b) => (b.extra = true)],
  ];
  for (const [label, mutate] of invalid)
    it(`400 invalid_request for ${label}`, async () => {
      const body = valid();
      mutate(body);
      expectError(await orgA.admin.http.post(DERIVE, body), 400, 'invalid_request');
    });

  it('accepts 200 tokens per variant and any --kebab-case token', async () => {
    const tokens = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`--t-${i}`, `${i}px`]));
    await derive({
      ...valid(),
      light_tokens: tokens,
      dark_tokens: tokens,
      changed: { variant: 'dark', token: '--t-1' },
    });
  });
});

describe('theme colour route security', () => {
  it('both routes are for org admins: members, member keys and the web key get 403; no resource to probe across orgs', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/themes/suggest-colors',
      path: SUGGEST,
      body: { colors: ['#123456'] },
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/themes/derive',
      path: DERIVE,
      body: {
        surface: 'flat',
        light_tokens: {},
        dark_tokens: {},
        changed: { variant: 'light', token: '--color-primary' },
      },
      forbidden: notAdmins,
    });
  });
});
