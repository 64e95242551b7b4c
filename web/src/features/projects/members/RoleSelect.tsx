import { useId } from 'react';
import type { ProjectRole } from './use-members.ts';

interface RoleSelectProps {
  label: string;
  value: ProjectRole;
  onChange: (role: ProjectRole) => void;
  disabled?: boolean;
}

/** A project role: admins manage members and the project, members work in it. */
export function RoleSelect({ label, value, onChange, disabled }: RoleSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === 'admin' ? 'admin' : 'member')}
      >
        <option value="member">Member</option>
        <option value="admin">Admin</option>
      </select>
    </div>
  );
}
