import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { consoleOutsiders } from './helpers/console-roles.ts';
import { createOrgWithAdmin, createServiceAccountWithKey, operatorSession, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const KNOWN = { generator_native_presentations: false, run_progress_chip: false, show_intermediary_files: false };

let app: TestApp;
let operator: Client;
let orgA: TestOrg;
let orgB: TestOrg;
let memberKey: string;
/** Authenticated callers without the console's `platform` section: each gets 403 admin_required. */
let outsiders: { credential: string; code: string }[];

beforeAll(async () => {
  app = await startTestApp();
  operator = app.http.as(await operatorSession(app));
  [orgA, orgB] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
  memberKey = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
  outsiders = await consoleOutsiders(app, orgA.admin.token);
});
afterAll(() => app?.close());

const putDefaults = (flags: Record<string, unknown>, http = operator) => http.put('/v1/admin/feature-flags', { flags });
const putOverrides = (orgId: string, flags: Record<string, unknown>, http = operator) =>
  http.put(`/v1/admin/organizations/${orgId}/feature-flags`, { flags });

// One test app: the platform defaults are shared by every organization, so these cases run in order.
describe('feature flags', () => {
  it('resolves to the known flags, all false, before anything is set, for every credential kind', async () => {
    for (const http of [orgA.admin.http, app.http.as(memberKey)]) {
      const res = await http.get('/v1/feature-flags');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ flags: KNOWN });
    }
    const defaults = await operator.get('/v1/admin/feature-flags');
    expect(defaults.status).toBe(200);
    expect(defaults.body).toEqual({ flags: {} });
  });

  it('an organization override shadows the platform default; null removes a row; other organizations keep the default', async () => {
    const setDefaults = await putDefaults({
      run_progress_chip: true,
      show_intermediary_files: true,
      beta_canvas: false,
    });
    expect(setDefaults.status, setDefaults.text).toBe(200);
    expect(setDefaults.body).toEqual({
      flags: { beta_canvas: false, run_progress_chip: true, show_intermediary_files: true },
    });

    const override = await putOverrides(orgA.org.id, {
      run_progress_chip: false,
      generator_native_presentations: true,
    });
    expect(override.status, override.text).toBe(200);
    expect(override.body).toEqual({ flags: { generator_native_presentations: true, run_progress_chip: false } });

    expect((await orgA.admin.http.get('/v1/feature-flags')).body).toEqual({
      flags: {
        beta_canvas: false,
        generator_native_presentations: true,
        run_progress_chip: false,
        show_intermediary_files: true,
      },
    });
    expect((await orgB.admin.http.get('/v1/feature-flags')).body).toEqual({
      flags: { ...KNOWN, beta_canvas: false, run_progress_chip: true, show_intermediary_files: true },
    });

    // null removes the override: the default shows through again; removing an absent row is harmless.
    const removed = await putOverrides(orgA.org.id, { run_progress_chip: null, never_set: null });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ flags: { generator_native_presentations: true } });
    expect((await orgA.admin.http.get('/v1/feature-flags')).body.flags.run_progress_chip).toBe(true);
    expect((await operator.get(`/v1/admin/organizations/${orgA.org.id}/feature-flags`)).body).toEqual({
      flags: { generator_native_presentations: true },
    });

    // Removing the defaults: with no row a flag is false again, and an unknown one disappears from the list.
    const cleared = await putDefaults({ run_progress_chip: null, show_intermediary_files: null, beta_canvas: null });
    expect(cleared.body).toEqual({ flags: {} });
    expect((await orgB.admin.http.get('/v1/feature-flags')).body).toEqual({ flags: KNOWN });
  });

  it('refuses names that are not snake_case or longer than 64, non-boolean values, empty and oversized bodies', async () => {
    for (const flags of [
      { RunChip: true },
      { 'run-chip': true },
      { _chip: true },
      { chip_: true },
      { '': true },
      { [`a${'b'.repeat(64)}`]: true },
      { run_progress_chip: 'yes' },
      { run_progress_chip: 1 },
      {},
      Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`flag_${i}`, true])),
    ]) {
      expectError(await putDefaults(flags), 400, 'invalid_request');
      expectError(await putOverrides(orgA.org.id, flags), 400, 'invalid_request');
    }
    expectError(
      await operator.put('/v1/admin/feature-flags', { flags: { ok: true }, extra: 1 }),
      400,
      'invalid_request',
    );
    expectError(await operator.put('/v1/admin/feature-flags', { flags: [true] }), 400, 'invalid_request');
    expectError(await operator.put('/v1/admin/feature-flags', {}), 400, 'invalid_request');
    // Names that are object properties elsewhere are plain flags here (`__proto__` is not snake_case).
    expect((await putDefaults({ constructor: true, to_string: false })).body).toEqual({
      flags: { constructor: true, to_string: false },
    });
    expect((await orgB.admin.http.get('/v1/feature-flags')).body.flags).toMatchObject({ constructor: true });
    expect((await putDefaults({ constructor: null, to_string: null })).body).toEqual({ flags: {} });
    // A name of exactly 64 characters is fine; nothing refused above was written.
    const longest = `a${'b'.repeat(63)}`;
    expect((await putDefaults({ [longest]: true })).body).toEqual({ flags: { [longest]: true } });
    expect((await putDefaults({ [longest]: null })).body).toEqual({ flags: {} });
    expect((await operator.get(`/v1/admin/organizations/${orgA.org.id}/feature-flags`)).body).toEqual({
      flags: { generator_native_presentations: true },
    });
  });

  it('keeps at most 500 flags per scope: the write past it is 409 limit_reached and changes nothing', async () => {
    const batch = (from: number) => Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f_${from + i}`, true]));
    for (let from = 0; from < 400; from += 100) expect((await putOverrides(orgB.org.id, batch(from))).status).toBe(200);
    expect(
      (await putOverrides(orgB.org.id, Object.fromEntries(Array.from({ length: 99 }, (_, i) => [`g_${i}`, true]))))
        .status,
    ).toBe(200);
    expect(Object.keys((await putOverrides(orgB.org.id, { h_0: true })).body.flags)).toHaveLength(500);
    expectError(await putOverrides(orgB.org.id, { h_1: true }), 409, 'limit_reached');
    // Replacing and removing stay possible at the cap.
    expect((await putOverrides(orgB.org.id, { h_0: false, h_1: null })).status).toBe(200);
    const after = await operator.get(`/v1/admin/organizations/${orgB.org.id}/feature-flags`);
    expect(Object.keys(after.body.flags)).toHaveLength(500);
    expect(after.body.flags.h_0).toBe(false);
  });

  it('an unknown organization is 404 on its overrides', async () => {
    expectError(await operator.get(`/v1/admin/organizations/${randomId()}/feature-flags`), 404, 'not_found');
    expectError(await putOverrides(randomId(), { run_progress_chip: true }), 404, 'not_found');
  });
});

describe('feature flag route security', () => {
  it('GET /v1/feature-flags takes any credential; the admin routes need the console section platform', async () => {
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/feature-flags', path: '/v1/feature-flags' });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/admin/feature-flags',
      path: '/v1/admin/feature-flags',
      forbidden: outsiders,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'PUT /v1/admin/feature-flags',
      path: '/v1/admin/feature-flags',
      body: { flags: { run_progress_chip: true } },
      forbidden: outsiders,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/admin/organizations/:id/feature-flags',
      path: `/v1/admin/organizations/${orgA.org.id}/feature-flags`,
      forbidden: outsiders,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'PUT /v1/admin/organizations/:id/feature-flags',
      path: `/v1/admin/organizations/${orgA.org.id}/feature-flags`,
      body: { flags: { run_progress_chip: true } },
      forbidden: outsiders,
    });
    // None of the refused writes changed anything.
    expect((await operator.get('/v1/admin/feature-flags')).body).toEqual({ flags: {} });
  });
});
