import { Link, useNavigate } from 'react-router';
import { SkillForm } from './SkillForm.tsx';
import { newSkillBody, skillFormValues } from './skill-form.ts';
import { useCreateSkill } from './use-skills.ts';

export function NewSkillPage() {
  const create = useCreateSkill();
  const navigate = useNavigate();

  return (
    <div className="page stack">
      <p>
        <Link to="/agents/skills">Back to skills</Link>
      </p>
      <h1>New skill</h1>
      <SkillForm
        initial={skillFormValues()}
        slugEditable
        submitLabel="Create skill"
        pending={create.isPending}
        error={create.error}
        onSubmit={(values) =>
          create.mutate(newSkillBody(values), { onSuccess: (skill) => navigate(`/agents/skills/${skill.id}`) })
        }
      />
    </div>
  );
}
