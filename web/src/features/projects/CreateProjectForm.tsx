import { type FormEvent, useId } from 'react';
import { describeError } from '../../lib/errors.ts';
import { useCreateProject } from './use-projects.ts';

/** The API's limits: a name of 1–255 characters (trimmed), a description of at most 5000. */
const NAME_MAX = 255;
const DESCRIPTION_MAX = 5000;

export function CreateProjectForm({ onCreated }: { onCreated: (projectId: string) => void }) {
  const create = useCreateProject();
  const nameId = useId();
  const descriptionId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name')).trim();
    const description = String(form.get('description')).trim();
    create.mutate({ name, description: description || undefined }, { onSuccess: (project) => onCreated(project.id) });
  };

  return (
    <form onSubmit={submit} className="inline-form" aria-label="New project">
      <div className="field">
        <label htmlFor={nameId}>Name</label>
        <input id={nameId} name="name" required maxLength={NAME_MAX} pattern=".*\S.*" title="A name, not only spaces" />
      </div>
      <div className="field">
        <label htmlFor={descriptionId}>Description (optional)</label>
        <textarea id={descriptionId} name="description" rows={3} maxLength={DESCRIPTION_MAX} />
      </div>
      <div className="inline-form__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          Create project
        </button>
      </div>
      {create.isError && (
        <p role="alert" className="alert">
          {describeError(create.error)}
        </p>
      )}
    </form>
  );
}
