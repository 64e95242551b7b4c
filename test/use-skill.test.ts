import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeneratorsService } from '../src/modules/generators/service.ts';
import { RUN_TOOL_NAMES } from '../src/modules/runs/service.ts';
import { createRunTools, type ToolContext } from '../src/modules/runs/tools/registry.ts';
import { useSkillTool } from '../src/modules/runs/tools/use-skill.ts';
import { BUILTIN_SKILLS } from '../src/modules/skills/seed.ts';
import { createSkillsService } from '../src/modules/skills/service.ts';
import type { Executor } from '../src/platform/db/client.ts';
import { newId } from '../src/platform/ids.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { createSkill } from './helpers/skills.ts';
import { testGateway } from './model-gateway.fixtures.ts';

let app: TestApp;
let db: Executor;
let orgA: TestOrg;
let orgB: TestOrg;
let tool: ReturnType<typeof useSkillTool>;

beforeAll(async () => {
  app = await startTestApp();
  db = app.server.database.db;
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  tool = useSkillTool(createSkillsService({ db }));
});
afterAll(() => app?.close());

/** Calls the tool as the engine does: inside its transaction (PGlite has one connection). */
function use(input: unknown, organizationId = orgA.org.id) {
  return db.transaction((tx) =>
    tool.execute(input as { slug: string }, {
      organizationId,
      threadId: newId(),
      runId: newId(),
      actId: newId(),
      projectId: null,
      principalId: orgA.admin.user.id,
      usageContext: { organizationId },
      model: 'test-model',
      prompt: null,
      tx,
    } satisfies ToolContext),
  );
}

describe('use_skill', () => {
  it('is a registered run tool the allowlist can name', () => {
    expect(RUN_TOOL_NAMES).toContain('use_skill');
    const tools = createRunTools({
      generators: createGeneratorsService({ artifacts: { createArtifact: () => Promise.reject(new Error('unused')) } })
        .tools,
      images: {
        gateway: testGateway(app).gateway,
        artifacts: { createArtifact: () => Promise.reject(new Error('unused')) },
      },
      projects: { searchProject: () => Promise.reject(new Error('unused')) },
      skills: createSkillsService({ db }),
    });
    const [definition] = tools.definitions(['use_skill']);
    expect(definition!.name).toBe('use_skill');
    expect(definition!.inputSchema).toMatchObject({ type: 'object', required: ['slug'] });
    for (const s of BUILTIN_SKILLS) expect(definition!.description).toContain(s.slug);
  });

  it('returns the instructions of a built-in or an own live skill, by slug in any case', async () => {
    const builtin = BUILTIN_SKILLS[3]!;
    expect(await use({ slug: builtin.slug.toUpperCase() })).toEqual({
      kind: 'result',
      output: { slug: builtin.slug, name: builtin.name, instructions: builtin.instructions },
    });
    const own = await createSkill(orgA.admin.http, { instructions: 'Step one. Step two.' });
    expect(await use({ slug: ` ${own.slug} ` })).toEqual({
      kind: 'result',
      output: { slug: own.slug, name: own.name, instructions: 'Step one. Step two.' },
    });
  });

  it('answers { error } with the available skills for unknown, archived and foreign slugs', async () => {
    const gone = await createSkill(orgA.admin.http);
    await orgA.admin.http.delete(`/v1/skills/${gone.id}`);
    const foreign = await createSkill(orgB.admin.http);
    for (const slug of ['no-such-skill', gone.slug, foreign.slug]) {
      const outcome = (await use({ slug })) as { kind: string; output: any };
      expect(outcome.kind).toBe('result');
      expect(outcome.output.error).toContain(slug);
      const slugs = outcome.output.available.map((s: any) => s.slug);
      expect(slugs).toEqual(expect.arrayContaining(BUILTIN_SKILLS.map((s) => s.slug)));
      expect(slugs).not.toContain(gone.slug);
      expect(slugs).not.toContain(foreign.slug);
      expect(Object.keys(outcome.output.available[0]).sort()).toEqual(['name', 'slug', 'when_to_use']);
    }
    // The other organization uses its own skill.
    expect(((await use({ slug: foreign.slug }, orgB.org.id)) as any).output.slug).toBe(foreign.slug);
  });

  it('answers { error } for invalid arguments', async () => {
    for (const input of [{}, { slug: '' }, { slug: 5 }, { slug: 'x'.repeat(65) }]) {
      const outcome = (await use(input)) as { kind: string; output: any };
      expect(outcome.kind).toBe('result');
      expect(outcome.output.error).toMatch(/Invalid arguments for use_skill/);
    }
  });
});
