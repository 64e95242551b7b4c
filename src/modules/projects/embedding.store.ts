import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { jobs, projectFileChunks, projectFiles, users } from '../../platform/db/schema/index.ts';

const withoutVectorOf = (modelId: string): SQL =>
  sql`${projectFileChunks.embeddingModelId} is distinct from ${modelId}`;

/** SQL of chunk embedding (the `project_file.embed` job) and of its backfill. */
export const embeddingStore = {
  /** The next chunks of a live file still without a vector of `modelId`, in order. */
  pending: (db: Executor, organizationId: string, fileId: string, modelId: string, limit: number) =>
    db
      .select({ id: projectFileChunks.id, content: projectFileChunks.content })
      .from(projectFileChunks)
      .innerJoin(projectFiles, eq(projectFiles.id, projectFileChunks.fileId))
      .where(
        and(
          eq(projectFileChunks.organizationId, organizationId),
          eq(projectFileChunks.fileId, fileId),
          eq(projectFiles.status, 'ready'),
          withoutVectorOf(modelId),
        ),
      )
      .orderBy(asc(projectFileChunks.ordinal))
      .limit(limit),

  /**
   * The live file's uploader when that is a person (usage is charged to people; a service account's upload is
   * charged to the organization alone); undefined when the file is gone.
   */
  async uploaderOf(
    db: Executor,
    organizationId: string,
    fileId: string,
  ): Promise<{ userId: string | null } | undefined> {
    const [row] = await db
      .select({ userId: users.id })
      .from(projectFiles)
      .leftJoin(users, eq(users.id, projectFiles.uploadedBy))
      .where(and(eq(projectFiles.organizationId, organizationId), eq(projectFiles.id, fileId)));
    return row;
  },

  /** Stores one batch's vectors in one statement; chunks replaced or deleted meanwhile are simply not matched. */
  async store(tx: Executor, organizationId: string, modelId: string, vectors: { id: string; vector: number[] }[]) {
    if (vectors.length === 0) return;
    // One jsonb document carries the batch: a bind parameter per vector would cost a round of parsing each.
    const batch = JSON.stringify(vectors.map((v) => ({ id: v.id, vector: v.vector })));
    await tx.execute(sql`
      update ${projectFileChunks} c
         set embedding = array(select x::real from jsonb_array_elements_text(b.value -> 'vector') with ordinality e(x, n)
                               order by n),
             embedding_model_id = ${modelId}
        from jsonb_array_elements(${batch}::jsonb) b
       where c.organization_id = ${organizationId}
         and c.id = (b.value ->> 'id')::uuid`);
  },

  /**
   * Up to `limit` files of the project having chunks without a vector of `modelId` and no embedding job for it
   * yet (`jobKey` names that job's dedupe key), for the backfill.
   */
  filesWithout: (
    db: Executor,
    organizationId: string,
    projectId: string,
    modelId: string,
    jobKey: (fileId: SQL) => SQL,
    limit: number,
  ) =>
    db
      .selectDistinct({ fileId: projectFileChunks.fileId })
      .from(projectFileChunks)
      .where(
        and(
          eq(projectFileChunks.organizationId, organizationId),
          eq(projectFileChunks.projectId, projectId),
          withoutVectorOf(modelId),
          sql`not exists (select 1 from ${jobs} j where j.dedupe_key = ${jobKey(sql`${projectFileChunks.fileId}::text`)})`,
        ),
      )
      .limit(limit),
};
