import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * A web app sign-in (`POST /web/session`). Session tokens are otherwise stateless; the web app's carry this row's id
 * (claim `sid`, kept across renewals), so signing out revokes the session on the server: a replayed cookie or token
 * of a revoked row is refused on its next request. A row outlives no session: sessions end 30 days after sign-in.
 */
export const webSessions = pgTable(
  'web_sessions',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
  },
  // A user's sign-ins by age: the old ones are deleted at the next sign-in.
  (t) => [index('web_sessions_user_created_idx').on(t.userId, t.createdAt)],
);
