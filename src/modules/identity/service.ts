import type { z } from 'zod';
import type { ConsoleSection, RequestContext } from '../../platform/auth/actor.ts';
import { keyIsLive } from '../../platform/auth/credentials.ts';
import { RENEW_WINDOW_SECONDS, type SessionTokens } from '../../platform/auth/session-tokens.ts';
import type { KeyRow } from '../../platform/auth/store.ts';
import { verifyPassword } from '../../platform/crypto/passwords.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { UsersService } from '../users/service.ts';
import type { IdentitySchema } from './schemas.ts';
import type { IdentityStore } from './store.ts';

const invalidCredentials = () => new ApiError(401, 'invalid_credentials', 'Invalid credentials');
const noConsoleRole = () =>
  new ApiError(
    403,
    'no_console_role',
    'Your account has no console role yet. Ask a platform administrator to assign you one, then sign in again.',
  );

type SignInRow = NonNullable<Awaited<ReturnType<UsersService['findForSignIn']>>>;

/**
 * A key mints for users of its own organization; a cross-org key (never one with console access) for anyone.
 */
function keyMayMintFor(key: KeyRow, organizationId: string): boolean {
  return key.organizationId === organizationId || (key.canMintCrossOrg && !key.canAccessConsole);
}

export function createIdentityService(deps: {
  users: Pick<UsersService, 'findForSignIn'>;
  tokens: SessionTokens;
  store: IdentityStore;
}) {
  const { users, tokens, store } = deps;

  /** The checks shared by mint and renew, after the caller has been authenticated. */
  async function issueFor(key: KeyRow, user: SignInRow | null) {
    if (!user || !keyMayMintFor(key, user.organizationId) || user.isSuspended || user.organizationBlocked) {
      throw invalidCredentials();
    }
    const sections = (user.consoleSections as ConsoleSection[] | null) ?? [];
    if (key.canAccessConsole && user.role !== 'admin' && sections.length === 0) throw noConsoleRole();
    const session = tokens.issue({
      userId: user.id,
      organizationId: user.organizationId,
      apiKeyId: key.apiKeyId,
    });
    return { token: session.token, expires_at: session.expiresAt.toISOString() };
  }

  return {
    async mint(key: KeyRow, email: string, password: string) {
      const user = await users.findForSignIn({ email });
      // Always spend one password verification, so timing does not reveal whether the email exists.
      const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
      return issueFor(key, passwordOk ? user : null);
    },

    async renew(key: KeyRow, token: string) {
      const claims = tokens.readSigned(token);
      if (!claims) throw invalidCredentials();
      if (Date.now() / 1000 - claims.iat > RENEW_WINDOW_SECONDS) {
        throw new ApiError(
          401,
          'renew_window_expired',
          'The token is older than the 7-day renew window; sign in again',
        );
      }
      // Sessions die with their minting key, so a token whose key is gone cannot be renewed either.
      const mintingKey = await store.findKey(claims.akid);
      if (!mintingKey || !keyIsLive(mintingKey)) throw invalidCredentials();
      return issueFor(key, await users.findForSignIn({ userId: claims.sub }));
    },

    identity(ctx: RequestContext): z.output<typeof IdentitySchema> {
      const { actor } = ctx;
      if (actor.kind === 'user') {
        return {
          credential_type: 'session_token',
          user_id: actor.userId,
          organization_id: actor.organizationId,
          role: actor.role,
          api_key_id: null,
          service_account_id: null,
          can_mint_cross_org: false,
          can_access_console: actor.canAccessConsole,
        };
      }
      return {
        credential_type: 'api_key',
        user_id: null,
        organization_id: actor.organizationId,
        role: actor.role,
        api_key_id: actor.apiKeyId,
        service_account_id: actor.serviceAccountId,
        can_mint_cross_org: actor.canMintCrossOrg,
        can_access_console: actor.canAccessConsole,
      };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
