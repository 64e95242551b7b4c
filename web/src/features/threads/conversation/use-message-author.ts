import { useCallback, useMemo } from 'react';
import { useSignedInUser } from '../../auth/index.ts';
import { useMembers } from '../../projects/index.ts';
import type { Message } from './conversation-api.ts';

/**
 * Who wrote a message, as its article is named: "Assistant", "You", or, in a project's thread, the member's name
 * ("Teammate" for someone no longer a member, or while the members load).
 */
export function useMessageAuthor(projectId: string | null): (message: Message) => string {
  const me = useSignedInUser();
  const members = useMembers(projectId);
  const names = useMemo(
    () => new Map((members.data ?? []).map((member) => [member.user_id, member.display_name])),
    [members.data],
  );
  return useCallback(
    (message: Message) => {
      if (message.role === 'assistant') return 'Assistant';
      if (message.created_by_id === me.id) return 'You';
      return (message.created_by_id && names.get(message.created_by_id)) || 'Teammate';
    },
    [me.id, names],
  );
}
