import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import {
  cents,
  createModelVersions,
  seedUsageOrg,
  sum,
  type UsageEvent,
  type UsageOrg,
  within,
} from './helpers/usage-events.ts';

const CHARGEBACK = '/v1/organization/usage/chargeback';

let app: TestApp;
let kolkata: UsageOrg;
let newYork: UsageOrg;

beforeAll(async () => {
  app = await startTestApp();
  const models = await createModelVersions(app, ['Model One']);
  kolkata = await seedUsageOrg(app, 'Asia/Kolkata', models, 21);
  newYork = await seedUsageOrg(app, 'America/New_York', models, 22);
});
afterAll(() => app?.close());

/** The month's report from the inserted rows: tree order (siblings by name), children rolled up, Unassigned last. */
function expected(o: UsageOrg, month: string) {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).toISOString().slice(0, 10);
  const events = within(o.events, o.timezone, `${month}-01`, last);
  const { root, child, grandchild, other } = o.departments;
  const tree = [
    { id: root, parent: null, depth: 0, subtree: [root, child, grandchild] },
    { id: child, parent: root, depth: 1, subtree: [child, grandchild] },
    { id: grandchild, parent: child, depth: 2, subtree: [grandchild] },
    { id: other, parent: null, depth: 0, subtree: [other] },
  ];
  const row = (of: UsageEvent[], own: UsageEvent[]) => ({
    cost_minor: cents(sum(of, (e) => e.costMicroCents)),
    own_minor: cents(sum(own, (e) => e.costMicroCents)),
    runs: new Set(of.filter((e) => e.runId !== null).map((e) => e.runId)).size,
  });
  const unassigned = events.filter((e) => e.departmentId === null);
  return {
    month,
    currency: 'USD',
    total_minor: cents(sum(events, (e) => e.costMicroCents)),
    items: [
      ...tree.map((d) => ({
        department: { id: d.id, name: o.labels.get(d.id), parent_department_id: d.parent },
        depth: d.depth,
        ...row(
          events.filter((e) => d.subtree.includes(e.departmentId!)),
          events.filter((e) => e.departmentId === d.id),
        ),
      })),
      { department: null, depth: 0, ...row(unassigned, unassigned) },
    ],
  };
}

describe('department chargeback', () => {
  it('answers each department with its children rolled up, its own share, distinct runs, and an Unassigned row', async () => {
    for (const o of [kolkata, newYork]) {
      for (const month of ['2024-03', '2024-04', '2024-11', '2024-02']) {
        const res = await o.org.admin.http.get(`${CHARGEBACK}?month=${month}`);
        expect(res.status, res.text).toBe(200);
        expect(res.body, `${o.timezone} ${month}`).toEqual(expected(o, month));
      }
    }
  });

  it('downloads the same report as CSV: RFC 4180 quoting, formula cells neutralised', async () => {
    const o = kolkata;
    const json = (await o.org.admin.http.get(`${CHARGEBACK}?month=2024-03`)).body;
    const res = await o.org.admin.http.get(`${CHARGEBACK}?month=2024-03&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="chargeback-2024-03.csv"');
    const { root, child, grandchild, other } = o.departments;
    const line = (item: any, name: string) =>
      [
        item.department?.id ?? '',
        name,
        item.department?.parent_department_id ?? '',
        item.depth,
        item.cost_minor,
        item.own_minor,
        item.runs,
      ].join(',');
    expect(res.text).toBe(
      [
        'department_id,department,parent_department_id,depth,cost_minor,own_minor,runs',
        line(json.items[0], 'Engineering'),
        line(json.items[1], "'=Platform"),
        line(json.items[2], '"Web, ""UI"""'),
        line(json.items[3], 'Sales'),
        line(json.items[4], 'Unassigned'),
        '',
      ].join('\r\n'),
    );
    expect(json.items.map((i: any) => i.department?.id ?? null)).toEqual([root, child, grandchild, other, null]);
  });

  it('lists departments with zeros and an empty Unassigned row for a month without usage', async () => {
    const res = await newYork.org.admin.http.get(`${CHARGEBACK}?month=2031-07`);
    expect(res.body.total_minor).toBe(0);
    expect(res.body.items.map((i: any) => [i.cost_minor, i.own_minor, i.runs])).toEqual(Array(5).fill([0, 0, 0]));
  });
});
