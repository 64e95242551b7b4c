import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_SKILLS } from '../src/modules/skills/seed.ts';
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
import { createSkill, listSkills as listAll, SKILL_FIELDS } from './helpers/skills.ts';

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

describe('built-in skills', () => {
  it('are seeded with real instructions and listed for every organization', async () => {
    expect(BUILTIN_SKILLS.length).toBeGreaterThanOrEqual(5);
    for (const org of [orgA, orgB]) {
      const builtins = await listAll(org.admin.http, 'source=builtin');
      expect(builtins.map((s) => s.slug).sort()).toEqual(BUILTIN_SKILLS.map((s) => s.slug).sort());
      for (const skill of builtins) {
        expect(Object.keys(skill).sort()).toEqual(SKILL_FIELDS);
        const def = BUILTIN_SKILLS.find((s) => s.id === skill.id)!;
        expect(skill).toMatchObject({
          organization_id: null,
          slug: def.slug,
          name: def.name,
          description: def.description,
          when_to_use: def.whenToUse,
          instructions: def.instructions,
          manifest: def.manifest,
          scripts: [],
          version: 1,
          is_archived: false,
          created_by_user_id: null,
        });
        expect(skill.instructions.split('\n\n').length).toBeGreaterThanOrEqual(4);
        expect(skill.instructions).toMatch(/create_|search_project_files|ask_user/);
      }
    }
    const slugs = BUILTIN_SKILLS.map((s) => s.slug);
    for (const slug of ['summarise-document', 'draft-email', 'analyse-spreadsheet', 'build-slide-deck'])
      expect(slugs).toContain(slug);
    expect(slugs).toContain('write-project-brief');
  });

  it('can be read by any organization but never changed or archived (403 builtin_skill_immutable)', async () => {
    const id = BUILTIN_SKILLS[0]!.id;
    for (const http of [orgA.admin.http, orgB.admin.http, member.http, app.http.as(memberKey)]) {
      const got = await http.get(`/v1/skills/${id}`);
      expect(got.status, got.text).toBe(200);
      expect(got.body.slug).toBe(BUILTIN_SKILLS[0]!.slug);
    }
    expectError(await orgA.admin.http.patch(`/v1/skills/${id}`, { name: 'Mine now' }), 403, 'builtin_skill_immutable');
    expectError(await orgA.admin.http.patch(`/v1/skills/${id}`, { description: null }), 403, 'builtin_skill_immutable');
    expectError(await orgA.admin.http.delete(`/v1/skills/${id}`), 403, 'builtin_skill_immutable');
    const after = await orgB.admin.http.get(`/v1/skills/${id}`);
    expect(after.body).toMatchObject({ name: BUILTIN_SKILLS[0]!.name, version: 1, is_archived: false });
  });
});

describe('POST /v1/skills', () => {
  it('creates a skill with the exact record and defaults', async () => {
    const slug = unique('Quarterly-Review');
    const res = await orgA.admin.http.post('/v1/skills', {
      slug: `  ${slug}  `,
      name: '  Quarterly review  ',
      when_to_use: 'At the end of a quarter',
      instructions: 'Compare the quarter with its targets.',
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(SKILL_FIELDS);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      organization_id: orgA.org.id,
      slug,
      name: 'Quarterly review',
      description: null,
      when_to_use: 'At the end of a quarter',
      instructions: 'Compare the quarter with its targets.',
      manifest: {},
      scripts: [],
      version: 1,
      is_archived: false,
      created_by_user_id: orgA.admin.user.id,
      created_at: expect.stringMatching(ISO_MS),
      updated_at: res.body.created_at,
    });
    const got = await orgA.admin.http.get(`/v1/skills/${res.body.id}`);
    expect(got.body).toEqual(res.body);
  });

  it('stores description, manifest and scripts (camelCase accepted) and lets members and keys create', async () => {
    const manifest = { inputs: [{ name: 'topic', required: true }], camelKey: 1 };
    const res = await member.http.post('/v1/skills', {
      slug: unique('camel'),
      name: 'Reports',
      description: 'Helps with reports',
      whenToUse: 'Reports',
      instructions: 'Write it.',
      manifest,
      scripts: { build: 'echo hi' },
    });
    expect(res.status, res.text).toBe(201);
    const byMember = res.body;
    expect(byMember).toMatchObject({
      description: 'Helps with reports',
      when_to_use: 'Reports',
      manifest,
      scripts: { build: 'echo hi' },
      created_by_user_id: member.user.id,
    });
    const byKey = await createSkill(app.http.as(memberKey), { manifest: null, scripts: null, description: null });
    expect(byKey).toMatchObject({ created_by_user_id: null, manifest: {}, scripts: [], description: null });
  });

  it('answers 422 for a slug taken in the organization (any case, archived too) or by a built-in', async () => {
    const taken = await createSkill(orgA.admin.http, { slug: unique('Taken') });
    const archived = await createSkill(orgA.admin.http);
    expect((await orgA.admin.http.delete(`/v1/skills/${archived.id}`)).status).toBe(204);
    const builtin = BUILTIN_SKILLS[1]!.slug;
    for (const slug of [taken.slug, taken.slug.toUpperCase(), archived.slug, builtin, builtin.toUpperCase()]) {
      const res = await orgA.admin.http.post('/v1/skills', {
        slug,
        name: 'Dup',
        when_to_use: 'Never',
        instructions: 'None',
      });
      expectError(res, 422, 'validation_error');
      expect(res.body.error).toMatch(/slug/);
    }
    // Another organization may use the same slug.
    expect((await createSkill(orgB.admin.http, { slug: taken.slug })).organization_id).toBe(orgB.org.id);
  });

  it('answers 422 for invalid field values and 400 for structural problems', async () => {
    const base: Record<string, unknown> = { slug: unique('ok'), name: 'N', when_to_use: 'W', instructions: 'I' };
    const invalid: Record<string, unknown>[] = [
      { slug: 'has space' },
      { slug: '-leading' },
      { slug: 'x'.repeat(65) },
      { slug: '' },
      { name: '' },
      { name: 'n'.repeat(256) },
      { when_to_use: '   ' },
      { instructions: '' },
      { instructions: 'i'.repeat(50_001) },
      { manifest: ['not', 'an', 'object'] },
      { manifest: 'text' },
      { scripts: 'text' },
      { description: 5 },
      { manifest: { big: 'x'.repeat(20_001) } },
    ];
    for (const change of invalid) {
      expectError(await orgA.admin.http.post('/v1/skills', { ...base, ...change }), 422, 'validation_error');
    }
    for (const missing of ['slug', 'name', 'when_to_use', 'instructions']) {
      const { [missing]: _, ...body } = base;
      expectError(await orgA.admin.http.post('/v1/skills', body), 422, 'validation_error');
    }
    expectError(await orgA.admin.http.post('/v1/skills', { ...base, version: 3 }), 400, 'invalid_request');
    expectError(await orgA.admin.http.post('/v1/skills', [base]), 400, 'invalid_request');
    expectError(await orgA.admin.http.request('POST', '/v1/skills', { raw: '{' }), 400, 'invalid_request');
  });
});

