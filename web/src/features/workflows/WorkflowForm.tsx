import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormActions } from '../../components/FormActions.tsx';
import { FormField } from '../../components/FormField.tsx';
import { StepsEditor } from './StepsEditor.tsx';
import {
  countErrors,
  validateWorkflowForm,
  WORKFLOW_LIMITS,
  type WorkflowFormErrors,
  type WorkflowFormValues,
} from './workflow-form.ts';

interface WorkflowFormProps {
  /** Held by the page: the refine assistant outside this form can replace the steps. */
  values: WorkflowFormValues;
  onChange: (values: WorkflowFormValues) => void;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal of the last submit, if any. */
  error: unknown;
  /** The workflow being edited (absent when creating). */
  selfId?: string;
  onSubmit: (values: WorkflowFormValues) => void;
}

const liveStepErrors = (errors: WorkflowFormErrors, values: WorkflowFormValues) =>
  Object.fromEntries(
    Object.entries(errors.steps ?? {}).filter(([key]) => values.steps.some((step) => step.key === key)),
  );

/** Name, description and steps of a workflow, checked as the API checks them before anything is sent. */
export function WorkflowForm({ values, onChange, submitLabel, pending, error, selfId, onSubmit }: WorkflowFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<WorkflowFormErrors>({});
  const [refusals, setRefusals] = useState(0);
  // Errors of steps since removed (or replaced by an applied proposal) no longer count.
  const shown = { ...errors, steps: liveStepErrors(errors, values) };
  const problems = countErrors(shown);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWorkflowForm(values);
    setErrors(found);
    if (countErrors(found) === 0) return onSubmit(values);
    setRefusals((n) => n + 1);
  };

  // A problem may be far down a long list of steps: each refused submit goes to the first one, once it shows.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="stack">
      <FormField label="Name" error={errors.name}>
        {(control) => (
          <input
            {...control}
            value={values.name}
            maxLength={WORKFLOW_LIMITS.name}
            onChange={(e) => onChange({ ...values, name: e.target.value })}
          />
        )}
      </FormField>
      <FormField label="Description" hint="Optional: what the workflow is for." error={errors.description}>
        {(control) => (
          <input
            {...control}
            value={values.description}
            maxLength={WORKFLOW_LIMITS.description}
            onChange={(e) => onChange({ ...values, description: e.target.value })}
          />
        )}
      </FormField>
      <StepsEditor
        steps={values.steps}
        errors={shown.steps}
        listError={errors.stepList}
        selfId={selfId}
        onChange={(steps) => onChange({ ...values, steps })}
      />
      {problems > 0 && (
        <p role="alert" className="alert">
          {problems === 1 ? 'Fix the problem marked above.' : `Fix the ${problems} problems marked above.`}
        </p>
      )}
      <FormActions error={error} pending={pending} submitLabel={submitLabel} />
    </form>
  );
}
