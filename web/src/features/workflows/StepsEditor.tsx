import { useEffect, useRef, useState } from 'react';
import { StepFields } from './StepFields.tsx';
import styles from './StepsEditor.module.css';
import { type DroppedDependency, moveStep, removeStep, type StepListChange, stepLabel } from './step-list.ts';
import { newStep, type StepErrors, type StepValues, WORKFLOW_LIMITS } from './workflow-form.ts';

interface StepsEditorProps {
  steps: StepValues[];
  errors: Record<string, StepErrors> | undefined;
  listError?: string;
  selfId?: string;
  onChange: (steps: StepValues[]) => void;
}

/** Where focus goes after a change, so a keyboard user stays on what they were working with. */
type FocusTarget = { key: string; control: 'first' | 'up' | 'down' } | { key: null; control: 'add' };

const droppedSentence = (dropped: readonly DroppedDependency[]) =>
  dropped.map(({ step, dependency }) => ` “${step}” no longer depends on “${dependency}”.`).join('');

/**
 * The ordered steps: add, remove, move up and down. A step may depend only on steps above it, so moving a step
 * above one it depends on drops that dependency (and says so) rather than refusing the move.
 */
export function StepsEditor({ steps, errors, listError, selfId, onChange }: StepsEditorProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [notice, setNotice] = useState('');
  const [focus, setFocus] = useState<FocusTarget | null>(null);

  useEffect(() => {
    if (!focus) return;
    setFocus(null);
    if (focus.key === null) return addRef.current?.focus();
    const step = listRef.current?.querySelector(`[data-step-key="${focus.key}"]`);
    if (focus.control === 'first') return step?.querySelector<HTMLElement>('input')?.focus();
    // At the top or the bottom the pressed button is disabled: the other one keeps focus in the step.
    const pressed = step?.querySelector<HTMLButtonElement>(`button[data-move="${focus.control}"]`);
    const other = step?.querySelector<HTMLButtonElement>(
      `button[data-move="${focus.control === 'up' ? 'down' : 'up'}"]`,
    );
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  }, [focus]);

  const apply = (change: StepListChange, said: string, target: FocusTarget) => {
    onChange(change.steps);
    setNotice(said + droppedSentence(change.dropped));
    setFocus(target);
  };

  const add = () => {
    const step = newStep(steps);
    onChange([...steps, step]);
    setNotice(`Added step ${steps.length + 1}.`);
    setFocus({ key: step.key, control: 'first' });
  };

  const move = (step: StepValues, index: number, direction: -1 | 1) =>
    apply(
      moveStep(steps, step.key, direction),
      `Moved “${stepLabel(step, index)}” to position ${index + 1 + direction}.`,
      { key: step.key, control: direction === -1 ? 'up' : 'down' },
    );

  const remove = (step: StepValues, index: number) =>
    apply(removeStep(steps, step.key), `Removed “${stepLabel(step, index)}”.`, { key: null, control: 'add' });

  const full = steps.length >= WORKFLOW_LIMITS.steps;
  return (
    <fieldset className={styles.editor}>
      <legend>Steps</legend>
      <p className={`muted ${styles.note}`}>
        Step ids use letters, digits, _ and -. A step can depend only on steps above it; steps that do not depend on
        each other run side by side. Moving a step above one it depends on removes that dependency.
      </p>
      {steps.length === 0 && (
        <p className={`muted ${styles.note}`}>No steps yet. A workflow without steps can be saved, but not run.</p>
      )}
      <ol ref={listRef} className={styles.steps} aria-label="Steps">
        {steps.map((step, index) => (
          <li key={step.key}>
            <StepFields
              step={step}
              index={index}
              earlier={steps.slice(0, index)}
              isLast={index === steps.length - 1}
              errors={errors?.[step.key] ?? {}}
              selfId={selfId}
              onChange={(changed) => onChange(steps.map((s) => (s.key === changed.key ? changed : s)))}
              onMove={(direction) => move(step, index, direction)}
              onRemove={() => remove(step, index)}
            />
          </li>
        ))}
      </ol>
      {listError && <p className="alert">{listError}</p>}
      <div className={styles.actions}>
        <button ref={addRef} type="button" className="button" disabled={full} onClick={add}>
          Add step
        </button>
        {/* Beside the button, so an empty notice takes no room; it is read out wherever it sits. */}
        <p role="status" className={`muted ${styles.note} ${styles.notice}`}>
          {notice}
        </p>
      </div>
    </fieldset>
  );
}
