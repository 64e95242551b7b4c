import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { CARD, createRule, RULES, RUNAWAY, RUNAWAY_TEXT, TEST } from './helpers/dlp.ts';
import { createOrgWithAdmin, type OrgAdminRouteCast, orgAdminRouteCast } from './helpers/fixtures.ts';
import { waitForRun } from './helpers/runs.ts';
import { expectRouteSecurity } from './helpers/security.ts';

let app: TestApp;
let cast: OrgAdminRouteCast;

beforeAll(async () => {
  app = await startTestApp();
  cast = await orgAdminRouteCast(app);
});
afterAll(() => app?.close());

describe('POST /v1/organization/dlp-rules/test', () => {
  it('evaluates the saved active rules, oldest first, then the drafts, with the message check’s decision', async () => {
    const { admin } = await createOrgWithAdmin(app);
    const none = await admin.http.post(TEST, { text: 'anything' });
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual({ allowed: true, matches: [] });

    const cards = await createRule(admin.http, 'Cards', CARD, 'deny');
    await createRule(admin.http, 'Off', 'card', 'deny', false);
    const testCards = await createRule(admin.http, 'Test cards', '4111( ?1111){3}', 'allow');
    const codename = await createRule(admin.http, 'Codename', 'kestrel', 'deny');

    const res = await admin.http.post(TEST, {
      text: 'card 4111 1111 1111 1111 for Kestrel',
      rules: [
        { name: 'Draft deny', pattern: 'for\\s+kestrel', action: 'deny' },
        { name: 'Inactive draft', pattern: 'card', action: 'deny', is_active: false },
        { name: 'Draft allow', pattern: 'nothing here', action: 'allow' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    // An allow rule matches: every deny match is listed, and the text passes.
    expect(res.body).toEqual({
      allowed: true,
      matches: [
        { rule_id: cards.id, name: 'Cards', action: 'deny', undecided: false },
        { rule_id: testCards.id, name: 'Test cards', action: 'allow', undecided: false },
        { rule_id: codename.id, name: 'Codename', action: 'deny', undecided: false },
        { rule_id: null, name: 'Draft deny', action: 'deny', undecided: false },
      ],
    });

    const blocked = await admin.http.post(TEST, { text: 'card 5500 0000 0000 0004', rules: [] });
    expect(blocked.body).toEqual({
      allowed: false,
      matches: [{ rule_id: cards.id, name: 'Cards', action: 'deny', undecided: false }],
    });
    // Nothing is stored: the rules are the four created.
    expect((await admin.http.get(RULES)).body.data).toHaveLength(4);
  });

  it('answers as the message check does for the same text', async () => {
    const { admin } = await createOrgWithAdmin(app);
    await createRule(admin.http, 'Secret', 'top\\s+secret', 'deny');
    await createRule(admin.http, 'Declassified', 'declassified', 'allow');
    const thread = (await admin.http.post('/v1/threads', { title: 'same decision' })).body;
    for (const [text, allowed] of [
      ['this is TOP  secret', false],
      ['top secret, now declassified', true],
      ['nothing to see', true],
    ] as const) {
      expect((await admin.http.post(TEST, { text })).body.allowed, text).toBe(allowed);
      const posted = await admin.http.post(`/v1/threads/${thread.id}/messages`, { content: text });
      if (allowed) {
        expect(posted.status, posted.text).toBe(201);
        await waitForRun(admin.http, thread.id, posted.body.run.id);
      } else expectError(posted, 422, 'dlp_blocked');
    }
  });

  it('fails closed: a deny rule it cannot decide in time matches (undecided), an allow rule does not', async () => {
    const { admin } = await createOrgWithAdmin(app);
    const res = await admin.http.post(TEST, {
      text: RUNAWAY_TEXT,
      rules: [
        { name: 'Runaway deny', pattern: RUNAWAY, action: 'deny' },
        { name: 'Runaway allow', pattern: RUNAWAY, action: 'allow' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      allowed: false,
      matches: [{ rule_id: null, name: 'Runaway deny', action: 'deny', undecided: true }],
    });
    // A short text is decided.
    const decided = await admin.http.post(TEST, {
      text: 'aaab',
      rules: [{ name: 'Runaway deny', pattern: RUNAWAY, action: 'deny' }],
    });
    expect(decided.body).toEqual({ allowed: true, matches: [] });
  });

  it('never uses the rules of another organization', async () => {
    await createRule(cast.orgB.admin.http, 'B only', 'heron', 'deny');
    const res = await cast.orgA.admin.http.post(TEST, { text: 'heron' });
    expect(res.body).toEqual({ allowed: true, matches: [] });
  });

  it('400s invalid bodies: the text bounded as a message, drafts validated as created rules, at most 20', async () => {
    const draft = { name: 'd', pattern: 'x', action: 'deny' };
    for (const body of [
      {},
      { text: '' },
      { text: 7 },
      { text: 'x'.repeat(100_001) },
      { text: 'x', rules: [{ ...draft, pattern: '(' }] },
      { text: 'x', rules: [{ ...draft, pattern: 'a'.repeat(301) }] },
      { text: 'x', rules: [{ ...draft, name: ' ' }] },
      { text: 'x', rules: [{ ...draft, action: 'block' }] },
      { text: 'x', rules: [{ ...draft, extra: true }] },
      { text: 'x', rules: Array.from({ length: 21 }, () => draft) },
      { text: 'x', rules: 'x' },
      { text: 'x', extra: 1 },
    ]) {
      expectError(await cast.orgA.admin.http.post(TEST, body), 400, 'invalid_request');
    }
    const longest = await cast.orgA.admin.http.post(TEST, {
      text: 'x'.repeat(100_000),
      rules: Array.from({ length: 20 }, () => draft),
    });
    expect(longest.status, longest.text).toBe(200);
    expect(longest.body.matches).toHaveLength(20);
  });

  it('is for org admins only', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/dlp-rules/test',
      path: TEST,
      body: { text: 'x' },
      forbidden: cast.notAdmins,
    });
  });
});
