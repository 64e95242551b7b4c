import { CardListPage } from '../../components/CardListPage.tsx';
import { isBuiltinSkill } from './skills-api.ts';
import { useLiveSkills } from './use-skills.ts';

export function SkillsPage() {
  return (
    <CardListPage
      title="Skills"
      intro="Instructions an agent can reach for when a task calls for them."
      create={{ to: '/agents/skills/new', label: 'New skill' }}
      empty="No skills yet."
      items={useLiveSkills()}
      card={(skill) => ({
        id: skill.id,
        to: `/agents/skills/${skill.id}`,
        name: skill.name,
        description: skill.description,
        meta: (
          <>
            <code>{skill.slug}</code> · {isBuiltinSkill(skill) ? 'Built-in, read-only' : `Version ${skill.version}`}
          </>
        ),
      })}
    />
  );
}
