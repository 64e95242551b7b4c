import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormField } from '../../../components/FormField.tsx';
import type { PickerModel, SelectionKey } from './organization-api.ts';
import { useReplaceModelSelections } from './use-organization.ts';

/** Each selection key and what the organization uses it for. */
const KEYS: { key: SelectionKey; label: string; hint: string }[] = [
  { key: 'text', label: 'Text', hint: 'Answers in threads, agents and workflow steps without a model of their own.' },
  { key: 'thinking', label: 'Thinking', hint: 'Runs that reason step by step before answering.' },
  { key: 'image', label: 'Images', hint: 'Pictures agents make.' },
  { key: 'audio', label: 'Audio', hint: 'Speech agents make.' },
  { key: 'embeddings', label: 'Embeddings', hint: 'Meaning-based search over project files.' },
];

type Chosen = Partial<Record<SelectionKey, string>>;

const chosenOf = (selections: { key: SelectionKey; model_version_id: string }[]): Chosen =>
  Object.fromEntries(selections.map((s) => [s.key, s.model_version_id]));

/**
 * The organization's model per capability, from the active versions that serve it. Saving replaces the whole set,
 * as the API does; "Platform default" leaves a key unselected.
 */
export function ModelSelections(props: {
  selections: { key: SelectionKey; model_version_id: string }[];
  models: PickerModel[];
}) {
  const replace = useReplaceModelSelections();
  const [chosen, setChosen] = useState<Chosen>(() => chosenOf(props.selections));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const selections = KEYS.flatMap(({ key }) => (chosen[key] ? [{ key, model_version_id: chosen[key] }] : []));
    replace.mutate(selections);
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      {KEYS.map(({ key, label, hint }) => {
        const offered = props.models.filter((model) => model.capabilities.includes(key));
        const value = chosen[key] ?? '';
        // A stored choice no longer offered (retired since) stays visible, so saving never drops it silently.
        const unlisted = value !== '' && !offered.some((model) => model.id === value);
        return (
          <FormField key={key} label={label} hint={hint}>
            {(control) => (
              <select
                {...control}
                value={value}
                onChange={(e) => setChosen((current) => ({ ...current, [key]: e.target.value || undefined }))}
              >
                <option value="">Platform default</option>
                {unlisted && <option value={value}>A model no longer offered ({value})</option>}
                {offered.map((model) => (
                  <option key={model.id} value={model.id}>
                    {model.displayName} ({model.providerName})
                  </option>
                ))}
              </select>
            )}
          </FormField>
        );
      })}
      <FormActions
        error={replace.error}
        pending={replace.isPending}
        submitLabel="Save models"
        done={replace.isSuccess && 'Saved.'}
      />
    </form>
  );
}
