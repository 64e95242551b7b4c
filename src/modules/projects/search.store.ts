import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { projectFileChunks, projectFiles } from '../../platform/db/schema/index.ts';

/** Candidates each ranking hands to the fusion: deep enough that a chunk ranked well by only one still places. */
const CANDIDATES = 100;
/** Reciprocal rank fusion's constant (Cormack et al.): damps the weight of the very first ranks. */
const RRF_K = 60;
/**
 * At most this many of a project's chunks (its newest) are compared with the query's vector: the similarity is
 * computed exactly in SQL, row by row, so its cost grows with the project and is bounded here.
 */
export const MAX_VECTOR_CANDIDATES = 20_000;

export interface SearchHitRow {
  chunkId: string;
  fileId: string;
  filename: string;
  rank: number;
  snippet: string;
}

const tsQuery = (query: string) => sql`websearch_to_tsquery('english', ${query})`;
const snippetOf = (query: string) =>
  sql<string>`ts_headline('english', ${projectFileChunks.content}, ${tsQuery(query)},
    'StartSel=<<, StopSel=>>, MaxWords=35, MinWords=12, MaxFragments=2')`;

/** A vector as a PostgreSQL array literal (numbers only, so nothing in it needs quoting). */
const realArray = (vector: readonly number[]) => `{${vector.join(',')}}`;

/** The SQL of project search: full-text alone, or fused with vector similarity. */
export const searchStore = {
  /** Ranked chunks of the project's ready files matching a web-style query, each with a highlighted snippet. */
  fullText: (db: Executor, organizationId: string, projectId: string, query: string, limit: number) =>
    db
      .select({
        chunkId: projectFileChunks.id,
        fileId: projectFiles.id,
        filename: projectFiles.filename,
        rank: sql<number>`ts_rank(${projectFileChunks.searchVector}, ${tsQuery(query)})::float8`,
        snippet: snippetOf(query),
      })
      .from(projectFileChunks)
      .innerJoin(projectFiles, eq(projectFiles.id, projectFileChunks.fileId))
      .where(
        and(
          eq(projectFileChunks.organizationId, organizationId),
          eq(projectFileChunks.projectId, projectId),
          eq(projectFiles.status, 'ready'),
          sql`${projectFileChunks.searchVector} @@ ${tsQuery(query)}`,
        ),
      )
      .orderBy(
        desc(sql`ts_rank(${projectFileChunks.searchVector}, ${tsQuery(query)})`),
        projectFileChunks.fileId,
        projectFileChunks.ordinal,
      )
      .limit(limit),

  /**
   * Reciprocal rank fusion of the full-text ranking and the ranking by cosine similarity to `vector` (unit
   * vectors: their dot product) among the chunks embedded by `modelId`, in one statement. `rank` is the fused
   * score, sum of 1 / (60 + position) over the rankings that found the chunk. A chunk only the vectors found
   * gets the opening words of its text as its snippet.
   */
  async hybrid(
    db: Executor,
    organizationId: string,
    projectId: string,
    query: string,
    vector: readonly number[],
    modelId: string,
    limit: number,
  ): Promise<SearchHitRow[]> {
    const live = sql`c.organization_id = ${organizationId} and c.project_id = ${projectId}
      and exists (select 1 from ${projectFiles} f where f.id = c.file_id and f.status = 'ready')`;
    const rows = await rowsOf<{ chunk_id: string; file_id: string; filename: string; rank: number; snippet: string }>(
      db,
      sql`
      with q as (select ${tsQuery(query)} as tsq, ${realArray(vector)}::real[] as v),
      by_text as (
        select c.id, row_number() over (order by ts_rank(c.search_vector, q.tsq) desc, c.file_id, c.ordinal) as position
          from ${projectFileChunks} c, q
         where ${live} and c.search_vector @@ q.tsq
         order by position limit ${CANDIDATES}),
      embedded as (
        select c.id, c.file_id, c.ordinal, c.embedding
          from ${projectFileChunks} c
         where ${live} and c.embedding_model_id = ${modelId}
         order by c.id desc limit ${MAX_VECTOR_CANDIDATES}),
      by_vector as (
        select e.id, row_number() over (order by s.similarity desc, e.file_id, e.ordinal) as position
          from embedded e, q, lateral (select sum(a * b) as similarity from unnest(e.embedding, q.v) as p(a, b)) s
         order by position limit ${CANDIDATES}),
      fused as (
        select id, sum(1.0 / (${RRF_K} + position))::float8 as rank
          from (select * from by_text union all select * from by_vector) ranked group by id)
      select c.id as chunk_id, f.id as file_id, f.filename, fused.rank,
             ts_headline('english', c.content, q.tsq,
               'StartSel=<<, StopSel=>>, MaxWords=35, MinWords=12, MaxFragments=2') as snippet
        from fused join ${projectFileChunks} c on c.id = fused.id join ${projectFiles} f on f.id = c.file_id, q
       order by fused.rank desc, c.file_id, c.ordinal
       limit ${limit}`,
    );
    return rows.map((r) => ({
      chunkId: r.chunk_id,
      fileId: r.file_id,
      filename: r.filename,
      rank: Number(r.rank),
      snippet: r.snippet,
    }));
  },
};
