import type { FieldControlProps } from '../../components/FormField.tsx';

export interface Choice {
  value: string;
  label: string;
}

interface ChoiceSelectProps {
  control: FieldControlProps;
  value: string;
  /** Undefined while the choices load. */
  choices: readonly Choice[] | undefined;
  /** The empty option's text, e.g. "Choose a skill". */
  placeholder: string;
  onChange: (value: string) => void;
}

/**
 * A required choice among what the organization has (tools, skills, agents, workflows). A stored value that is
 * no longer offered (an archived agent) stays shown, so the person sees what the step names and the API says why
 * it refuses it.
 */
export function ChoiceSelect({ control, value, choices, placeholder, onChange }: ChoiceSelectProps) {
  const unlisted = value !== '' && choices !== undefined && !choices.some((choice) => choice.value === value);
  return (
    <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{choices === undefined ? 'Loading…' : placeholder}</option>
      {unlisted && <option value={value}>{value}</option>}
      {choices?.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
