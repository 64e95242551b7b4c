import type { z } from 'zod';
import type { ConsoleSection, RequestContext } from '../../platform/auth/actor.ts';
import {
  RENEW_WINDOW_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  type SessionTokens,
} from '../../platform/auth/session-tokens.ts';
import type { KeyRow } from '../../platform/auth/store.ts';
import type { Clock } from '../../platform/clock.ts';
import { verifyPassword } from '../../platform/crypto/passwords.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { UsersService } from '../users/service.ts';
import type { IdentitySchema } from './schemas.ts';
import type { SignInLimits } from './sign-in-limits.ts';
import { webSessionsStore } from './web-sessions.store.ts';

export const invalidCredentials = () => new ApiError(401, 'invalid_credentials', 'Invalid credentials');
const renewRefused = (message: string) => new ApiError(401, 'renew_window_expired', message);
const noConsoleRole = () =>
  new ApiError(
    403,
    'no_console_role',
    'Your account has no console role yet. Ask a platform administrator to assign you one, then sign in again.',
  );

export type SignInRow = NonNullable<Awaited<ReturnType<UsersService['findForSignIn']>>>;

/**
 * A key mints for users of its own organization; a cross-org key (never one with console access) for anyone.
 */
function keyMayMintFor(key: KeyRow, organizationId: string): boolean {
  return key.organizationId === organizationId || (key.canMintCrossOrg && !key.canAccessConsole);
}

export function createIdentityService(deps: {
  users: Pick<UsersService, 'findForSignIn'>;
  tokens: SessionTokens;
  signInLimits: SignInLimits;
  /** The clock of `tokens`: renew windows and demo expiry are judged by it. */
  clock: Clock;
  db: Executor;
}) {
  const { users, tokens, signInLimits, clock, db } = deps;
  const webSignInIsLive = async (claims: { org: string; sid: string; sub: string }) =>
    (await webSessionsStore.find(db, claims.org, claims.sid, claims.sub))?.revokedAt === null;

  /**
   * The checks shared by mint and renew, after the caller has been authenticated. `sid` is the web sign-in a
   * token descends from (kept across renewals, so a revoked one stays revoked).
   */
  function issueFor(key: KeyRow, user: SignInRow | null, carried: { authTime?: number; sid?: string | null } = {}) {
    if (!user || !keyMayMintFor(key, user.organizationId) || user.isSuspended || user.organizationBlocked) {
      throw invalidCredentials();
    }
    const sections = (user.consoleSections as ConsoleSection[] | null) ?? [];
    if (key.canAccessConsole && user.role !== 'admin' && sections.length === 0) throw noConsoleRole();
    const session = tokens.issue({
      userId: user.id,
      organizationId: user.organizationId,
      apiKeyId: key.apiKeyId,
      authTime: carried.authTime,
      sid: carried.sid,
    });
    return { token: session.token, expires_at: session.expiresAt.toISOString() };
  }

  return {
    /** `clientAddress` is the caller's IP address: failed sign-ins are limited per email and per address. */
    async mint(key: KeyRow, email: string, password: string, clientAddress: string) {
      // Before any lookup or hashing, so an email or address over its limit costs nothing.
      await signInLimits.assertAllowed(email, clientAddress);
      const user = await users.findForSignIn({ email }, clock.now());
      // Always spend one password verification, so timing does not reveal whether the email exists.
      const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
      try {
        return issueFor(key, passwordOk ? user : null);
      } catch (err) {
        // Every refusal that looks like a wrong password counts as one, so the limit tells nothing either.
        if (err instanceof ApiError && err.code === 'invalid_credentials') {
          await signInLimits.recordFailure(email, clientAddress);
        }
        throw err;
      }
    },

    async renew(key: KeyRow, token: string) {
      const claims = tokens.readSigned(token);
      // Only the key that minted a session renews it: another key would turn it into a session of its own (with
      // its console access) that no password sign-in produced, and could keep a captured token alive forever.
      // The presenting key passed the guard, so the minting key is live too.
      if (!claims || claims.akid !== key.apiKeyId) throw invalidCredentials();
      const now = clock.now();
      const nowSeconds = now.getTime() / 1000;
      if (nowSeconds - claims.iat > RENEW_WINDOW_SECONDS) {
        throw renewRefused('The token is older than the 7-day renew window; sign in again');
      }
      if (nowSeconds - claims.authTime > SESSION_MAX_AGE_SECONDS) {
        throw renewRefused('The sign-in behind this token is older than 30 days; sign in again');
      }
      if (claims.sid && !(await webSignInIsLive({ ...claims, sid: claims.sid }))) throw invalidCredentials();
      return issueFor(key, await users.findForSignIn({ userId: claims.sub }, now), {
        authTime: claims.authTime,
        sid: claims.sid,
      });
    },

    issueFor,

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
