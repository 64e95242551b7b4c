import { eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { projectMembers, projects, threads } from '../../platform/db/schema/index.ts';

/** The caller as thread visibility sees it: `userId` is null for service accounts (they belong to no project). */
export interface Viewer {
  principalId: string;
  userId: string | null;
}

/** A viewer given as placeholders of a prepared statement (one statement per shape: with or without a user). */
export interface PreparedViewer {
  principalId: Placeholder;
  userId: Placeholder | null;
}

/**
 * Who sees a thread: the principal that owns it and, when it belongs to a project, the project's creator and
 * members. Runs, messages, artifacts and approvals follow their thread, so their queries use this condition too.
 */
export function threadVisibleTo(viewer: Viewer | PreparedViewer): SQL {
  const own = eq(threads.ownerId, viewer.principalId);
  if (viewer.userId === null) return own;
  return or(
    own,
    sql`exists (select 1 from ${projects} p where p.id = ${threads}.project_id and (p.created_by = ${viewer.userId}
      or exists (select 1 from ${projectMembers} m where m.project_id = p.id and m.user_id = ${viewer.userId})))`,
  )!;
}
