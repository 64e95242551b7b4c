import { useState } from 'react';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import type { Department } from '../organization-api.ts';
import { useCreateDepartment, useDeleteDepartment, useDepartments, useUpdateDepartment } from '../use-organization.ts';
import { DepartmentForm } from './DepartmentForm.tsx';
import { buildTree, canMoveUnder, type DepartmentNode } from './department-tree.ts';
import styles from './departments.module.css';

/** Where a dragged department would land: on another department (under it) or on the top level. */
const TOP = 'top-level';

interface TreeActions {
  departments: readonly Department[];
  dragged: string | null;
  over: string | null;
  setDragged: (id: string | null) => void;
  setOver: (id: string | null) => void;
  move: (id: string, parent: string | null) => void;
}

function DepartmentItem({ node, actions }: { node: DepartmentNode; actions: TreeActions }) {
  const { department } = node;
  const [editing, setEditing] = useState(false);
  const update = useUpdateDepartment();
  const remove = useDeleteDepartment();
  const droppable =
    actions.dragged !== null &&
    actions.dragged !== department.id &&
    canMoveUnder(actions.departments, actions.dragged, department.id);
  const rowClass = [styles.row, actions.over === department.id && droppable ? styles.dropTarget : '']
    .filter(Boolean)
    .join(' ');

  return (
    <li>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging is the mouse's shortcut; the keyboard moves a department with Change and its "Part of" picker */}
      <div
        className={rowClass}
        draggable
        onDragStart={(e) => {
          e.dataTransfer.setData('text/plain', department.id);
          e.dataTransfer.effectAllowed = 'move';
          actions.setDragged(department.id);
        }}
        onDragEnd={() => {
          actions.setDragged(null);
          actions.setOver(null);
        }}
        onDragOver={(e) => {
          if (!droppable) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
          actions.setOver(department.id);
        }}
        onDragLeave={() => actions.over === department.id && actions.setOver(null)}
        onDrop={(e) => {
          e.preventDefault();
          if (droppable && actions.dragged) actions.move(actions.dragged, department.id);
        }}
      >
        <span className={styles.grip} aria-hidden="true">
          ⠿
        </span>
        <span className={styles.name}>{department.name}</span>
        {department.description && <span className={styles.description}>{department.description}</span>}
        <span className={styles.actions}>
          <button
            type="button"
            className="button"
            aria-expanded={editing}
            aria-label={`Change ${department.name}`}
            onClick={() => setEditing((open) => !open)}
          >
            Change
          </button>
          <ConfirmAction
            label="Delete"
            name={`Delete ${department.name}`}
            question={`Delete ${department.name}? Its people keep their accounts, without a department.`}
            confirmLabel="Delete department"
            pending={remove.isPending}
            onConfirm={() => remove.mutate(department)}
          />
        </span>
      </div>
      <ErrorAlert error={remove.error} />
      {editing && (
        <section className={styles.edit} aria-label={`Change ${department.name}`}>
          <DepartmentForm
            departments={actions.departments}
            editing={department}
            submitLabel="Save department"
            pending={update.isPending}
            error={update.error}
            onSubmit={(input) =>
              update.mutate({ id: department.id, changes: input }, { onSuccess: () => setEditing(false) })
            }
          />
        </section>
      )}
      {node.children.length > 0 && <DepartmentList nodes={node.children} actions={actions} />}
    </li>
  );
}

function DepartmentList({ nodes, actions, label }: { nodes: DepartmentNode[]; actions: TreeActions; label?: string }) {
  return (
    <ul className={styles.tree} aria-label={label}>
      {nodes.map((node) => (
        <DepartmentItem key={node.department.id} node={node} actions={actions} />
      ))}
    </ul>
  );
}

/**
 * The organization's departments as a tree. Drag one onto another to move it under it, or onto the top-level
 * strip; a department never goes under itself or its own (the API refuses that too). "Change" does the same from
 * the keyboard with its "Part of" picker.
 */
export function DepartmentsPage() {
  const departments = useDepartments();
  const create = useCreateDepartment();
  const move = useUpdateDepartment();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [moved, setMoved] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const all = departments.data ?? [];

  const actions: TreeActions = {
    departments: all,
    dragged,
    over,
    setDragged,
    setOver,
    move: (id, parent) => {
      setDragged(null);
      setOver(null);
      const department = all.find((d) => d.id === id);
      if (!department || department.parent_department_id === parent) return;
      const target = parent ? all.find((d) => d.id === parent)?.name : null;
      setMoved(null);
      move.mutate(
        { id, changes: { parent_department_id: parent } },
        { onSuccess: () => setMoved(`Moved ${department.name} ${target ? `under ${target}` : 'to the top level'}.`) },
      );
    },
  };
  const topDroppable = dragged !== null && all.find((d) => d.id === dragged)?.parent_department_id !== null;

  return (
    <div className="page stack">
      <h1>Departments</h1>
      <p className="muted">
        People belong to a department; usage and spend limits can be read by department. Drag a department onto another
        to move it there, or use Change.
      </p>
      {departments.isPending && <Loading label="Loading the departments…" />}
      {departments.isError && <LoadError error={departments.error} onRetry={() => departments.refetch()} />}
      {departments.isSuccess && all.length === 0 && <p className="empty">No departments yet.</p>}
      {all.length > 0 && (
        <>
          <DepartmentList nodes={buildTree(all)} actions={actions} label="Departments" />
          {dragged && (
            // biome-ignore lint/a11y/noStaticElementInteractions: a drop target only while the mouse drags; the keyboard uses "Part of"
            <div
              className={[styles.topLevel, over === TOP && topDroppable ? styles.dropTarget : ''].join(' ')}
              onDragOver={(e) => {
                if (!topDroppable) return;
                e.preventDefault();
                setOver(TOP);
              }}
              onDragLeave={() => over === TOP && setOver(null)}
              onDrop={(e) => {
                e.preventDefault();
                if (topDroppable) actions.move(dragged, null);
              }}
            >
              Drop here to make it a top-level department
            </div>
          )}
        </>
      )}
      {moved && <p role="status">{moved}</p>}
      <ErrorAlert error={move.error} />
      <section aria-labelledby="new-department" className="stack">
        <h2 id="new-department">New department</h2>
        <DepartmentForm
          key={round}
          departments={all}
          submitLabel="Create department"
          pending={create.isPending}
          error={create.error}
          done={create.isSuccess && `Created ${create.data.name}.`}
          onSubmit={(input) => create.mutate(input, { onSuccess: () => setRound((n) => n + 1) })}
        />
      </section>
    </div>
  );
}
