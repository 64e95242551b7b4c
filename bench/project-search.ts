/**
 * `npm run bench:search`: project search over 10,000 chunks of one project with vectors of the offline hashing
 * embedder: the hybrid search (full-text and vector rankings fused, the query embedded first) beside a bare
 * full-text query on the same rows in the same run; p50 and p99 of each and the hybrid's ratio to the floor.
 *
 * On the embedded PGlite (in memory) by default; on PostgreSQL with DATABASE_URL (a scratch database is created
 * and dropped). Timed at the store (the SQL statement and its decoding), not over HTTP.
 *
 * Options: --chunks=N (default 10,000) --iterations=N (default 40)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { seedOfflineModel } from '../src/modules/catalog/seed.ts';
import { embeddingStore } from '../src/modules/projects/embedding.store.ts';
import { searchStore } from '../src/modules/projects/search.store.ts';
import type { Executor } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { newId } from '../src/platform/ids.ts';
import { OFFLINE_EMBEDDINGS_VERSION_ID } from '../src/platform/models/index.ts';
import { hashingEmbedding } from '../src/platform/models/offline/embedder.ts';
import { formatMs, openScratchDatabase, timeCalls } from './scratch-database.ts';

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const CHUNKS = arg('chunks', 10_000);
const ITERATIONS = arg('iterations', 40);
const CHUNKS_PER_FILE = 100;
const WORDS_PER_CHUNK = 160;
const ORG = '00000000-0000-4000-8000-000000000001';
const PROJECT = '00000000-0000-4000-8000-0000000000a1';

/** A deterministic vocabulary of 3,000 pronounceable words and a seeded generator: every run searches the same text. */
const SYLLABLES = ['ka', 'lo', 'mi', 'ten', 'ra', 'vo', 'su', 'pel', 'an', 'dor', 'bi', 'que', 'zan', 'to', 'ri'];
const VOCABULARY = Array.from({ length: 3000 }, (_, i) => {
  let word = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const random = generator(42);
// Zipf-like: a few words are common, most are rare, as in prose.
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 3)]!;
const text = (words: number) => Array.from({ length: words }, word).join(' ');

async function seed(db: Executor) {
  await migrate(db);
  await seedOfflineModel(db);
  await db.execute(sql`insert into organizations (id, name, primary_timezone) values (${ORG}, 'Bench', 'UTC')`);
  await db.execute(
    sql`insert into projects (id, organization_id, name, created_by) values (${PROJECT}, ${ORG}, 'Bench', ${newId()})`,
  );
  const started = performance.now();
  for (let file = 0; file * CHUNKS_PER_FILE < CHUNKS; file++) {
    const fileId = newId();
    await db.execute(sql`
      insert into project_files (id, organization_id, project_id, filename, mime_type, size_bytes, storage_key, status,
                                 index_status, upload_expires_at)
      values (${fileId}, ${ORG}, ${PROJECT}, ${`file-${file}.txt`}, 'text/plain', 1, ${`bench/${fileId}`}, 'ready',
              'ready', now())`);
    const chunks = Array.from({ length: Math.min(CHUNKS_PER_FILE, CHUNKS - file * CHUNKS_PER_FILE) }, (_, ordinal) => ({
      id: newId(),
      ordinal,
      content: text(WORDS_PER_CHUNK),
    }));
    const rows = JSON.stringify(chunks);
    await db.execute(sql`
      insert into project_file_chunks (id, organization_id, project_id, file_id, ordinal, content)
      select (c ->> 'id')::uuid, ${ORG}, ${PROJECT}, ${fileId}, (c ->> 'ordinal')::int, c ->> 'content'
        from jsonb_array_elements(${rows}::jsonb) c`);
    const vectors = chunks.map((c) => ({ id: c.id, vector: hashingEmbedding(c.content) }));
    await embeddingStore.store(db, ORG, OFFLINE_EMBEDDINGS_VERSION_ID, vectors);
  }
  await db.execute(sql`vacuum analyze project_file_chunks`);
  console.log(`seeded ${CHUNKS} chunks with vectors in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const { database, drop } = await openScratchDatabase('atrium_bench_search');
  try {
    const db = database.db;
    await seed(db);
    const queries = Array.from({ length: ITERATIONS + 1 }, () => `${word()} ${word()}`);
    const queryOf = (i: number) => queries[i + 1]!;
    const floor = await timeCalls((i) => searchStore.fullText(db, ORG, PROJECT, queryOf(i), 10), ITERATIONS);
    const hybrid = await timeCalls(
      (i) =>
        searchStore.hybrid(
          db,
          ORG,
          PROJECT,
          queryOf(i),
          hashingEmbedding(queryOf(i)),
          OFFLINE_EMBEDDINGS_VERSION_ID,
          10,
        ),
      ITERATIONS,
    );
    console.log(`${database.kind}: ${CHUNKS} chunks of one project, ${ITERATIONS} two-word queries`);
    console.log(`${'search'.padEnd(40)}${'p50'.padStart(10)}${'p99'.padStart(10)}  p50 / floor p50`);
    console.log(`${'full-text alone (floor)'.padEnd(40)}${formatMs(floor.p50)}${formatMs(floor.p99)}  1.0×`);
    console.log(
      `${'hybrid: full-text + vectors, RRF'.padEnd(40)}${formatMs(hybrid.p50)}${formatMs(hybrid.p99)}  ${(hybrid.p50 / floor.p50).toFixed(1)}×`,
    );
  } finally {
    await database.close();
    await drop(false);
  }
}

await main();
