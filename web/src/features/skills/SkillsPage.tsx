import { Link } from 'react-router';
import styles from '../../components/CardList.module.css';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import { isBuiltinSkill } from './skills-api.ts';
import { useLiveSkills } from './use-skills.ts';

export function SkillsPage() {
  const skills = useLiveSkills();

  return (
    <div className="page">
      <div className={styles.header}>
        <h1>Skills</h1>
        <Link to="/agents/skills/new" className="button button--primary">
          New skill
        </Link>
      </div>
      <p className="muted">Instructions an agent can reach for when a task calls for them.</p>
      {skills.isPending && <Loading />}
      {skills.isError && <LoadError error={skills.error} onRetry={() => skills.refetch()} />}
      {skills.data?.length === 0 && <p className="empty">No skills yet.</p>}
      <ul className={styles.list}>
        {skills.data?.map((skill) => (
          <li key={skill.id} className={styles.card}>
            <h2 className={styles.name}>
              <Link to={`/agents/skills/${skill.id}`}>{skill.name}</Link>
            </h2>
            <p className={styles.meta}>
              <code>{skill.slug}</code> · {isBuiltinSkill(skill) ? 'Built-in, read-only' : `Version ${skill.version}`}
            </p>
            {skill.description && <p className={styles.description}>{skill.description}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
