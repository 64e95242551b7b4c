import { useId } from 'react';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useSignedInUser } from '../../auth/index.ts';
import { AddMemberForm } from './AddMemberForm.tsx';
import styles from './MembersSection.module.css';
import { RoleSelect } from './RoleSelect.tsx';
import { type ProjectMember, useMembers, useRemoveMember, useSetMemberRole } from './use-members.ts';

/** A member's id: a person's, or a service account's (keys may be members too). */
const memberIdOf = (member: ProjectMember) => (member.user_id ?? member.service_account_id)!;

interface MembersSectionProps {
  projectId: string;
  creatorId: string;
  /** Admins add members, change roles and remove others; anyone may leave. */
  canManage: boolean;
}

function MemberRow({ member, projectId, creatorId, canManage }: MembersSectionProps & { member: ProjectMember }) {
  const me = useSignedInUser();
  const setRole = useSetMemberRole(projectId);
  const remove = useRemoveMember(projectId);
  const memberId = memberIdOf(member);
  const isMe = memberId === me.id;
  // The creator is an admin by creating the project: that role is not a member row to change or remove.
  const isCreator = memberId === creatorId;
  const name = isMe ? `${member.display_name} (you)` : member.display_name;
  const error = setRole.error ?? remove.error;

  return (
    <li className={styles.member}>
      <span className={styles.name}>{name}</span>
      {isCreator ? (
        <span className={styles.role}>Creator · admin</span>
      ) : canManage ? (
        <RoleSelect
          label={`Role of ${member.display_name}`}
          value={member.role}
          disabled={setRole.isPending}
          onChange={(role) => setRole.mutate({ userId: memberId, role })}
        />
      ) : (
        <span className={styles.role}>{member.role === 'admin' ? 'Admin' : 'Member'}</span>
      )}
      {!isCreator && (canManage || isMe) && (
        <button
          type="button"
          className="button button--quiet"
          aria-label={isMe ? 'Leave this project' : `Remove ${member.display_name}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(memberId)}
        >
          {isMe ? 'Leave' : 'Remove'}
        </button>
      )}
      {error && (
        <p role="alert" className="alert">
          {describeError(error)}
        </p>
      )}
    </li>
  );
}

export function MembersSection(props: MembersSectionProps) {
  const members = useMembers(props.projectId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Members</h2>
      {members.isPending && <Loading label="Loading members…" />}
      {members.isError && <LoadError error={members.error} onRetry={() => members.refetch()} />}
      {members.data && (
        <ul className={styles.list}>
          {members.data.map((member) => (
            <MemberRow key={memberIdOf(member)} member={member} {...props} />
          ))}
        </ul>
      )}
      {props.canManage && members.data && (
        <AddMemberForm projectId={props.projectId} memberIds={new Set(members.data.map(memberIdOf))} />
      )}
    </section>
  );
}
