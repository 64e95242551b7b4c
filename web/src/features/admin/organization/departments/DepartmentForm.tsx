import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { placeApiError } from '../../../../lib/field-errors.ts';
import { DEPARTMENT_LIMITS, type Department, type DepartmentInput } from '../organization-api.ts';
import { canMoveUnder, departmentChoices } from './department-tree.ts';

type Field = 'name' | 'description' | 'parent';

const API_FIELDS: Readonly<Record<string, Field>> = {
  name: 'name',
  description: 'description',
  parent_department_id: 'parent',
};

interface DepartmentFormProps {
  departments: readonly Department[];
  /** The department being changed; absent for a new one. */
  editing?: Department;
  initialParent?: string | null;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  done?: string | false;
  onSubmit: (input: DepartmentInput) => void;
}

/**
 * A department's name, description and parent. The parent picker leaves out the department itself and those
 * under it (the API refuses a cycle), and is how a keyboard moves a department in the tree.
 */
export function DepartmentForm({ departments, editing, initialParent = null, ...props }: DepartmentFormProps) {
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [parent, setParent] = useState(editing ? (editing.parent_department_id ?? '') : (initialParent ?? ''));
  const [nameError, setNameError] = useState<string>();
  const placed = placeApiError<Field>(props.error, API_FIELDS);
  const parents = departmentChoices(departments).filter((d) => !editing || canMoveUnder(departments, editing.id, d.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const error =
      trimmed && trimmed.length <= DEPARTMENT_LIMITS.name
        ? undefined
        : `Give the department a name of 1 to ${DEPARTMENT_LIMITS.name} characters.`;
    setNameError(error);
    if (error) return;
    props.onSubmit({ name: trimmed, description: description.trim() || null, parent_department_id: parent || null });
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <TextField
        label="Name"
        value={name}
        onChange={setName}
        maxLength={DEPARTMENT_LIMITS.name}
        error={nameError ?? placed.fields.name}
      />
      <TextField
        label="Description"
        hint="Optional."
        value={description}
        onChange={setDescription}
        maxLength={DEPARTMENT_LIMITS.description}
        rows={2}
        error={placed.fields.description}
      />
      <FormField label="Part of" error={placed.fields.parent}>
        {(control) => (
          <select {...control} value={parent} onChange={(e) => setParent(e.target.value)}>
            <option value="">Nothing: a top-level department</option>
            {parents.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormActions error={placed.form} pending={props.pending} submitLabel={props.submitLabel} done={props.done} />
    </form>
  );
}
