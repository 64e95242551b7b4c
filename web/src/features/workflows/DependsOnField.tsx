import { useId } from 'react';
import styles from './StepsEditor.module.css';
import { stepLabel } from './step-list.ts';
import type { StepValues } from './workflow-form.ts';

interface DependsOnFieldProps {
  step: StepValues;
  /** The steps above this one: the only ones it may depend on, so no cycle or forward reference can be chosen. */
  earlier: readonly StepValues[];
  error?: string;
  onChange: (dependsOn: string[]) => void;
}

export function DependsOnField({ step, earlier, error, onChange }: DependsOnFieldProps) {
  const errorId = useId();
  const toggle = (key: string, on: boolean) =>
    // Kept in step order, so the API body does not depend on the order the boxes were ticked.
    onChange(
      earlier.filter((other) => (other.key === key ? on : step.dependsOn.includes(other.key))).map((s) => s.key),
    );

  return (
    <fieldset className={styles.choices} aria-describedby={error ? errorId : undefined}>
      <legend>Depends on</legend>
      {earlier.length === 0 ? (
        <p className={`muted ${styles.note}`}>Nothing: this step is first, so it starts as soon as the run does.</p>
      ) : (
        <ul className={styles.options}>
          {earlier.map((other, index) => (
            <li key={other.key}>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  checked={step.dependsOn.includes(other.key)}
                  onChange={(e) => toggle(other.key, e.target.checked)}
                />
                {stepLabel(other, index)}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
