import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Markdown } from '../../components/Markdown.tsx';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import { SkillForm } from './SkillForm.tsx';
import { skillChanges, skillFormValues } from './skill-form.ts';
import { isBuiltinSkill, type Skill } from './skills-api.ts';
import { useArchiveSkill, useSkill, useUpdateSkill } from './use-skills.ts';

/** One skill: the organization's own are edited and archived here; built-ins are shown read-only. */
export function SkillPage() {
  const { skillId = '' } = useParams();
  const skill = useSkill(skillId);

  return (
    <div className="page stack">
      <p>
        <Link to="/agents/skills">Back to skills</Link>
      </p>
      {skill.isPending && <Loading />}
      {skill.isError && <LoadError error={skill.error} onRetry={() => skill.refetch()} />}
      {skill.data &&
        (isBuiltinSkill(skill.data) ? (
          <BuiltinSkill skill={skill.data} />
        ) : (
          <OwnSkill key={skill.data.id} skill={skill.data} />
        ))}
    </div>
  );
}

function BuiltinSkill({ skill }: { skill: Skill }) {
  return (
    <>
      <h1>{skill.name}</h1>
      <p className="muted">A built-in skill: every organization has it, and it cannot be changed.</p>
      {skill.when_to_use && <p>{skill.when_to_use}</p>}
      <Markdown text={skill.instructions} />
    </>
  );
}

function OwnSkill({ skill }: { skill: Skill }) {
  const update = useUpdateSkill(skill.id);
  const archive = useArchiveSkill(skill.id);
  const navigate = useNavigate();

  return (
    <>
      <h1>{skill.name}</h1>
      <SkillForm
        initial={skillFormValues(skill)}
        slugEditable={false}
        submitLabel="Save changes"
        pending={update.isPending}
        error={update.error}
        onSubmit={(values) => update.mutate(skillChanges(values))}
      />
      {update.isSuccess && <p role="status">Saved.</p>}
      <section aria-labelledby="archive-skill" className="stack">
        <h2 id="archive-skill">Archive</h2>
        <p className="muted">Agents stop getting an archived skill’s instructions.</p>
        <div>
          <button
            type="button"
            className="button button--danger"
            disabled={archive.isPending}
            onClick={() => archive.mutate(undefined, { onSuccess: () => navigate('/agents/skills') })}
          >
            Archive skill
          </button>
        </div>
        <ErrorAlert error={archive.error} />
      </section>
    </>
  );
}
