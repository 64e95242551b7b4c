import type { CredentialResolver } from '../../platform/auth/credentials.ts';
import { contextOfActor } from '../../platform/auth/guard.ts';
import { SESSION_MAX_AGE_SECONDS, type SessionTokens } from '../../platform/auth/session-tokens.ts';
import type { KeyRow } from '../../platform/auth/store.ts';
import type { Clock } from '../../platform/clock.ts';
import { verifyPassword } from '../../platform/crypto/passwords.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { UsersService } from '../users/service.ts';
import { type IdentityService, invalidCredentials } from './service.ts';
import type { SignInLimits } from './sign-in-limits.ts';
import { type PlatformKeyKind, webSessionsStore as store } from './web-sessions.store.ts';

type Me = Awaited<ReturnType<UsersService['getMe']>>;

/** A web session as the routes hand it on: the token goes into the cookie only. */
export interface WebSession {
  token: string;
  expiresAt: Date;
  user: Me;
}

/**
 * The web app's sign-in: the server mints with its own platform key (the web key for customers' people, the
 * console key for operators, so they reach the console), and no key ever reaches the browser. Each sign-in is a
 * `web_sessions` row whose id the tokens carry, so signing out revokes it on the server.
 */
export function createWebSessionService(deps: {
  db: Executor;
  identity: Pick<IdentityService, 'issueFor' | 'renew'>;
  users: Pick<UsersService, 'findForSignIn' | 'getMe'>;
  credentials: Pick<CredentialResolver, 'liveKeyByDigest' | 'resolve'>;
  tokens: SessionTokens;
  signInLimits: SignInLimits;
  clock: Clock;
}) {
  const { db, identity, users, credentials, tokens, signInLimits, clock } = deps;

  async function platformKey(kind: PlatformKeyKind): Promise<KeyRow | null> {
    const digest = await store.platformKeyDigest(db, kind);
    return digest ? credentials.liveKeyByDigest(digest) : null;
  }

  /** The signed-in user's profile, read through the token just as an API request would. */
  async function userOf(token: string, requestId: string): Promise<Me> {
    const resolved = await credentials.resolve({ type: 'jwt', token });
    if (!resolved) throw invalidCredentials();
    return users.getMe(contextOfActor(resolved.actor, requestId));
  }

  return {
    async signIn(email: string, password: string, clientAddress: string, requestId: string): Promise<WebSession> {
      await signInLimits.assertAllowed(email, clientAddress);
      const user = await users.findForSignIn({ email }, clock.now());
      // One password verification whatever the email, so timing does not tell whether it exists.
      if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) {
        await signInLimits.recordFailure(email, clientAddress);
        throw invalidCredentials();
      }
      // The password was right: the person may learn why they cannot come in.
      if (user.isSuspended) throw new ApiError(403, 'user_suspended', 'Your account is suspended');
      if (user.organizationBlocked) throw new ApiError(403, 'org_suspended', 'Your organization is suspended');
      // Operators (the system organization's people) through the console key, when it is live; everyone else,
      // and operators without it, through the web key.
      const key = (user.organizationIsSystem ? await platformKey('console') : null) ?? (await platformKey('web'));
      if (!key) {
        throw new ApiError(503, 'web_sign_in_unavailable', 'Web sign-in is unavailable: the platform has no live key');
      }
      const sid = newId();
      const issued = identity.issueFor(key, user, { sid });
      const now = clock.now();
      await db.transaction(async (tx) => {
        await store.deleteOlderThan(
          tx,
          user.organizationId,
          user.id,
          new Date(now.getTime() - SESSION_MAX_AGE_SECONDS * 1000),
        );
        await store.insert(tx, { id: sid, organizationId: user.organizationId, userId: user.id });
      });
      return {
        token: issued.token,
        expiresAt: new Date(issued.expires_at),
        user: await userOf(issued.token, requestId),
      };
    },

    /** A fresh token for the same web sign-in (within the renew window), minted by the key that minted it. */
    async renew(token: string | null): Promise<{ token: string; expiresAt: Date }> {
      const claims = token ? tokens.readSigned(token) : null;
      if (!token || !claims?.sid) throw invalidCredentials();
      const keys = await Promise.all([platformKey('web'), platformKey('console')]);
      const key = keys.find((k) => k?.apiKeyId === claims.akid);
      if (!key) throw invalidCredentials();
      const renewed = await identity.renew(key, token);
      return { token: renewed.token, expiresAt: new Date(renewed.expires_at) };
    },

    /** Revokes the web sign-in behind the token (expired or not); a token that names none is ignored. */
    async signOut(token: string | null): Promise<void> {
      const claims = token ? tokens.readSigned(token) : null;
      if (claims?.sid) await store.revoke(db, claims.org, claims.sid, claims.sub, clock.now());
    },

    /** The signed-in user and when the cookie's token expires. */
    current(token: string, user: Me) {
      const claims = tokens.readValid(token);
      if (!claims) throw invalidCredentials();
      return { user, expires_at: new Date(claims.exp * 1000).toISOString() };
    },
  };
}

export type WebSessionService = ReturnType<typeof createWebSessionService>;
