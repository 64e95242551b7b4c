import { isDeepStrictEqual } from 'node:util';
import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { ApiError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { decodeCursor, type Page, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import { BUILTIN_SKILLS } from './builtins/index.ts';
import type { CreateSkillInput, PatchSkillInput, SkillListInput, SkillView } from './schemas.ts';
import { type SkillChanges, type SkillRow, skillsStore as store } from './store.ts';
import { toSkillView } from './views.ts';

/** A skill as a run uses it. */
export interface RunSkill {
  slug: string;
  name: string;
  instructions: string;
}

/** The slugs of the built-in skills (the `use_skill` tool names them to the model). */
export const BUILTIN_SKILL_SLUGS = BUILTIN_SKILLS.map((s) => s.slug);

/** How many skills `listLive` names at most (a tool result, not a page). */
const LIVE_LIST_MAX = 100;

export const builtinImmutable = () =>
  new ApiError(403, 'builtin_skill_immutable', 'Built-in skills cannot be modified or archived');
const slugTaken = () =>
  unprocessable('slug: a skill with this slug already exists in the organization or as a built-in skill');

/**
 * The live rows for `slugs` in the order asked, once each (compared case-insensitively). Should a built-in
 * added by a later release share a slug with an organization's skill, the organization's own wins.
 */
function pickBySlug(rows: SkillRow[], slugs: string[]): SkillRow[] {
  const bySlug = new Map<string, SkillRow>();
  for (const row of rows) {
    const key = row.slug.toLowerCase();
    const known = bySlug.get(key);
    if (!known || (known.organizationId === null && row.organizationId !== null)) bySlug.set(key, row);
  }
  const seen = new Set<string>();
  const picked: SkillRow[] = [];
  for (const slug of slugs) {
    const key = slug.toLowerCase();
    const row = bySlug.get(key);
    if (row && !seen.has(key)) picked.push(row);
    seen.add(key);
  }
  return picked;
}

/** The fields of `input` whose values differ from the row (null clears to the column's empty value). */
function changesOf(row: SkillRow, input: PatchSkillInput): SkillChanges {
  const next: SkillChanges = {};
  if (input.name !== undefined && input.name !== row.name) next.name = input.name;
  if (input.description !== undefined && input.description !== row.description) next.description = input.description;
  if (input.when_to_use !== undefined && input.when_to_use !== row.whenToUse) next.whenToUse = input.when_to_use;
  if (input.instructions !== undefined && input.instructions !== row.instructions)
    next.instructions = input.instructions;
  if (input.manifest !== undefined) {
    const manifest = input.manifest ?? {};
    if (!isDeepStrictEqual(manifest, row.manifest)) next.manifest = manifest;
  }
  if (input.scripts !== undefined) {
    const scripts = input.scripts ?? [];
    if (!isDeepStrictEqual(scripts, row.scripts)) next.scripts = scripts;
  }
  return next;
}

/**
 * Skills: reusable instructions, built-in (seeded, no organization, immutable) or the organization's own.
 * Any credential of the organization may list, create, change and archive its skills (the spec gates none).
 */
export function createSkillsService({ db }: { db: Executor }) {
  /** A skill the organization sees (its own or a built-in); anything else is the same 404. */
  async function visible(ctx: RequestContext, id: string): Promise<SkillRow> {
    const row = await store.findVisible(db, ctx.organizationId, id);
    if (!row) throw notFound('Skill');
    return row;
  }

  /** The organization's own skill, for a change: built-ins are 403 `builtin_skill_immutable`. */
  /** Built-ins never change; an organization's skill changes by its creator or an organization admin. */
  async function changeable(ctx: RequestContext, id: string): Promise<SkillRow> {
    const row = await visible(ctx, id);
    if (row.organizationId === null) throw builtinImmutable();
    const isCreator = ctx.actor.kind === 'user' && row.createdByUserId === ctx.actor.userId;
    if (!isCreator && ctx.actor.role !== 'admin') {
      throw forbidden('Only the skill’s creator or an organization admin may change it');
    }
    return row;
  }

  return {
    async list(ctx: RequestContext, query: SkillListInput): Promise<Page<SkillView>> {
      const rows = await store.list(
        db,
        ctx.organizationId,
        { source: query.source, archived: query.is_archived },
        decodeCursor(query.cursor),
        query.limit,
      );
      return toPage(rows, query.limit, (r) => ({ v: r.createdAt.toISOString(), id: r.id }), toSkillView);
    },

    get: async (ctx: RequestContext, id: string): Promise<SkillView> => toSkillView(await visible(ctx, id)),

    async create(ctx: RequestContext, input: CreateSkillInput): Promise<SkillView> {
      if (await store.slugTaken(db, ctx.organizationId, input.slug)) throw slugTaken();
      const row = await onUniqueViolation(
        () =>
          store.insert(db, {
            id: newId(),
            organizationId: ctx.organizationId,
            slug: input.slug,
            name: input.name,
            description: input.description ?? null,
            whenToUse: input.when_to_use,
            instructions: input.instructions,
            manifest: input.manifest ?? {},
            scripts: input.scripts ?? [],
            createdByUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
          }),
        slugTaken,
      );
      return toSkillView(row);
    },

    /** Changes the given fields; a PATCH that changes nothing keeps the version and `updated_at`. */
    async update(ctx: RequestContext, id: string, input: PatchSkillInput): Promise<SkillView> {
      const row = await changeable(ctx, id);
      const changes = changesOf(row, input);
      if (Object.keys(changes).length === 0) return toSkillView(row);
      const updated = await store.update(db, ctx.organizationId, id, changes);
      if (!updated) throw notFound('Skill');
      return toSkillView(updated);
    },

    /** Archives the skill: gone from default lists and from new runs. Archiving twice is harmless. */
    async archive(ctx: RequestContext, id: string): Promise<void> {
      await changeable(ctx, id);
      await store.archive(db, ctx.organizationId, id);
    },

    /** The live skills (the organization's or built-in) named by `slugs`, in that order; others are omitted. */
    async resolveForRun(organizationId: string, slugs: string[], ex: Executor = db): Promise<RunSkill[]> {
      const rows = await store.liveBySlugs(ex, organizationId, slugs);
      return pickBySlug(rows, slugs).map((r) => ({ slug: r.slug, name: r.name, instructions: r.instructions }));
    },

    /** The slugs of `slugs` that name no live skill of the organization or built-in (as given, once each). */
    async missingSlugs(organizationId: string, slugs: string[], ex: Executor = db): Promise<string[]> {
      const rows = await store.liveBySlugs(ex, organizationId, slugs);
      const live = new Set(rows.map((r) => r.slug.toLowerCase()));
      return [...new Set(slugs)].filter((s) => !live.has(s.toLowerCase()));
    },

    /** The live skill with this slug (any case), or null. */
    async getLive(organizationId: string, slug: string, ex: Executor = db): Promise<SkillView | null> {
      const [row] = pickBySlug(await store.liveBySlugs(ex, organizationId, [slug]), [slug]);
      return row ? toSkillView(row) : null;
    },

    /** What a run may use: slug, name and when to use it, built-ins first (at most 100). */
    async listLive(organizationId: string, ex: Executor = db) {
      const rows = await store.listLive(ex, organizationId, LIVE_LIST_MAX);
      return rows.map((r) => ({ slug: r.slug, name: r.name, when_to_use: r.whenToUse }));
    },
  };
}

export type SkillsService = ReturnType<typeof createSkillsService>;
