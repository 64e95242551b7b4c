import type { RequestContext } from '../../../platform/auth/actor.ts';
import type { UsersService } from '../../users/service.ts';

type Member = NonNullable<Awaited<ReturnType<UsersService['findForSignIn']>>>;

/**
 * The member a linked chat speaks for, as the services see a caller: a user of their organization with their role
 * and nothing more (no API key minted it, no console access). The services then apply the same rules as over HTTP.
 */
export function memberContext(member: Member, requestId: string): RequestContext {
  return {
    organizationId: member.organizationId,
    requestId,
    actor: {
      kind: 'user',
      userId: member.id,
      organizationId: member.organizationId,
      organizationName: '',
      organizationIsSystem: member.organizationIsSystem,
      role: member.role,
      apiKeyId: '',
      canAccessConsole: false,
      isDeveloper: false,
      consoleSections: null,
    },
  };
}
