import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError, unprocessable } from '../../platform/http/errors.ts';
import type { ThreadRow } from '../threads/service.ts';

export interface AttachmentRef {
  type: 'project_file' | 'artifact';
  id: string;
}

export interface Attachment extends AttachmentRef {
  filename: string;
  mime_type: string;
}

export interface AttachmentResolver {
  resolve(ctx: RequestContext, thread: ThreadRow, refs: AttachmentRef[], db: Executor): Promise<Attachment[]>;
}

interface FileLike {
  id: string;
  filename: string;
  mime_type: string;
}

/**
 * Attachments name a ready file of the thread's project or an artifact of the thread itself; anything else
 * (another project, another organization, a deleted file) is a 422 naming the reference.
 */
export function createAttachmentResolver(deps: {
  projectFile(ctx: RequestContext, id: string): Promise<FileLike & { project_id: string; status: string }>;
  artifact(ctx: RequestContext, id: string): Promise<FileLike & { thread_id: string; status: string }>;
}): AttachmentResolver {
  const orNull = async <T>(load: () => Promise<T>): Promise<T | null> => {
    try {
      return await load();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
      throw error;
    }
  };

  return {
    async resolve(ctx, thread, refs) {
      const resolved: Attachment[] = [];
      for (const ref of refs) {
        const found =
          ref.type === 'project_file'
            ? await orNull(() => deps.projectFile(ctx, ref.id)).then((f) =>
                f && f.project_id === thread.projectId && f.status === 'ready' ? f : null,
              )
            : await orNull(() => deps.artifact(ctx, ref.id)).then((a) =>
                a && a.thread_id === thread.id && a.status === 'ready' ? a : null,
              );
        if (!found) {
          const where =
            ref.type === 'project_file' ? "a ready file of the thread's project" : 'an artifact of this thread';
          throw unprocessable(`Attachment ${ref.type} ${ref.id} is not ${where}`);
        }
        resolved.push({ type: ref.type, id: ref.id, filename: found.filename, mime_type: found.mime_type });
      }
      return resolved;
    },
  };
}
