import { eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { projectMembers, projects, threads } from '../../platform/db/schema/index.ts';

/** The caller as thread visibility sees it: a user's or a service account's id (both may be project members). */
export interface Viewer {
  principalId: string;
}

/** A viewer given as a placeholder of a prepared statement. */
export interface PreparedViewer {
  principalId: Placeholder;
}

/**
 * Who sees a thread: the principal that owns it and, when it belongs to a project, the project's creator and
 * members (users and service accounts alike). Runs, messages, artifacts and approvals follow their thread, so
 * their queries use this condition too.
 */
export function threadVisibleTo(viewer: Viewer | PreparedViewer): SQL {
  return or(
    eq(threads.ownerId, viewer.principalId),
    sql`exists (select 1 from ${projects} p where p.id = ${threads}.project_id and (p.created_by = ${viewer.principalId}
      or exists (select 1 from ${projectMembers} m where m.project_id = p.id and m.member_id = ${viewer.principalId})))`,
  )!;
}
