import { type FormEvent, useId, useState } from 'react';
import { describeError } from '../../../lib/errors.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { RoleSelect } from './RoleSelect.tsx';
import { type ProjectRole, useAddMember, usePeopleLookup } from './use-members.ts';

/** Find a person of the organization by name or email, then add them with a role. */
export function AddMemberForm({ projectId, memberIds }: { projectId: string; memberIds: ReadonlySet<string> }) {
  const add = useAddMember(projectId);
  const searchId = useId();
  const personId = useId();
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<ProjectRole>('member');
  const people = usePeopleLookup(useDebouncedValue(search.trim(), 250));
  const candidates = (people.data ?? []).filter((person) => !memberIds.has(person.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { user_id: userId, role },
      {
        onSuccess: () => {
          setSearch('');
          setUserId('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="inline-form" aria-label="Add member">
      <div className="field">
        <label htmlFor={searchId}>Find a person</label>
        <input
          id={searchId}
          type="search"
          value={search}
          maxLength={255}
          placeholder="Name or email"
          onChange={(event) => {
            setSearch(event.target.value);
            setUserId('');
          }}
        />
      </div>
      <div className="field">
        <label htmlFor={personId}>Person</label>
        <select id={personId} value={userId} required onChange={(event) => setUserId(event.target.value)}>
          <option value="">{search.trim() ? `${candidates.length} found` : 'Type a name or email first'}</option>
          {candidates.map((person) => (
            <option key={person.id} value={person.id}>
              {person.display_name} ({person.email})
            </option>
          ))}
        </select>
      </div>
      <RoleSelect label="Role" value={role} onChange={setRole} />
      <div className="inline-form__actions">
        <button type="submit" className="button button--primary" disabled={!userId || add.isPending}>
          Add member
        </button>
      </div>
      {add.isError && (
        <p role="alert" className="alert">
          {describeError(add.error)}
        </p>
      )}
    </form>
  );
}
