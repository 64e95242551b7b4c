import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';
import { serviceAccounts } from './service-accounts.ts';
import { users } from './users.ts';

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').$type<'active' | 'archived'>().notNull().default('active'),
    /** The creating principal, a user or a service account (UUID v7 ids are unique across both tables). */
    createdBy: uuid('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Names are unique among the organization's active projects; archived ones free their name.
    uniqueIndex('projects_org_active_name_key')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.status} = 'active'`),
    index('projects_org_status_created_idx').on(t.organizationId, t.status, t.createdAt, t.id),
  ],
);

/**
 * A member is a user or a service account of the project's organization: exactly one of the two columns, and
 * `member_id` is whichever it is, so membership is looked up by principal id alone.
 */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    userId: uuid('user_id').references(() => users.id),
    serviceAccountId: uuid('service_account_id').references(() => serviceAccounts.id),
    memberId: uuid('member_id').notNull().generatedAlwaysAs(sql`coalesce(user_id, service_account_id)`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    role: text('role').$type<'admin' | 'member'>().notNull().default('member'),
    /** Who added the member: a user, or a service account through its key (then `added_by_user_id` is null). */
    addedByUserId: uuid('added_by_user_id').references(() => users.id),
    addedByServiceAccountId: uuid('added_by_service_account_id').references(() => serviceAccounts.id),
    addedAt: instant('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.memberId] }),
    index('project_members_member_idx').on(t.memberId, t.projectId),
    check('project_members_one_principal', sql`num_nonnulls(${t.userId}, ${t.serviceAccountId}) = 1`),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const projectFiles = pgTable(
  'project_files',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** pending | ready | failed | deleted */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    content: text('content'),
    extractor: text('extractor'),
    extractorVersion: text('extractor_version'),
    extractedAt: instant('extracted_at'),
    /** pending | processing | ready | failed */
    indexStatus: text('index_status').notNull().default('pending'),
    indexedAt: instant('indexed_at'),
    /** The uploading principal, a user or a service account. */
    uploadedBy: uuid('uploaded_by'),
    uploadExpiresAt: instant('upload_expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('project_files_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('project_files_org_idx').on(t.organizationId),
  ],
);

/**
 * Searchable pieces of a file's extracted text: PostgreSQL full-text search, and a vector when the organization had
 * an embeddings model selected at ingestion (`embedding_model_id` names the version, so vectors of different models
 * are never compared).
 */
export const projectFileChunks = pgTable(
  'project_file_chunks',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => projectFiles.id),
    ordinal: integer('ordinal').notNull(),
    content: text('content').notNull(),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(sql`to_tsvector('english', content)`),
    embedding: real('embedding').array(),
    embeddingModelId: uuid('embedding_model_id'),
  },
  (t) => [
    index('project_file_chunks_project_model_idx').on(t.projectId, t.embeddingModelId),
    uniqueIndex('project_file_chunks_file_ordinal_key').on(t.fileId, t.ordinal),
    index('project_file_chunks_project_idx').on(t.projectId),
    index('project_file_chunks_search_idx').using('gin', t.searchVector),
  ],
);
