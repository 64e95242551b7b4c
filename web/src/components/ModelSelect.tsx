import type { FieldControlProps } from './FormField.tsx';

/** A model a picker offers: the organization's models list (`GET /v1/models`) gives these fields. */
export interface ModelChoice {
  id: string;
  displayName: string;
  providerName: string;
}

interface ModelSelectProps {
  control: FieldControlProps;
  /** A model version id; '' means the organization's default model. */
  value: string;
  /** Undefined while the list loads. */
  models: readonly ModelChoice[] | undefined;
  onChange: (model: string) => void;
}

/**
 * The optional model of an agent or a workflow step. A stored value the list does not offer (a vendor model id,
 * a model since retired) stays shown as it is, so opening and saving a form never changes it silently.
 */
export function ModelSelect({ control, value, models, onChange }: ModelSelectProps) {
  const unlisted = value !== '' && models !== undefined && !models.some((model) => model.id === value);
  return (
    <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Organization default</option>
      {unlisted && <option value={value}>{value}</option>}
      {models?.map((model) => (
        <option key={model.id} value={model.id}>
          {model.displayName} ({model.providerName})
        </option>
      ))}
    </select>
  );
}
