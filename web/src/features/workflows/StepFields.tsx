import { FormField } from '../../components/FormField.tsx';
import { TextField } from '../../components/TextField.tsx';
import { DependsOnField } from './DependsOnField.tsx';
import { StepConfigFields } from './StepConfigFields.tsx';
import styles from './StepsEditor.module.css';
import { STEP_TYPES, type StepErrors, type StepValues, WORKFLOW_LIMITS } from './workflow-form.ts';

interface StepFieldsProps {
  step: StepValues;
  index: number;
  earlier: readonly StepValues[];
  isLast: boolean;
  errors: StepErrors;
  selfId?: string;
  onChange: (step: StepValues) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}

/** One step: a group named by its position and name, so its controls (same labels in every step) are told apart. */
export function StepFields({
  step,
  index,
  earlier,
  isLast,
  errors,
  selfId,
  onChange,
  onMove,
  onRemove,
}: StepFieldsProps) {
  const set = <K extends keyof StepValues>(key: K, value: StepValues[K]) => onChange({ ...step, [key]: value });
  const title = step.name.trim() ? `Step ${index + 1}: ${step.name.trim()}` : `Step ${index + 1}`;

  return (
    <fieldset className={styles.step} data-step-key={step.key}>
      <legend>{title}</legend>
      <div className={styles.pair}>
        <FormField label="Step id" error={errors.id}>
          {(control) => (
            <input
              {...control}
              value={step.id}
              maxLength={WORKFLOW_LIMITS.stepId}
              spellCheck={false}
              autoCapitalize="off"
              onChange={(e) => set('id', e.target.value)}
            />
          )}
        </FormField>
        <TextField
          label="Step name"
          error={errors.name}
          value={step.name}
          maxLength={WORKFLOW_LIMITS.stepName}
          onChange={(value) => set('name', value)}
        />
        <FormField label="Type">
          {(control) => (
            <select {...control} value={step.type} onChange={(e) => set('type', e.target.value as StepValues['type'])}>
              {STEP_TYPES.map(({ type, label }) => (
                <option key={type} value={type}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <StepConfigFields step={step} errors={errors} set={set} selfId={selfId} />
      <DependsOnField
        step={step}
        earlier={earlier}
        error={errors.dependsOn}
        onChange={(dependsOn) => set('dependsOn', dependsOn)}
      />
      <label className={styles.option}>
        <input
          type="checkbox"
          checked={step.requiresConfirmation}
          onChange={(e) => set('requiresConfirmation', e.target.checked)}
        />
        Requires confirmation
      </label>
      {step.requiresConfirmation && (
        <FormField
          label="Confirmation message"
          hint="Optional: what the person approving is asked before this step runs."
          error={errors.confirmationMessage}
        >
          {(control) => (
            <input
              {...control}
              value={step.confirmationMessage}
              maxLength={WORKFLOW_LIMITS.confirmationMessage}
              onChange={(e) => set('confirmationMessage', e.target.value)}
            />
          )}
        </FormField>
      )}
      <div className={styles.actions}>
        <button type="button" className="button" data-move="up" disabled={index === 0} onClick={() => onMove(-1)}>
          Move up
        </button>
        <button type="button" className="button" data-move="down" disabled={isLast} onClick={() => onMove(1)}>
          Move down
        </button>
        <button type="button" className="button button--quiet" onClick={onRemove}>
          Remove step
        </button>
      </div>
    </fieldset>
  );
}