describe('GET /v1/skills', () => {
  it('lists built-ins and live organization skills, newest first, filtered by source and isArchived', async () => {
    const org = await createOrgWithAdmin(app);
    const http = org.admin.http;
    const first = await createSkill(http);
    const second = await createSkill(http);
    const gone = await createSkill(http);
    expect((await http.delete(`/v1/skills/${gone.id}`)).status).toBe(204);

    const all = await listAll(http);
    expect(all.slice(0, 2).map((s) => s.id)).toEqual([second.id, first.id]);
    expect(all.slice(2).every((s) => s.organization_id === null)).toBe(true);
    expect(all).toHaveLength(2 + BUILTIN_SKILLS.length);
    expect(all[0]).toEqual(second);
    expect(await listAll(http, 'source=all')).toEqual(all);
    expect(await listAll(http, 'isArchived=false')).toEqual(all);

    expect((await listAll(http, 'source=org')).map((s) => s.id)).toEqual([second.id, first.id]);
    expect((await listAll(http, 'source=builtin')).map((s) => s.id)).toEqual(all.slice(2).map((s) => s.id));
    const archived = await listAll(http, 'isArchived=true');
    expect(archived.map((s) => s.id)).toEqual([gone.id]);
    expect(archived[0]).toMatchObject({ is_archived: true, version: 2 });
    expect((await listAll(http, 'source=org&is_archived=true')).map((s) => s.id)).toEqual([gone.id]);
    expect(await listAll(http, 'source=builtin&isArchived=true')).toEqual([]);

    // Pages of one row walk the same list.
    expect(await listAll(http, '', 1)).toEqual(all);
    // Another organization sees none of these.
    const otherIds = (await listAll(orgB.admin.http, 'source=all')).map((s) => s.id);
    for (const s of [first, second, gone]) expect(otherIds).not.toContain(s.id);
  });

  it('refuses bad query parameters with 400', async () => {
    for (const query of ['source=mine', 'isArchived=yes', 'limit=0', 'limit=101', 'cursor=nope']) {
      expectError(await orgA.admin.http.get(`/v1/skills?${query}`), 400, 'invalid_request');
    }
  });
});

describe('GET /v1/skills/:id', () => {
  it('returns own and archived skills, and 404 for other organizations and unknown ids', async () => {
    const skill = await createSkill(orgA.admin.http);
    expect((await member.http.get(`/v1/skills/${skill.id}`)).body).toEqual(skill);
    expectError(await orgB.admin.http.get(`/v1/skills/${skill.id}`), 404, 'not_found');
    expectError(await orgA.admin.http.get('/v1/skills/not-a-uuid'), 404, 'not_found');
    expect((await orgA.admin.http.delete(`/v1/skills/${skill.id}`)).status).toBe(204);
    expect((await orgA.admin.http.get(`/v1/skills/${skill.id}`)).body).toMatchObject({
      id: skill.id,
      is_archived: true,
    });
  });
});
