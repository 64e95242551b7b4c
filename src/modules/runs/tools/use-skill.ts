import { z } from 'zod';
import { BUILTIN_SKILL_SLUGS, type SkillsService } from '../../skills/service.ts';
import { defineTool, text } from './define.ts';

export type SkillLookup = Pick<SkillsService, 'getLive' | 'listLive'>;

export const UseSkillInput = z.object({
  slug: text(64).describe('The slug of the skill to load, e.g. summarise-document'),
});

export type UseSkillInput = z.output<typeof UseSkillInput>;

const builtinSlugs = BUILTIN_SKILL_SLUGS.join(', ');

/**
 * Loads a live skill (the organization's own or a built-in) by slug: its instructions become the tool's output
 * for the model to follow. An unknown or archived slug is an `{ error }` listing the skills there are.
 */
export function useSkillTool(skills: SkillLookup) {
  return defineTool({
    name: 'use_skill',
    description:
      'Load the instructions of a skill: expert, step-by-step guidance for a kind of task. Call it before starting ' +
      'a task a skill covers, then follow the instructions it returns. Built-in skills: ' +
      `${builtinSlugs}; the organization may have its own (an unknown slug returns the list).`,
    inputSchema: UseSkillInput,
    async run(input, ctx) {
      const skill = await skills.getLive(ctx.organizationId, input.slug, ctx.tx);
      if (skill) {
        return { kind: 'result', output: { slug: skill.slug, name: skill.name, instructions: skill.instructions } };
      }
      const available = await skills.listLive(ctx.organizationId, ctx.tx);
      return {
        kind: 'result',
        output: { error: `There is no skill "${input.slug}". Use one of the available skills.`, available },
      };
    },
  });
}
