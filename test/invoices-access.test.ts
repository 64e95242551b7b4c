import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { consoleOutsiders } from './helpers/console-roles.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  operatorSession,
  type TestOrg,
} from './helpers/fixtures.ts';
import type { ApiResponse, Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let operator: Client;
let orgA: TestOrg;
let orgB: TestOrg;
let memberToken: string;
let memberKey: string;
/** Authenticated callers without the console's `billing` section. */
let outsiders: { credential: string; code: string }[];

const LIST = '/v1/organization/invoices';
const adminBase = (orgId: string) => `/v1/admin/organizations/${orgId}/invoices`;
const period = (month: number) => {
  const m = String(month).padStart(2, '0');
  return { period_start: `2026-${m}-01`, period_end: `2026-${m}-28` };
};

async function draft(orgId: string, month: number): Promise<any> {
  const res = await operator.post(adminBase(orgId), period(month));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Seven invoices of orgA, oldest first: drafts, two issued (open), one voided. */
let created: any[];

beforeAll(async () => {
  app = await startTestApp();
  operator = app.http.as(await operatorSession(app));
  [orgA, orgB] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
  memberToken = (await addUser(app, orgA.admin.http, { role: 'member' })).token;
  memberKey = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
  outsiders = await consoleOutsiders(app, orgA.admin.token);
  created = [];
  for (let month = 1; month <= 7; month++) created.push(await draft(orgA.org.id, month));
  for (const i of [1, 3]) {
    await operator.post(`${adminBase(orgA.org.id)}/${created[i].id}/line-items`, {
      description: 'Fee',
      amount_minor: 100,
    });
    expect((await operator.post(`${adminBase(orgA.org.id)}/${created[i].id}/finalize`)).status).toBe(200);
  }
  expect((await operator.post(`${adminBase(orgA.org.id)}/${created[5].id}/void`)).status).toBe(200);
  await draft(orgB.org.id, 1);
});
afterAll(() => app?.close());

async function allPages(http: Client, url: string, limit: number): Promise<any[]> {
  const seen: any[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const res: ApiResponse = await http.get(`${url}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'next_cursor']);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    seen.push(...res.body.data);
    if (!res.body.has_more) {
      expect(res.body.next_cursor).toBeNull();
      return seen;
    }
    cursor = res.body.next_cursor;
  }
  throw new Error('too many pages');
}

describe('organization invoices', () => {
  it('lists newest first in cursor pages without skips, lines and payments embedded', async () => {
    const rows = await allPages(orgA.admin.http, LIST, 2);
    expect(rows.map((r) => r.id)).toEqual([...created].reverse().map((r) => r.id));
    expect(rows.every((r) => r.organization_id === orgA.org.id)).toBe(true);
    const issued = rows.find((r) => r.id === created[1].id);
    expect(issued.line_items.map((l: any) => l.description)).toEqual([
      'Free plan, 2026-02-01 to 2026-02-28',
      'AI usage 2026-02-01 to 2026-02-28',
      'Fee',
    ]);
    expect(issued).toMatchObject({ status: 'open', total_minor: 100, amount_due_minor: 100, payments: [] });
  });

  it('filters by status; an unknown status, a bad cursor or limit is 400', async () => {
    const open = await allPages(orgA.admin.http, `${LIST}?status=open`, 1);
    expect(open.map((r) => r.id)).toEqual([created[3].id, created[1].id]);
    expect((await allPages(orgA.admin.http, `${LIST}?status=void`, 10)).map((r) => r.id)).toEqual([created[5].id]);
    expect(await allPages(orgA.admin.http, `${LIST}?status=paid`, 10)).toEqual([]);
    expect((await allPages(orgA.admin.http, `${LIST}?status=draft`, 3)).length).toBe(4);
    for (const query of ['status=bogus', 'cursor=nonsense', 'limit=0', 'limit=101', 'status=open&status=paid']) {
      expectError(await orgA.admin.http.get(`${LIST}?${query}`), 400, 'invalid_request');
    }
  });

  it('gets one invoice; another organization’s is 404 like a missing one', async () => {
    const res = await orgA.admin.http.get(`${LIST}/${created[3].id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.id).toBe(created[3].id);
    expect(res.body.status).toBe('open');
    expectError(await orgB.admin.http.get(`${LIST}/${created[3].id}`), 404, 'not_found');
    expectError(await orgA.admin.http.get(`${LIST}/${randomId()}`), 404, 'not_found');
    expectError(await orgA.admin.http.get(`${LIST}/not-a-uuid`), 404, 'not_found');
    const b = await allPages(orgB.admin.http, LIST, 10);
    expect(b).toHaveLength(1);
  });

  it('operators list any organization’s invoices, with the same filter and pages', async () => {
    const rows = await allPages(operator, `${adminBase(orgA.org.id)}?status=draft`, 3);
    expect(rows.map((r) => r.id)).toEqual([created[6].id, created[4].id, created[2].id, created[0].id]);
    expect(await allPages(app.http.as(app.consoleKey), adminBase(orgB.org.id), 5)).toHaveLength(1);
  });

  it('operators get one invoice of an organization; under another organization it is 404', async () => {
    const one = await operator.get(`${adminBase(orgA.org.id)}/${created[3].id}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual((await orgA.admin.http.get(`${LIST}/${created[3].id}`)).body);
    expectError(await operator.get(`${adminBase(orgB.org.id)}/${created[3].id}`), 404, 'not_found');
    expectError(await operator.get(`${adminBase(randomId())}/${created[3].id}`), 404, 'not_found');
    expectError(await operator.get(`${adminBase(orgA.org.id)}/${randomId()}`), 404, 'not_found');
  });
});

describe('invoice route security', () => {
  it('organization routes are for its admins only', async () => {
    const forbidden = [memberToken, memberKey, app.webKey].map((credential) => ({ credential, code: 'forbidden' }));
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/organization/invoices', path: LIST, forbidden });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/invoices/:id',
      path: `${LIST}/${created[0].id}`,
      forbidden,
      crossOrg: { credential: orgB.admin.token, missingPath: `${LIST}/${randomId()}` },
    });
  });

  it('operator routes need the billing section; nothing changes for those refused', async () => {
    const org = orgB.org.id;
    const invoice = `${adminBase(org)}/${randomId()}`;
    for (const c of [
      { route: 'GET /v1/admin/organizations/:id/invoices', path: adminBase(org), body: undefined },
      { route: 'GET /v1/admin/organizations/:id/invoices/:invoiceId', path: invoice, body: undefined },
      { route: 'POST /v1/admin/organizations/:id/invoices', path: adminBase(org), body: period(3) },
      {
        route: 'POST /v1/admin/organizations/:id/invoices/:invoiceId/line-items',
        path: `${invoice}/line-items`,
        body: { description: 'x', amount_minor: 1 },
      },
      {
        route: 'POST /v1/admin/organizations/:id/invoices/:invoiceId/finalize',
        path: `${invoice}/finalize`,
        body: undefined,
      },
      {
        route: 'POST /v1/admin/organizations/:id/invoices/:invoiceId/payments',
        path: `${invoice}/payments`,
        body: { amount_minor: 1 },
      },
      { route: 'POST /v1/admin/organizations/:id/invoices/:invoiceId/void', path: `${invoice}/void`, body: undefined },
      {
        route: 'POST /v1/admin/organizations/:id/invoices/:invoiceId/mark-uncollectible',
        path: `${invoice}/mark-uncollectible`,
        body: undefined,
      },
    ] as const) {
      await expectRouteSecurity({ http: app.http, route: c.route, path: c.path, body: c.body, forbidden: outsiders });
    }
    expect(await allPages(operator, adminBase(org), 10)).toHaveLength(1);
  });
});
