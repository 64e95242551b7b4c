import { useId, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../lib/errors.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useProjects } from '../../projects/index.ts';
import { useCreateThread } from '../use-threads.ts';
import { ThreadList } from './ThreadList.tsx';
import styles from './ThreadsPage.module.css';

const SEARCH_PAUSE_MS = 250;

/** Threads: pinned ones first, then the rest, filtered by a title search and a project (`?project=<id>`). */
export function ThreadsPage() {
  const [params, setParams] = useSearchParams();
  const projectId = params.get('project') ?? undefined;
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_PAUSE_MS);
  const projects = useProjects();
  const projectNames = useMemo(() => new Map(projects.data?.map((p) => [p.id, p.name])), [projects.data]);
  const create = useCreateThread();
  const navigate = useNavigate();
  const searchId = useId();
  const projectFieldId = useId();

  const chooseProject = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('project', id);
      else next.delete('project');
      return next;
    });

  const startThread = () => create.mutate(projectId, { onSuccess: (thread) => navigate(`/threads/${thread.id}`) });

  return (
    <div className="page">
      <div className={styles.header}>
        <h1>Threads</h1>
        <button type="button" className="button button--primary" onClick={startThread} disabled={create.isPending}>
          New thread
        </button>
      </div>
      {create.isError && (
        <p role="alert" className="alert">
          {describeError(create.error)}
        </p>
      )}
      <search className={styles.filters}>
        <div className="field">
          <label htmlFor={searchId}>Search threads</label>
          <input
            id={searchId}
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Title contains…"
          />
        </div>
        <div className="field">
          <label htmlFor={projectFieldId}>Project</label>
          <select id={projectFieldId} value={projectId ?? ''} onChange={(event) => chooseProject(event.target.value)}>
            <option value="">All projects</option>
            {projects.data?.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        </div>
      </search>
      <div className={styles.lists}>
        <ThreadList heading="Pinned" filters={{ search, projectId, isPinned: true }} projectNames={projectNames} />
        <ThreadList
          heading={search ? `Threads matching “${search}”` : 'Recent'}
          filters={{ search, projectId, isPinned: false }}
          emptyText={search ? 'No thread title contains that.' : 'No threads yet. Start one with “New thread”.'}
          projectNames={projectNames}
        />
      </div>
    </div>
  );
}
