import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DLP_RULES } from '../src/modules/dlp/service.ts';
import { MAX_TRIGGERS_PER_OWNER } from '../src/modules/triggers/service.ts';
import { dlpRules, triggers } from '../src/platform/db/schema/index.ts';
import { newId } from '../src/platform/ids.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { createOrgWithAdmin, type TestOrg, unique } from './helpers/fixtures.ts';

let app: TestApp;
let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  app = await startTestApp();
  org = await createOrgWithAdmin(app);
  other = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

const rule = (n: number | string) => ({ name: `Rule ${n}`, pattern: `code-${n}`, action: 'deny' });

describe('collections with a cap', () => {
  it(`allows ${MAX_DLP_RULES} DLP rules per organization, exactly, even when creates race`, async () => {
    const filled = MAX_DLP_RULES - 3;
    await app.server.database.db.insert(dlpRules).values(
      Array.from({ length: filled }, (_, i) => ({
        id: newId(),
        organizationId: org.org.id as string,
        name: `Seeded ${i}`,
        pattern: `seeded-${i}`,
        action: 'deny' as const,
      })),
    );
    const raced = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => org.admin.http.post('/v1/organization/dlp-rules', rule(n))),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409]);
    for (const refused of raced.filter((r) => r.status === 409)) expectError(refused, 409, 'limit_reached');
    const listed = await org.admin.http.get('/v1/organization/dlp-rules');
    expect(listed.body.data).toHaveLength(MAX_DLP_RULES);

    // Another organization counts its own rules.
    expect((await other.admin.http.post('/v1/organization/dlp-rules', rule('other'))).status).toBe(201);
    // Deleting one makes room for one.
    const created = raced.find((r) => r.status === 201)!.body;
    expect((await org.admin.http.delete(`/v1/organization/dlp-rules/${created.id}`)).status).toBe(204);
    expect((await org.admin.http.post('/v1/organization/dlp-rules', rule('again'))).status).toBe(201);
    expectError(await org.admin.http.post('/v1/organization/dlp-rules', rule('over')), 409, 'limit_reached');
  });

  it(`allows ${MAX_TRIGGERS_PER_OWNER} triggers per agent, counted per agent`, async () => {
    const make = async () => {
      const res = await org.admin.http.post('/v1/agents', { name: unique('Agent'), system_prompt: 'Help.' });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const [full, empty] = [await make(), await make()];
    await app.server.database.db.insert(triggers).values(
      Array.from({ length: MAX_TRIGGERS_PER_OWNER - 1 }, () => ({
        id: newId(),
        organizationId: org.org.id as string,
        ownerType: 'agent' as const,
        ownerId: full,
        type: 'event' as const,
        schedule: 'thread.created',
        payload: {},
        enabled: false,
        target: { type: 'user', user_id: org.admin.user.id },
        createdBy: org.admin.user.id,
      })),
    );
    const body = { type: 'event', schedule: 'run.failed', enabled: false };
    expect((await org.admin.http.post(`/v1/agents/${full}/triggers`, body)).status).toBe(201);
    expectError(await org.admin.http.post(`/v1/agents/${full}/triggers`, body), 409, 'limit_reached');
    expect((await org.admin.http.post(`/v1/agents/${empty}/triggers`, body)).status).toBe(201);
  });
});
