import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const RULES = '/v1/organization/dlp-rules';
const RULE_FIELDS = ['action', 'created_at', 'id', 'is_active', 'name', 'organization_id', 'pattern', 'updated_at'];

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let member: OrgUser;
let memberKey: string;
let adminKey: string;

/** Valid credentials of orgA that are not org admins: each refused with 403 forbidden. */
const wrongCallers = () => [
  { credential: member.token, code: 'forbidden' },
  { credential: memberKey, code: 'forbidden' },
];

async function createRule(http: Client, body: Record<string, unknown> = {}) {
  const res = await http.post(RULES, { name: unique('rule'), pattern: 'secret', action: 'deny', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const listRules = async (http: Client) => {
  const res = await http.get(RULES);
  expect(res.status, res.text).toBe(200);
  // The conventions' list envelope; the capped list always fits one page.
  expect(res.body).toEqual({ data: expect.any(Array), has_more: false, next_cursor: null });
  return res.body.data as any[];
};

function expectRuleView(body: any, organizationId: string) {
  expect(Object.keys(body).sort()).toEqual(RULE_FIELDS);
  expect(body.id).toMatch(UUID);
  expect(body.organization_id).toBe(organizationId);
  expect(body.created_at).toMatch(ISO_MS);
  expect(body.updated_at).toMatch(ISO_MS);
}

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  member = await addUser(app, orgA.admin.http, { role: 'member' });
  memberKey = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
  adminKey = (await createServiceAccountWithKey(orgA.admin.http, 'admin')).key;
});
afterAll(() => app?.close());

describe('POST /v1/organization/dlp-rules', () => {
  it('creates a rule with the exact view: name trimmed, pattern as sent, is_active defaulting to true', async () => {
    const res = await orgA.admin.http.post(RULES, {
      name: '  Card numbers  ',
      pattern: ' \\d{4}[ -]?\\d{4} ',
      action: 'deny',
    });
    expect(res.status, res.text).toBe(201);
    expectRuleView(res.body, orgA.org.id);
    expect(res.body).toMatchObject({
      name: 'Card numbers',
      pattern: ' \\d{4}[ -]?\\d{4} ',
      action: 'deny',
      is_active: true,
    });
    expect(res.body.updated_at).toBe(res.body.created_at);
  });

  it('accepts camelCase isActive, the allow action, lookaround patterns and the exact length limits', async () => {
    const res = await orgA.admin.http.post(RULES, {
      name: 'n'.repeat(100),
      pattern: `(?<=x)${'a'.repeat(294)}`,
      action: 'allow',
      isActive: false,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name: 'n'.repeat(100), action: 'allow', is_active: false });
    expect(res.body.pattern).toHaveLength(300);
    for (const pattern of ['(?=.*\\d)pass', '(\\w)\\1', '[^]', '[]', '\\p{L}', '/slash/']) {
      expect((await orgA.admin.http.post(RULES, { name: 'x', pattern, action: 'deny' })).status).toBe(201);
    }
  });

  it('is also open to an admin-role API key', async () => {
    const res = await app.http.as(adminKey).post(RULES, { name: 'by key', pattern: 'x', action: 'deny' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.organization_id).toBe(orgA.org.id);
  });

  it('400s invalid bodies and stores nothing', async () => {
    const before = await listRules(orgA.admin.http);
    const valid = { name: 'ok', pattern: 'ok', action: 'deny' };
    for (const body of [
      { pattern: 'x', action: 'deny' },
      { ...valid, name: '' },
      { ...valid, name: '   ' },
      { ...valid, name: 'n'.repeat(101) },
      { ...valid, name: 7 },
      { name: 'x', action: 'deny' },
      { ...valid, pattern: '' },
      { ...valid, pattern: 'a'.repeat(301) },
      { ...valid, pattern: '(' },
      { ...valid, pattern: '[a-' },
      { ...valid, pattern: 'a**' },
      { ...valid, pattern: '(?<name' },
      { ...valid, pattern: '[z-a]' },
      { ...valid, pattern: null },
      { name: 'x', pattern: 'x' },
      { ...valid, action: 'block' },
      { ...valid, action: 'DENY' },
      { ...valid, is_active: 'yes' },
      { ...valid, organization_id: orgB.org.id },
      { ...valid, priority: 1 },
    ]) {
      expectError(await orgA.admin.http.post(RULES, body), 400, 'invalid_request');
    }
    expectError(await orgA.admin.http.post(RULES, [valid]), 400, 'invalid_request');
    expectError(await orgA.admin.http.post(RULES), 400, 'invalid_request');
    expect(await listRules(orgA.admin.http)).toEqual(before);
  });

  it('says why a pattern is not a regular expression', async () => {
    const res = await orgA.admin.http.post(RULES, { name: 'bad', pattern: '(', action: 'deny' });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error).toBe('pattern: Invalid regular expression: Unterminated group');
    const range = await orgA.admin.http.post(RULES, { name: 'bad', pattern: '[a-', action: 'deny' });
    expect(range.body.error).toBe('pattern: Invalid regular expression: Unterminated character class');
  });

  it('is for org admins only', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/dlp-rules',
      path: RULES,
      body: { name: 'x', pattern: 'x', action: 'deny' },
      forbidden: wrongCallers(),
    });
  });
});

