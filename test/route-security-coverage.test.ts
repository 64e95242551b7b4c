import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { parseRouteTemplate } from './helpers/security.ts';

/**
 * Every route must have its security cases (expectRouteSecurity: 401s, 403 per wrong caller class, 404 across
 * organizations) or an exemption below with its reason. The routes are Fastify's own, seen by an onRoute hook on the
 * app's instance; the cases are read statically from the test sources, because the files run in separate
 * processes and a run of some of them must not change the answer.
 */

/**
 * Routes that cannot carry the standard cases, each with why. Only routes that take no bearer credential of the
 * usual kind may be listed (public ones, and the session mint/renew that take an API key only); an entry for a
 * route that no longer exists, or that has security cases after all, fails the test.
 */
const EXEMPT: Record<string, string> = {
  'GET /docs/': 'the API reference page: public by design, outside /v1',
  'GET /docs/js/scalar.js': 'the script of the API reference page: public by design',
  'GET /openapi.json': 'the API description the reference page loads: public by design',
  'GET /healthz': 'liveness probe for orchestrators: public, answers nothing about any tenant',
  'GET /readyz': 'readiness probe for orchestrators: public, answers nothing about any tenant',
  'POST /v1/auth/sessions':
    'takes an API key only (a session token is 401 api_key_required, not invalid_credentials): sessions.test.ts',
  'POST /v1/auth/sessions/renew': 'takes an API key only, as the mint does: sessions-renew.test.ts',
  'POST /v1/hooks/:triggerId': 'webhook: public, each delivery authenticated by its HMAC signature: triggers-webhook',
  'POST /v1/channels/telegram/:integrationId/webhook':
    "Telegram's webhook: public, each delivery authenticated by the integration's secret token: telegram-channel",
  'GET /v1/public/themes/:themeId/styles.css':
    'a palette stylesheet: public by design (Authentication 11), no tenant data beyond the theme: themes-stylesheet',
  'GET /v1/public/themes/:themeId/backgrounds/:variant':
    "a theme's background image, referenced by its public stylesheet: public by design: themes-backgrounds",
  'PUT /storage/blobs/*': 'signed upload URL: the signature in the query is the credential (storage tests)',
  'GET /storage/blobs/*': 'signed download URL: the signature in the query is the credential (storage tests)',
  'OPTIONS /storage/blobs/*': 'CORS preflight of the signed blob URLs: public by design (storage tests)',
  'GET /*': "the web app's page and hashed assets: public by design, they hold no data (web-app-serving)",
  'POST /web/session': 'web sign-in with email and password, no credential yet: web-session.test.ts',
  'POST /web/session/renew': 'the web cookie alone (an expired token may renew): web-session.test.ts',
  'DELETE /web/session': 'sign-out with the web cookie, harmless without one: web-session.test.ts',
};

interface RegisteredRoute {
  method: string;
  url: string;
  auth: unknown;
}

// The app's Fastify instance gets an onRoute hook before anything is registered on it, so it reports every route,
// including hidden ones and those of encapsulated plugins, with the exact template and the declared guard.
const registered = vi.hoisted(() => [] as RegisteredRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const create = original.default as unknown as (...args: unknown[]) => FastifyInstance;
  const withRouteLog = ((...args: unknown[]) => {
    const instance = create(...args);
    instance.addHook('onRoute', (route) => {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        registered.push({ method, url: route.url, auth: route.config?.auth });
      }
    });
    return instance;
  }) as unknown as typeof original.default;
  Object.assign(withRouteLog, original.default);
  return { ...original, default: withRouteLog, fastify: withRouteLog };
});

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

interface Scan {
  /** Route templates with security cases, with where each was declared. */
  declared: Map<string, string[]>;
  /** Calls the scan cannot vouch for; each one fails the test. */
  problems: string[];
  calls: number;
}

const TEST_DIR = import.meta.dirname;
const HELPER = join(TEST_DIR, 'helpers', 'security.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && path !== HELPER ? [path] : [];
  });
}

const literalText = (node: ts.Node | undefined): string | null =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current)) {
    current = current.expression;
  }
  return current;
}

function routeProperty(object: ts.ObjectLiteralExpression): ts.PropertyAssignment | null {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === 'route') return property;
  }
  return null;
}

/** Skipped, focused or conditional blocks: a case inside one may never run. */
const CONDITIONAL_BLOCK =
  /^(describe|it|test|suite)\.(skip|todo|only|skipIf|runIf|fails|concurrent)\b|^x(it|describe)\b/;

/**
 * Reads every expectRouteSecurity call of the test sources: its `route` must be a string literal, or `c.route` of
 * an enclosing `for (const c of [ ...object literals with literal routes ])`. Anything else is a problem, not a
 * silent miss: a call not awaited, not in a .test.ts file, inside a skipped block, with a spread (which could
 * replace the route), or the helper passed around instead of called.
 */
