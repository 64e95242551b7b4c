import { Link } from 'react-router';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import styles from './ProjectsPage.module.css';
import { useProjects } from './use-projects.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function ProjectsPage() {
  const projects = useProjects();

  return (
    <div className="page">
      <h1>Projects</h1>
      <p className="muted">Shared spaces for threads and files.</p>
      {projects.isPending && <Loading />}
      {projects.isError && <LoadError error={projects.error} onRetry={() => projects.refetch()} />}
      {projects.data?.length === 0 && <p className="empty">No projects yet.</p>}
      <ul className={styles.grid}>
        {projects.data?.map((project) => (
          <li key={project.id} className={styles.card}>
            <h2 className={styles.name}>
              <Link to={`/threads?project=${project.id}`}>{project.name}</Link>
            </h2>
            {project.description && <p className={styles.description}>{project.description}</p>}
            <p className={styles.stats}>
              {count(project.conversation_count, 'thread', 'threads')} · {count(project.file_count, 'file', 'files')} ·{' '}
              {count(project.member_count, 'member', 'members')}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
