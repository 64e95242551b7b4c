import { Link, useNavigate, useParams } from 'react-router';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { describeError, isApiError } from '../../../lib/errors.ts';
import { FilesSection } from '../files/FilesSection.tsx';
import { MembersSection } from '../members/MembersSection.tsx';
import { ProjectSearch } from '../search/ProjectSearch.tsx';
import { useNewProjectThread, useProject, useProjects } from '../use-projects.ts';
import styles from './ProjectPage.module.css';

/** Opens a new thread that belongs to the project. */
function NewThreadButton({ projectId }: { projectId: string }) {
  const create = useNewProjectThread(projectId);
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={create.isPending}
        onClick={() => create.mutate(undefined, { onSuccess: (thread) => navigate(`/threads/${thread.id}`) })}
      >
        New thread in this project
      </button>
      {create.isError && (
        <p role="alert" className="alert">
          {describeError(create.error)}
        </p>
      )}
    </>
  );
}

export function ProjectPage() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  // The list says what the caller may do in each project (an archived one is not there: nothing to manage).
  const viewerRole = useProjects().data?.find((row) => row.id === projectId)?.viewer_role;

  if (project.isPending) return <Loading label="Loading the project…" />;
  if (project.isError) {
    return (
      <div className="page">
        <h1>{isApiError(project.error, 404) ? 'Project not found' : 'This project could not be opened'}</h1>
        <LoadError error={project.error} onRetry={() => project.refetch()} />
      </div>
    );
  }
  const { data } = project;
  return (
    <div className={`page ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{data.name}</h1>
        {data.status === 'archived' && <p className={styles.archived}>Archived</p>}
        {data.description && <p className="muted">{data.description}</p>}
        <div className={styles.actions}>
          <NewThreadButton projectId={data.id} />
          <Link to={`/threads?project=${data.id}`}>Threads in this project</Link>
        </div>
      </header>
      <FilesSection projectId={data.id} />
      <ProjectSearch projectId={data.id} />
      <MembersSection projectId={data.id} creatorId={data.created_by} canManage={viewerRole === 'admin'} />
    </div>
  );
}
