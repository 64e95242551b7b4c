/**
 * Benchmark child: the floor. A bare node:http server with a `pg.Pool` of Atrium's size (10) and named
 * (prepared) statements, on its own users-shaped table in the benchmark database:
 *   GET /pk    one primary-key SELECT of a user row, JSON-serialised (scenario a);
 *   GET /page  the newest 20 users of one organization, keyset-ordered like GET /v1/users, fetching 21 rows to
 *              tell whether more follow, JSON-serialised in the same page envelope (scenario b).
 * No framework, no auth, no validation, no joins: what any request that touches the database costs at least.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { announce, exitWithParent, fail } from './child.ts';

const POOL_SIZE = 10;
const ORGANIZATIONS = 16;
const USERS_PER_ORGANIZATION = 25;
const PAGE_SIZE = 20;

// The columns of the users table (src/platform/db/schema/users.ts), with its indexes.
const DDL = `
  create table if not exists bench_users (
    id uuid primary key not null,
    organization_id uuid not null,
    first_name text not null,
    last_name text not null,
    display_name text,
    email text not null,
    password_hash text not null,
    role text default 'member' not null,
    is_suspended boolean default false not null,
    is_developer boolean default false not null,
    console_role_id uuid,
    created_at timestamp with time zone default now() not null,
    updated_at timestamp with time zone default now() not null,
    deleted_at timestamp with time zone
  );
  create unique index if not exists bench_users_email_live_key on bench_users (email) where deleted_at is null;
  create index if not exists bench_users_org_created_idx on bench_users (organization_id, created_at, id);
  create index if not exists bench_users_console_role_idx on bench_users (console_role_id);
`;

// Everything the API shows of a user (never the password hash).
const COLUMNS = `id, organization_id, first_name, last_name, display_name, email, role, is_suspended, is_developer,
  console_role_id, created_at, updated_at`;

const byId = `select ${COLUMNS} from bench_users where id = $1`;
const page = `select ${COLUMNS} from bench_users where organization_id = $1 and deleted_at is null
  order by created_at desc, id desc limit ${PAGE_SIZE + 1}`;

async function seed(pool: pg.Pool): Promise<{ organizationId: string; ids: string[] }> {
  await pool.query(DDL);
  await pool.query('truncate bench_users');
  await pool.query(
    `insert into bench_users (id, organization_id, first_name, last_name, email, password_hash, role, is_developer,
       created_at, updated_at)
     select gen_random_uuid(), o.id, 'First' || u, 'Last' || u, 'user' || o.n || '-' || u || '@example.test',
       '$argon2id$v=19$m=19456,t=2,p=1$' || md5(random()::text) || '$' || md5(random()::text) || md5(random()::text),
       case when u = 1 then 'admin' else 'member' end, u = 1,
       now() - (u || ' minutes')::interval, now() - (u || ' minutes')::interval
     from (select gen_random_uuid() as id, n from generate_series(1, $1::int) n) o, generate_series(1, $2::int) u`,
    [ORGANIZATIONS, USERS_PER_ORGANIZATION],
  );
  await pool.query('analyze bench_users');
  const { rows } = await pool.query<{ id: string; organization_id: string }>(
    'select id, organization_id from bench_users order by email',
  );
  return { organizationId: rows[0]!.organization_id, ids: rows.map((r) => r.id) };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  pool.on('error', () => {});
  const { organizationId, ids } = await seed(pool);

  const server = createServer((req, res) => {
    const handle = async () => {
      if (req.url === '/pk') {
        const id = ids[Math.floor(Math.random() * ids.length)];
        const { rows } = await pool.query({ name: 'bench_pk', text: byId, values: [id] });
        return rows[0] ? sendJson(res, 200, rows[0]) : sendJson(res, 404, { error: 'not_found' });
      }
      if (req.url === '/page') {
        const { rows } = await pool.query({ name: 'bench_page', text: page, values: [organizationId] });
        const hasMore = rows.length > PAGE_SIZE;
        const kept = hasMore ? rows.slice(0, PAGE_SIZE) : rows;
        const last = kept[kept.length - 1];
        const cursor = hasMore && last ? JSON.stringify([last.created_at.toISOString(), last.id]) : null;
        return sendJson(res, 200, {
          data: kept,
          has_more: hasMore,
          next_cursor: cursor === null ? null : Buffer.from(cursor, 'utf8').toString('base64url'),
        });
      }
      sendJson(res, 404, { error: 'not_found' });
    };
    handle().catch((error: unknown) => sendJson(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  exitWithParent(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await pool.end();
  });
  announce({ url: `http://127.0.0.1:${port}`, pid: process.pid });
}

main().catch(fail);
