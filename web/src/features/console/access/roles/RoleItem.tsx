import { useState } from 'react';
import listStyles from '../../../../components/CardList.module.css';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import styles from '../access.module.css';
import type { ConsoleRole } from '../access-api.ts';
import { inSectionOrder, SECTION_TEXT } from '../section-text.ts';
import { useDeleteRole, useUpdateRole } from '../use-access.ts';
import { RoleForm } from './RoleForm.tsx';
import { roleChanges, roleFormValues } from './role-form.ts';

const holders = (count: number) =>
  count === 0 ? 'Nobody holds it.' : `Held by ${count} ${count === 1 ? 'person' : 'people'}.`;

/** One console role: its sections and holders, changing it in place, and deleting it once nobody holds it. */
export function RoleItem({ role }: { role: ConsoleRole }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteRole(role.id);

  return (
    <li className={listStyles.card}>
      <h2 className={listStyles.name}>{role.name}</h2>
      <p className={listStyles.meta}>{holders(role.user_count)}</p>
      <ul className={styles.tags} aria-label={`Sections of ${role.name}`}>
        {inSectionOrder(role.sections).map((section) => (
          <li key={section} className="tag" title={SECTION_TEXT[section].opens}>
            {SECTION_TEXT[section].label}
          </li>
        ))}
      </ul>
      <div className="button-row">
        <button
          type="button"
          className="button"
          aria-expanded={editing}
          aria-label={`Change ${role.name}`}
          onClick={() => setEditing((open) => !open)}
        >
          Change
        </button>
        {role.user_count === 0 ? (
          <ConfirmAction
            label="Delete"
            name={`Delete ${role.name}`}
            question={`Delete the console role ${role.name}? This cannot be undone.`}
            confirmLabel="Delete role"
            pending={remove.isPending}
            onConfirm={() => remove.mutate()}
          />
        ) : (
          <span className="muted">To delete it, give its holders another role first.</span>
        )}
      </div>
      <ErrorAlert error={remove.error} />
      {editing && <EditRole role={role} />}
    </li>
  );
}

function EditRole({ role }: { role: ConsoleRole }) {
  const update = useUpdateRole(role.id);
  const [unchanged, setUnchanged] = useState(false);
  return (
    <section aria-label={`Change ${role.name}`}>
      <RoleForm
        initial={roleFormValues(role)}
        submitLabel="Save role"
        pending={update.isPending}
        error={update.error}
        done={(unchanged && 'Nothing to save: nothing changed.') || (update.isSuccess && 'Saved.')}
        onSubmit={(values) => {
          const changes = roleChanges(role, values);
          const empty = Object.keys(changes).length === 0;
          setUnchanged(empty);
          if (empty) update.reset();
          else update.mutate(changes);
        }}
      />
    </section>
  );
}