describe('GET /v1/organization/dlp-rules', () => {
  it("lists every rule of the caller's organization, oldest first, active or not", async () => {
    const org = await createOrgWithAdmin(app);
    expect(await listRules(org.admin.http)).toEqual([]);
    const first = await createRule(org.admin.http, { action: 'deny' });
    const second = await createRule(org.admin.http, { action: 'allow', is_active: false });
    const third = await createRule(org.admin.http, { pattern: '(?=a)b' });
    const rules = await listRules(org.admin.http);
    expect(rules).toEqual([first, second, third]);
    for (const rule of rules) expectRuleView(rule, org.org.id);
  });

  it("never shows another organization's rules", async () => {
    const mine = await createRule(orgB.admin.http);
    const ids = (await listRules(orgA.admin.http)).map((r) => r.id);
    expect(ids).not.toContain(mine.id);
    expect((await listRules(orgB.admin.http)).map((r) => r.id)).toContain(mine.id);
  });

  it('is for org admins only', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/dlp-rules',
      path: RULES,
      forbidden: wrongCallers(),
    });
  });
});

describe('PATCH /v1/organization/dlp-rules/:ruleId', () => {
  it('changes each field alone and all together, leaving the rest', async () => {
    const rule = await createRule(orgA.admin.http, { name: 'Original', pattern: 'one', action: 'deny' });
    const path = `${RULES}/${rule.id}`;

    const renamed = await orgA.admin.http.patch(path, { name: '  Renamed ' });
    expect(renamed.status, renamed.text).toBe(200);
    expectRuleView(renamed.body, orgA.org.id);
    expect(renamed.body).toMatchObject({
      id: rule.id,
      name: 'Renamed',
      pattern: 'one',
      action: 'deny',
      is_active: true,
    });
    expect(renamed.body.created_at).toBe(rule.created_at);
    expect(Date.parse(renamed.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(rule.updated_at));

    expect((await orgA.admin.http.patch(path, { pattern: '(\\d)\\1' })).body.pattern).toBe('(\\d)\\1');
    expect((await orgA.admin.http.patch(path, { action: 'allow' })).body.action).toBe('allow');
    expect((await orgA.admin.http.patch(path, { isActive: false })).body.is_active).toBe(false);

    const all = await orgA.admin.http.patch(path, { name: 'All', pattern: 'two', action: 'deny', is_active: true });
    expect(all.body).toMatchObject({ name: 'All', pattern: 'two', action: 'deny', is_active: true });
    expect((await listRules(orgA.admin.http)).find((r) => r.id === rule.id)).toEqual(all.body);
  });

  it('400s an empty or invalid body and leaves the rule as it was', async () => {
    const rule = await createRule(orgA.admin.http);
    const path = `${RULES}/${rule.id}`;
    for (const body of [
      {},
      { name: '' },
      { name: ' ' },
      { name: 'n'.repeat(101) },
      { pattern: '' },
      { pattern: 'p'.repeat(301) },
      { pattern: '(' },
      { pattern: '[a-' },
      { action: 'block' },
      { is_active: null },
      { id: randomId() },
      { name: 'x', unknown: true },
    ]) {
      expectError(await orgA.admin.http.patch(path, body), 400, 'invalid_request');
    }
    expectError(await orgA.admin.http.patch(path), 400, 'invalid_request');
    expect((await listRules(orgA.admin.http)).find((r) => r.id === rule.id)).toEqual(rule);
  });

  it('404s unknown and malformed ids', async () => {
    expectError(await orgA.admin.http.patch(`${RULES}/${randomId()}`, { name: 'x' }), 404, 'not_found');
    expectError(await orgA.admin.http.patch(`${RULES}/not-a-uuid`, { name: 'x' }), 404, 'not_found');
  });

  it("is for org admins of the rule's organization only", async () => {
    const rule = await createRule(orgA.admin.http);
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/organization/dlp-rules/:ruleId',
      path: `${RULES}/${rule.id}`,
      body: { name: 'stolen' },
      forbidden: wrongCallers(),
      crossOrg: { credential: orgB.admin.token, missingPath: `${RULES}/${randomId()}` },
    });
    expect((await listRules(orgA.admin.http)).find((r) => r.id === rule.id)).toEqual(rule);
  });
});

describe('DELETE /v1/organization/dlp-rules/:ruleId', () => {
  it('deletes the rule: 204, gone from the list, a second delete 404s', async () => {
    const rule = await createRule(orgA.admin.http);
    const keep = await createRule(orgA.admin.http);
    const res = await orgA.admin.http.delete(`${RULES}/${rule.id}`);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    const ids = (await listRules(orgA.admin.http)).map((r) => r.id);
    expect(ids).not.toContain(rule.id);
    expect(ids).toContain(keep.id);
    expectError(await orgA.admin.http.delete(`${RULES}/${rule.id}`), 404, 'not_found');
    expectError(await orgA.admin.http.patch(`${RULES}/${rule.id}`, { name: 'x' }), 404, 'not_found');
    expectError(await orgA.admin.http.delete(`${RULES}/not-a-uuid`), 404, 'not_found');
  });

  it("is for org admins of the rule's organization only", async () => {
    const rule = await createRule(orgA.admin.http);
    await expectRouteSecurity({
      http: app.http,
      route: 'DELETE /v1/organization/dlp-rules/:ruleId',
      path: `${RULES}/${rule.id}`,
      forbidden: wrongCallers(),
      crossOrg: { credential: orgB.admin.token, missingPath: `${RULES}/${randomId()}` },
    });
    expect((await listRules(orgA.admin.http)).map((r) => r.id)).toContain(rule.id);
  });
});

describe('OpenAPI', () => {
  it('documents the four routes with the rule schema', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    expect(Object.keys(doc.paths[RULES]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${RULES}/{ruleId}`]).sort()).toEqual(['delete', 'patch']);
    expect(Object.keys(doc.components.schemas.DlpRule.properties).sort()).toEqual(RULE_FIELDS);
  });
});
