import { type FormEvent, type ReactNode, useState } from 'react';
import { FormActions } from '../../../components/FormActions.tsx';
import { changedFlags, savedSetting } from './flag-changes.ts';
import type { FlagChanges, FlagSetting, Flags } from './flags-api.ts';

type Choice = 'on' | 'off' | 'none';
const toChoice = (setting: FlagSetting): Choice => (setting === null ? 'none' : setting ? 'on' : 'off');
const toSetting = (choice: Choice): FlagSetting => (choice === 'none' ? null : choice === 'on');

interface FlagsFormProps {
  caption: string;
  names: readonly string[];
  /** The rows saved in this scope (defaults, or one organization's overrides). */
  saved: Flags;
  /** The settings' column, e.g. "Default"; each select is named "<column> of <flag>". */
  column: string;
  /** The words of "no row here" for a flag: "Not set (off)", "Inherit the default (on)". */
  noneLabel: (name: string) => string;
  /** An extra column computed from the setting being chosen (what it amounts to), if any. */
  outcome?: { column: string; cell: (name: string, setting: FlagSetting) => ReactNode };
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** Sends exactly the changed flags; `done` is called once they are saved. */
  onSave: (changes: FlagChanges, done: () => void) => void;
}

/** Flags as rows of On / Off / none choices, saved together: only the flags whose choice changed are sent. */
export function FlagsForm({ caption, names, saved, column, noneLabel, outcome, ...props }: FlagsFormProps) {
  const [draft, setDraft] = useState<FlagChanges>({});
  const [done, setDone] = useState<string | false>(false);
  const settingOf = (name: string) => (name in draft ? (draft[name] ?? null) : savedSetting(saved, name));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = changedFlags(saved, draft);
    const count = Object.keys(changes).length;
    if (count === 0) return setDone('Nothing to save: no flag changed.');
    setDone(false);
    props.onSave(changes, () => {
      setDraft({});
      setDone(count === 1 ? 'Saved 1 flag.' : `Saved ${count} flags.`);
    });
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <div className="table-scroll">
        <table className="data-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Flag</th>
              <th scope="col">{column}</th>
              {outcome && <th scope="col">{outcome.column}</th>}
            </tr>
          </thead>
          <tbody>
            {names.map((name) => {
              const setting = settingOf(name);
              const changed = setting !== savedSetting(saved, name);
              return (
                <tr key={name}>
                  <th scope="row">
                    <code>{name}</code>
                  </th>
                  <td>
                    <span className="button-row">
                      <select
                        aria-label={`${column} of ${name}`}
                        value={toChoice(setting)}
                        onChange={(e) => {
                          setDraft({ ...draft, [name]: toSetting(e.target.value as Choice) });
                          setDone(false);
                        }}
                      >
                        <option value="none">{noneLabel(name)}</option>
                        <option value="on">On</option>
                        <option value="off">Off</option>
                      </select>
                      {changed && <span className="tag tag--attention">Unsaved</span>}
                    </span>
                  </td>
                  {outcome && <td>{outcome.cell(name, setting)}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FormActions error={props.error} pending={props.pending} submitLabel={props.submitLabel} done={done} />
    </form>
  );
}
