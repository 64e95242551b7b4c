import styles from './RefineAssistant.module.css';
import { STEP_TYPES } from './workflow-form.ts';
import type { Definition, Step } from './workflows-api.ts';

const PREVIEW_CHARS = 160;
const typeName = (step: Step) => STEP_TYPES.find((t) => t.type === step.type)?.label.split(':')[0] ?? step.type;
const clip = (text: string) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text);

/** What a step does, in a line: its prompt, tool or nested workflow. */
function summary(step: Step): string {
  switch (step.type) {
    case 'model':
    case 'skill':
    case 'agent':
      return clip(step.config.prompt);
    case 'tool':
      return `Calls ${step.config.tool}`;
    case 'workflow':
      return 'Runs another workflow';
  }
}

/** A proposed definition as a person reads it: each step's name, type, what it does and what it waits for. */
export function ProposalSteps({ definition }: { definition: Definition }) {
  const nameOf = (id: string) => definition.steps.find((step) => step.id === id)?.name ?? id;
  return (
    <ol className={styles.proposal} aria-label="Proposed steps">
      {definition.steps.map((step) => (
        <li key={step.id}>
          <strong>{step.name}</strong>{' '}
          <span className="muted">
            ({typeName(step)}, id {step.id})
          </span>
          <p className={styles.line}>{summary(step)}</p>
          {step.depends_on.length > 0 && (
            <p className={`muted ${styles.line}`}>After {step.depends_on.map(nameOf).join(', ')}</p>
          )}
          {step.requires_confirmation && <p className={`muted ${styles.line}`}>Asks for confirmation first</p>}
        </li>
      ))}
    </ol>
  );
}
