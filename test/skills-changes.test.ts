import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_SKILLS, seedBuiltinSkills } from '../src/modules/skills/seed.ts';
import { createSkillsService } from '../src/modules/skills/service.ts';
import { skills } from '../src/platform/db/schema/index.ts';
import { startWorker } from '../src/server.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  type TestOrg,
} from './helpers/fixtures.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';
import { createSkill, listSkills } from './helpers/skills.ts';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let member: OrgUser;
let memberKey: string;

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  member = await addUser(app, orgA.admin.http, { role: 'member' });
  memberKey = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
});
afterAll(() => app?.close());

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('PATCH /v1/skills/:id', () => {
  it('changes fields, counts versions, clears with null and keeps the version when nothing changes', async () => {
    const skill = await createSkill(member.http, {
      description: 'Old',
      manifest: { a: 1 },
      scripts: [{ run: 'x' }],
    });
    await pause();
    const renamed = await member.http.patch(`/v1/skills/${skill.id}`, { name: ' Renamed ', whenToUse: 'Now' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({
      ...skill,
      name: 'Renamed',
      when_to_use: 'Now',
      version: 2,
      updated_at: expect.any(String),
    });
    expect(renamed.body.updated_at > skill.updated_at).toBe(true);

    const cleared = await orgA.admin.http.patch(`/v1/skills/${skill.id}`, {
      description: null,
      manifest: null,
      scripts: null,
      instructions: 'New',
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({
      description: null,
      manifest: {},
      scripts: [],
      instructions: 'New',
      version: 3,
    });
    expect(cleared.body.created_by_user_id).toBe(member.user.id);

    const same = await orgA.admin.http.patch(`/v1/skills/${skill.id}`, { name: 'Renamed', scripts: [] });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(cleared.body);

    const objectScripts = await orgA.admin.http.patch(`/v1/skills/${skill.id}`, { scripts: { main: 'y' } });
    expect(objectScripts.body).toMatchObject({ scripts: { main: 'y' }, version: 4 });
    expect((await orgA.admin.http.get(`/v1/skills/${skill.id}`)).body).toEqual(objectScripts.body);
  });

  it('refuses invalid values (422), empty, unknown or slug fields (400), other organizations (404)', async () => {
    const skill = await createSkill(orgA.admin.http);
    const path = `/v1/skills/${skill.id}`;
    for (const body of [
      { name: '' },
      { name: null },
      { when_to_use: null },
      { instructions: null },
      { instructions: '  ' },
      { manifest: [] },
      { scripts: 'x' },
      { description: 'd'.repeat(2001) },
    ]) {
      expectError(await orgA.admin.http.patch(path, body), 422, 'validation_error');
    }
    for (const body of [{}, { slug: 'new-slug' }, { version: 9 }, { is_archived: false }]) {
      expectError(await orgA.admin.http.patch(path, body), 400, 'invalid_request');
    }
    expectError(await orgB.admin.http.patch(path, { name: 'Theirs' }), 404, 'not_found');
    expectError(await orgA.admin.http.patch(`/v1/skills/${randomId()}`, { name: 'x' }), 404, 'not_found');
    expect((await orgA.admin.http.get(path)).body).toEqual(skill);
  });
});

describe('DELETE /v1/skills/:id', () => {
  it('archives (204, a new version), hides it from default lists and is harmless twice', async () => {
    const skill = await createSkill(orgA.admin.http);
    // Only the creator or an organization admin changes a skill.
    expectError(await member.http.delete(`/v1/skills/${skill.id}`), 403, 'forbidden');
    expectError(await app.http.as(memberKey).patch(`/v1/skills/${skill.id}`, { name: 'Mine now' }), 403, 'forbidden');
    const own = await createSkill(member.http);
    expect((await member.http.patch(`/v1/skills/${own.id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await member.http.delete(`/v1/skills/${own.id}`)).status).toBe(204);
    const res = await orgA.admin.http.delete(`/v1/skills/${skill.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const archived = (await orgA.admin.http.get(`/v1/skills/${skill.id}`)).body;
    expect(archived).toMatchObject({ is_archived: true, version: 2 });
    expect((await listSkills(orgA.admin.http)).map((s) => s.id)).not.toContain(skill.id);
    expect((await listSkills(orgA.admin.http, 'isArchived=true')).map((s) => s.id)).toContain(skill.id);
    expect((await orgA.admin.http.delete(`/v1/skills/${skill.id}`)).status).toBe(204);
    expect((await orgA.admin.http.get(`/v1/skills/${skill.id}`)).body).toEqual(archived);
    expectError(await orgB.admin.http.delete(`/v1/skills/${skill.id}`), 404, 'not_found');
  });
});

describe('route security', () => {
  it('answers 401 without a valid credential and 404 across organizations', async () => {
    const skill = await createSkill(orgA.admin.http);
    const body = { slug: 'x', name: 'x', when_to_use: 'x', instructions: 'x' };
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/skills', path: '/v1/skills' });
    await expectRouteSecurity({ http: app.http, route: 'POST /v1/skills', path: '/v1/skills', body });
    for (const c of [
      { route: 'GET /v1/skills/:id', body: undefined },
      { route: 'PATCH /v1/skills/:id', body: { name: 'Probe' } },
      { route: 'DELETE /v1/skills/:id', body: undefined },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: `/v1/skills/${skill.id}`,
        body: c.body,
        crossOrg: { credential: orgB.admin.token, missingPath: `/v1/skills/${randomId()}` },
      });
    }
    expect((await orgA.admin.http.get(`/v1/skills/${skill.id}`)).body).toEqual(skill);
  });
});

describe('skills for runs', () => {
  it('resolves live skills by slug (any case, in order), omitting unknown, archived and foreign ones', async () => {
    const service = createSkillsService({ db: app.server.database.db });
    const own = await createSkill(orgA.admin.http, { slug: `Mine-${randomId().slice(0, 8)}`, instructions: 'Do mine' });
    const gone = await createSkill(orgA.admin.http);
    await orgA.admin.http.delete(`/v1/skills/${gone.id}`);
    const foreign = await createSkill(orgB.admin.http);
    const builtin = BUILTIN_SKILLS[2]!;

    const asked = [own.slug.toLowerCase(), 'nope', gone.slug, foreign.slug, builtin.slug.toUpperCase(), own.slug];
    expect(await service.resolveForRun(orgA.org.id, asked)).toEqual([
      { slug: own.slug, name: own.name, instructions: 'Do mine' },
      { slug: builtin.slug, name: builtin.name, instructions: builtin.instructions },
    ]);
    expect(await service.resolveForRun(orgA.org.id, [])).toEqual([]);
    expect(await service.missingSlugs(orgA.org.id, asked)).toEqual(['nope', gone.slug, foreign.slug]);
    expect(await service.missingSlugs(orgB.org.id, [foreign.slug, builtin.slug])).toEqual([]);
    expect((await service.getLive(orgA.org.id, own.slug.toUpperCase()))?.id).toBe(own.id);
    expect(await service.getLive(orgA.org.id, gone.slug)).toBeNull();
    expect(await service.getLive(orgA.org.id, foreign.slug)).toBeNull();
    const live = await service.listLive(orgA.org.id);
    expect(
      live
        .slice(0, BUILTIN_SKILLS.length)
        .map((s) => s.slug)
        .sort(),
    ).toEqual(BUILTIN_SKILLS.map((s) => s.slug).sort());
    expect(live.map((s) => s.slug)).toContain(own.slug);
    expect(live.map((s) => s.slug)).not.toContain(gone.slug);
  });
});

describe('seeding built-in skills', () => {
  it('is idempotent across start-ups and restores a drifted built-in as a new version', async () => {
    const { db } = app.server.database;
    const read = () => db.select().from(skills).orderBy(skills.id);
    const before = (await read()).filter((r) => r.organizationId === null);
    expect(before).toHaveLength(BUILTIN_SKILLS.length);

    expect(await seedBuiltinSkills(db)).toBe(0);
    const worker = await startWorker(app.config, app.server.database);
    await worker.close();
    expect((await read()).filter((r) => r.organizationId === null)).toEqual(before);

    const target = BUILTIN_SKILLS[0]!;
    await db.update(skills).set({ instructions: 'tampered' }).where(eq(skills.id, target.id));
    expect(await seedBuiltinSkills(db)).toBe(1);
    const restored = (await read()).find((r) => r.id === target.id)!;
    expect(restored.instructions).toBe(target.instructions);
    expect(restored.version).toBe(2);
  });
});
