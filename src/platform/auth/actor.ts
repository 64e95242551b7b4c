export const CONSOLE_SECTIONS = [
  'platform',
  'organizations',
  'sales',
  'operations',
  'ai-platform',
  'billing',
  'access',
] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];
export type Role = 'admin' | 'member';

interface ActorBase {
  organizationId: string;
  organizationName: string;
  organizationIsSystem: boolean;
  role: Role;
  /** The API key presented, or the key that minted the session. */
  apiKeyId: string;
  canAccessConsole: boolean;
}

export interface UserActor extends ActorBase {
  kind: 'user';
  userId: string;
  isDeveloper: boolean;
  /** Sections of the user's console role; null without one. */
  consoleSections: ConsoleSection[] | null;
}

export interface ServiceAccountActor extends ActorBase {
  kind: 'service_account';
  serviceAccountId: string;
  canMintCrossOrg: boolean;
}

export type Actor = UserActor | ServiceAccountActor;

/** What every handler receives: who is calling, for which organization, under which request id. */
export interface RequestContext {
  actor: Actor;
  organizationId: string;
  requestId: string;
}

/** The id of the principal acting: the user's, or the service account's. */
export const principalIdOf = (ctx: RequestContext): string =>
  ctx.actor.kind === 'user' ? ctx.actor.userId : ctx.actor.serviceAccountId;

/** Console sections an actor holds once `can_access_console` is established: admins hold them all. */
export function consoleSectionsOf(actor: Actor): readonly ConsoleSection[] {
  if (!actor.canAccessConsole) return [];
  if (actor.role === 'admin') return CONSOLE_SECTIONS;
  return actor.kind === 'user' ? (actor.consoleSections ?? []) : [];
}
