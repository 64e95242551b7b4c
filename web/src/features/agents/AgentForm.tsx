import { type FormEvent, useState } from 'react';
import { FormActions } from '../../components/FormActions.tsx';
import { FormField } from '../../components/FormField.tsx';
import { ModelSelect } from '../../components/ModelSelect.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useLiveSkills } from '../skills/index.ts';
import styles from './AgentForm.module.css';
import {
  AGENT_LIMITS,
  AGENT_TOOLS,
  type AgentFormErrors,
  type AgentFormValues,
  type AgentToolName,
  validateAgentForm,
} from './agent-form.ts';
import { useTextModels } from './use-agents.ts';

interface AgentFormProps {
  initial: AgentFormValues;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal of the last submit, if any. */
  error: unknown;
  onSubmit: (values: AgentFormValues) => void;
}

const toggled = <T,>(list: readonly T[], item: T, on: boolean, order: readonly T[]) =>
  order.filter((each) => (each === item ? on : list.includes(each)));

/** Name, instructions, model, tools and default skills of an agent, checked as the API checks them. */
export function AgentForm({ initial, submitLabel, pending, error, onSubmit }: AgentFormProps) {
  const models = useTextModels();
  const skills = useLiveSkills();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<AgentFormErrors>({});
  const set = <K extends keyof AgentFormValues>(key: K, value: AgentFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAgentForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  const toolOrder = AGENT_TOOLS.map((tool) => tool.name);
  const skillOrder = skills.data?.map((skill) => skill.slug) ?? values.skills;

  return (
    <form onSubmit={submit} noValidate className="stack">
      <TextField
        label="Name"
        error={errors.name}
        value={values.name}
        maxLength={AGENT_LIMITS.name}
        onChange={(value) => set('name', value)}
      />
      <TextField
        label="Description"
        hint="Optional: what the agent is for."
        error={errors.description}
        value={values.description}
        maxLength={AGENT_LIMITS.description}
        onChange={(value) => set('description', value)}
      />
      <TextField
        label="Instructions"
        hint="What the agent is told before every run."
        error={errors.instructions}
        rows={6}
        value={values.instructions}
        maxLength={AGENT_LIMITS.instructions}
        onChange={(value) => set('instructions', value)}
      />
      <div className={styles.pair}>
        <FormField label="Model">
          {(control) => (
            <ModelSelect
              control={control}
              value={values.model}
              models={models.data}
              onChange={(model) => set('model', model)}
            />
          )}
        </FormField>
        <FormField label="Visible to">
          {(control) => (
            <select
              {...control}
              value={values.visibility}
              onChange={(e) => set('visibility', e.target.value as AgentFormValues['visibility'])}
            >
              <option value="organization">Everyone in the organization</option>
              <option value="private">Only me</option>
            </select>
          )}
        </FormField>
      </div>
      <fieldset className={styles.choices}>
        <legend>Tools</legend>
        <ul className={styles.options}>
          {AGENT_TOOLS.map((tool) => (
            <li key={tool.name}>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  checked={values.tools.includes(tool.name)}
                  onChange={(e) =>
                    set('tools', toggled<AgentToolName>(values.tools, tool.name, e.target.checked, toolOrder))
                  }
                />
                {tool.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className={styles.choices} aria-describedby={errors.skills ? 'agent-skills-error' : undefined}>
        <legend>Default skills</legend>
        {skills.data?.length === 0 && <p className="muted">No skills yet.</p>}
        <ul className={styles.options}>
          {skills.data?.map((skill) => (
            <li key={skill.id}>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  checked={values.skills.includes(skill.slug)}
                  onChange={(e) => set('skills', toggled(values.skills, skill.slug, e.target.checked, skillOrder))}
                />
                {skill.name}
              </label>
            </li>
          ))}
        </ul>
        {errors.skills && (
          <p id="agent-skills-error" className="alert">
            {errors.skills}
          </p>
        )}
      </fieldset>
      <FormActions error={error} pending={pending} submitLabel={submitLabel} />
    </form>
  );
}