function scanSecurityCases(): Scan {
  const declared = new Map<string, string[]>();
  const problems: string[] = [];
  let calls = 0;
  const declare = (route: string, at: string) => declared.set(route, [...(declared.get(route) ?? []), at]);

  for (const file of sourceFiles(TEST_DIR)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('expectRouteSecurity')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const where = (node: ts.Node) =>
      `${relative(TEST_DIR, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

    const visitCall = (call: ts.CallExpression) => {
      calls++;
      const at = where(call);
      if (!file.endsWith('.test.ts')) problems.push(`${at}: called outside a .test.ts file`);
      if (!ts.isAwaitExpression(call.parent)) problems.push(`${at}: not awaited`);
      for (let up: ts.Node = call.parent; !ts.isSourceFile(up); up = up.parent) {
        if (ts.isCallExpression(up) && CONDITIONAL_BLOCK.test(up.expression.getText())) {
          problems.push(`${at}: inside ${up.expression.getText()}`);
        }
      }
      const [argument, ...rest] = call.arguments;
      if (!argument || rest.length > 0 || !ts.isObjectLiteralExpression(argument)) {
        problems.push(`${at}: the argument is not one object literal`);
        return;
      }
      if (argument.properties.some(ts.isSpreadAssignment)) problems.push(`${at}: a spread in the case`);
      const property = routeProperty(argument);
      if (!property) {
        problems.push(`${at}: no literal route`);
        return;
      }
      const literal = literalText(property.initializer);
      if (literal !== null) {
        declare(literal, at);
        return;
      }
      // `route: c.route` inside `for (const c of [{ route: '…', … }, …])`.
      const value = property.initializer;
      if (ts.isPropertyAccessExpression(value) && ts.isIdentifier(value.expression) && value.name.text === 'route') {
        const variable = value.expression.text;
        for (let up: ts.Node = call.parent; !ts.isSourceFile(up); up = up.parent) {
          if (!ts.isForOfStatement(up) || !ts.isVariableDeclarationList(up.initializer)) continue;
          const [binding] = up.initializer.declarations;
          if (!binding || !ts.isIdentifier(binding.name) || binding.name.text !== variable) continue;
          const list = unwrap(up.expression);
          if (!ts.isArrayLiteralExpression(list)) break;
          const routes = list.elements.map((element) => {
            const item = unwrap(element as ts.Expression);
            return ts.isObjectLiteralExpression(item) ? literalText(routeProperty(item)?.initializer) : null;
          });
          if (routes.length === 0 || routes.includes(null)) break;
          for (const route of routes) declare(route!, at);
          return;
        }
      }
      problems.push(`${at}: no literal route (${value.getText()})`);
    };

    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && node.text === 'expectRouteSecurity') {
        const parent = node.parent;
        if (ts.isCallExpression(parent) && parent.expression === node) visitCall(parent);
        else if (!ts.isImportSpecifier(parent))
          problems.push(`${where(node)}: expectRouteSecurity used but not called`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { declared, problems, calls };
}

let app: TestApp;
let routes: RegisteredRoute[];
const scan = scanSecurityCases();

beforeAll(async () => {
  app = await startTestApp();
  const keys = new Set(registered.map(routeKey));
  // Fastify answers HEAD on every GET route with the GET route's handler and hooks (guard included); a HEAD
  // route without a GET twin would be a route of its own and is kept.
  routes = registered.filter((r) => !(r.method === 'HEAD' && keys.has(`GET ${r.url}`)));
});
afterAll(() => app?.close());

describe('route security coverage', () => {
  it("sees every route the app serves: Fastify's own, and every one of the API description", async () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const r of registered) {
      // With ignoreTrailingSlash, '/docs/' is routed as '/docs'.
      const found = [r.url, r.url.replace(/(.)\/$/, '$1')].some((url) =>
        app.server.app.hasRoute({ method: r.method as 'GET', url }),
      );
      expect(found, routeKey(r)).toBe(true);
    }
    const described = await app.http.get('/openapi.json');
    expect(described.status).toBe(200);
    const seen = new Set(routes.map(routeKey));
    const missed = Object.entries(described.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) =>
        Object.keys(operations)
          .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)
          .filter((key) => !seen.has(key)),
    );
    expect(missed).toEqual([]);
  });

  it('reads a literal route from every expectRouteSecurity call, each a route the app registers', () => {
    expect(scan.calls).toBeGreaterThan(0);
    const seen = new Set(routes.map(routeKey));
    const unknown = [...scan.declared]
      .filter(([route]) => !seen.has(route))
      .map(([route, at]) => `${at.join(', ')}: ${route} is not a registered route`);
    const malformed = [...scan.declared.keys()].filter((route) => {
      try {
        parseRouteTemplate(route);
        return false;
      } catch {
        return true;
      }
    });
    expect([...scan.problems, ...unknown, ...malformed.map((route) => `${route}: not 'METHOD /template'`)]).toEqual([]);
  });

  it('finds security cases or a reasoned exemption for every route', () => {
    const uncovered = routes
      .map(routeKey)
      .filter((key) => !scan.declared.has(key) && !Object.hasOwn(EXEMPT, key))
      .sort();
    expect(uncovered, `${uncovered.length} routes have no security cases:\n${uncovered.join('\n')}`).toEqual([]);
  });

  it('keeps the exemption list exact: each a route without a credential guard, none with security cases', () => {
    const byKey = new Map(routes.map((r) => [routeKey(r), r]));
    const wrong = Object.entries(EXEMPT).flatMap(([key, reason]) => {
      const route = byKey.get(key);
      if (!route) return [`${key}: exempt but not a registered route`];
      const auth = route.auth;
      return [
        ...(scan.declared.has(key)
          ? [`${key}: exempt but has security cases (${scan.declared.get(key)!.join(', ')})`]
          : []),
        ...(auth === undefined || auth === 'public' || auth === 'mintingKey'
          ? []
          : [`${key}: exempt but guarded by ${JSON.stringify(auth)}: write its security cases instead`]),
        ...(reason.trim().length < 20 ? [`${key}: say why it is exempt`] : []),
      ];
    });
    expect(wrong).toEqual([]);
  });
});
