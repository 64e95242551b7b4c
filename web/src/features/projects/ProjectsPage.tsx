import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import { describeError } from '../../lib/errors.ts';
import { CreateProjectForm } from './CreateProjectForm.tsx';
import { count } from './count.ts';
import styles from './ProjectsPage.module.css';
import { type ProjectRow, useArchiveProject, useProjects } from './use-projects.ts';

function ProjectCard({ project }: { project: ProjectRow }) {
  const archive = useArchiveProject();
  return (
    <li className={styles.card}>
      <h2 className={styles.name}>
        <Link to={`/projects/${project.id}`}>{project.name}</Link>
      </h2>
      {project.description && <p className={styles.description}>{project.description}</p>}
      <p className={styles.stats}>
        {count(project.conversation_count, 'thread', 'threads')} · {count(project.file_count, 'file', 'files')} ·{' '}
        {count(project.member_count, 'member', 'members')}
      </p>
      {project.member_preview.length > 0 && (
        <p className={styles.stats}>With {project.member_preview.map((member) => member.display_name).join(', ')}</p>
      )}
      {project.viewer_role === 'admin' && (
        <div>
          <button
            type="button"
            className="button button--quiet"
            aria-label={`Archive ${project.name}`}
            disabled={archive.isPending}
            onClick={() => archive.mutate(project.id)}
          >
            Archive
          </button>
        </div>
      )}
      {archive.isError && (
        <p role="alert" className="alert">
          {describeError(archive.error)}
        </p>
      )}
    </li>
  );
}

export function ProjectsPage() {
  const projects = useProjects();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <div className="page">
      <div className={styles.titleRow}>
        <h1>Projects</h1>
        <button
          type="button"
          className="button button--primary"
          aria-expanded={creating}
          onClick={() => setCreating((open) => !open)}
        >
          New project
        </button>
      </div>
      <p className="muted">Shared spaces for threads and files.</p>
      {creating && <CreateProjectForm onCreated={(id) => navigate(`/projects/${id}`)} />}
      {projects.isPending && <Loading />}
      {projects.isError && <LoadError error={projects.error} onRetry={() => projects.refetch()} />}
      {projects.data?.length === 0 && <p className="empty">No projects yet.</p>}
      <ul className={styles.grid}>
        {projects.data?.map((project) => (
          <ProjectCard key={project.id} project={project} />
        ))}
      </ul>
    </div>
  );
}
