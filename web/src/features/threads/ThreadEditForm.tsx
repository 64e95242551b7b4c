import { type FormEvent, useId, useState } from 'react';
import { describeError } from '../../lib/errors.ts';
import { useProjects } from '../projects/index.ts';
import type { Thread } from './threads-api.ts';
import { useUpdateThread } from './use-threads.ts';

interface ThreadEditFormProps {
  thread: Thread;
  onDone: () => void;
}

/** Rename a thread and move it into a project (or out of one). */
export function ThreadEditForm({ thread, onDone }: ThreadEditFormProps) {
  const update = useUpdateThread(thread.id);
  const projects = useProjects();
  const titleFieldId = useId();
  const projectFieldId = useId();
  // Controlled: the projects arrive after the form opens, and the current one must be selected then.
  const [project, setProject] = useState(thread.project_id ?? '');

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get('title')).trim();
    update.mutate({ title: title || null, project_id: project || null }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={save} className="inline-form">
      <div className="field">
        <label htmlFor={titleFieldId}>Title</label>
        {/* biome-ignore lint/a11y/noAutofocus: the form opens on request, to rename */}
        <input id={titleFieldId} name="title" defaultValue={thread.title ?? ''} maxLength={255} autoFocus />
      </div>
      <div className="field">
        <label htmlFor={projectFieldId}>Project</label>
        <select id={projectFieldId} value={project} onChange={(event) => setProject(event.target.value)}>
          <option value="">No project</option>
          {projects.data?.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
      </div>
      <div className="inline-form__actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          Save
        </button>
        <button type="button" className="button button--quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
      {update.isError && (
        <p role="alert" className="alert">
          {describeError(update.error)}
        </p>
      )}
    </form>
  );
}
