import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { organizations, serviceAccounts, triggerFires, triggers, users } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';
import type { OwnerType } from './schemas.ts';

export type TriggerRow = typeof triggers.$inferSelect;
export type TriggerChanges = Partial<
  Pick<typeof triggers.$inferInsert, 'schedule' | 'payload' | 'enabled' | 'target' | 'nextFireAt'>
>;
/** A due cron trigger claimed by the scheduler, with its organization's timezone and the database's clock. */
export type DueTrigger = TriggerRow & { timezone: string; now: Date };

const ownedBy = (organizationId: string, ownerType: OwnerType, ownerId: string): SQL =>
  and(
    eq(triggers.organizationId, organizationId),
    eq(triggers.ownerType, ownerType),
    eq(triggers.ownerId, ownerId),
  ) as SQL;

/** A live organization: triggers of suspended or deleted organizations neither fire nor answer webhooks. */
const liveOrganization = sql`exists (select 1 from ${organizations} o where o.id = ${triggers.organizationId}
  and o.deleted_at is null and not o.is_suspended)`;

export const triggersStore = {
  async count(ex: Executor, organizationId: string, ownerType: OwnerType, ownerId: string): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(triggers)
      .where(ownedBy(organizationId, ownerType, ownerId));
    return row?.n ?? 0;
  },

  async insert(ex: Executor, row: typeof triggers.$inferInsert): Promise<TriggerRow> {
    const [created] = await ex.insert(triggers).values(row).returning();
    return created!;
  },

  async find(ex: Executor, organizationId: string, ownerType: OwnerType, ownerId: string, id: string) {
    const [row] = await ex
      .select()
      .from(triggers)
      .where(and(ownedBy(organizationId, ownerType, ownerId), eq(triggers.id, id)));
    return row ?? null;
  },

  async findById(ex: Executor, organizationId: string, id: string): Promise<TriggerRow | null> {
    const [row] = await ex
      .select()
      .from(triggers)
      .where(and(eq(triggers.organizationId, organizationId), eq(triggers.id, id)));
    return row ?? null;
  },

  /**
   * The one lookup without an organization: a webhook call names only the trigger id (its signature, checked
   * next with the trigger's secret, is what authenticates it). Only enabled webhook triggers of live
   * organizations are found.
   */
  async findWebhook(ex: Executor, id: string): Promise<TriggerRow | null> {
    const [row] = await ex
      .select()
      .from(triggers)
      .where(and(eq(triggers.id, id), eq(triggers.type, 'webhook'), eq(triggers.enabled, true), liveOrganization));
    return row ?? null;
  },

  /** Newest first, keyset on (created_at, id); fetches `limit + 1` rows. */
  list(
    ex: Executor,
    organizationId: string,
    ownerType: OwnerType,
    ownerId: string,
    cursor: Cursor | null,
    limit: number,
  ) {
    return ex
      .select()
      .from(triggers)
      .where(
        and(
          ownedBy(organizationId, ownerType, ownerId),
          cursor
            ? sql`(${triggers.createdAt}, ${triggers.id}) < (${new Date(cursor.v)}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(triggers.createdAt), desc(triggers.id))
      .limit(limit + 1);
  },

  async update(ex: Executor, organizationId: string, id: string, changes: TriggerChanges): Promise<TriggerRow | null> {
    const [row] = await ex
      .update(triggers)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(triggers.organizationId, organizationId), eq(triggers.id, id)))
      .returning();
    return row ?? null;
  },

  async remove(ex: Executor, organizationId: string, id: string): Promise<void> {
    await ex.delete(triggers).where(and(eq(triggers.organizationId, organizationId), eq(triggers.id, id)));
  },

  async timezone(ex: Executor, organizationId: string): Promise<string> {
    const [row] = await ex
      .select({ tz: organizations.primaryTimezone })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return row?.tz ?? 'UTC';
  },

  /** Those of `ids` that are live (not deleted, not suspended) users of the organization. */
  async liveUserIds(ex: Executor, organizationId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          inArray(users.id, ids),
          isNull(users.deletedAt),
          eq(users.isSuspended, false),
        ),
      );
    return rows.map((r) => r.id);
  },

  /** The organization role of a live (not deleted, not suspended) user or service account; null otherwise. */
  async creatorRole(ex: Executor, organizationId: string, principalId: string): Promise<'admin' | 'member' | null> {
    const [row] = await ex
      .select({
        role: sql<'admin' | 'member' | null>`coalesce(
          (select u.role from ${users} u where u.id = ${principalId} and u.organization_id = ${organizationId}
            and u.deleted_at is null and not u.is_suspended),
          (select s.role from ${serviceAccounts} s where s.id = ${principalId} and s.organization_id = ${organizationId}
            and s.deleted_at is null and not s.is_suspended))`,
      })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return row?.role ?? null;
  },

  /**
   * Claims the most overdue enabled cron trigger of a live organization, row-locked until the caller's
   * transaction ends; SKIP LOCKED lets every scheduler process take a different one.
   */
  async claimDue(tx: Executor): Promise<DueTrigger | null> {
    const [row] = await tx
      .select({
        trigger: triggers,
        timezone: organizations.primaryTimezone,
        now: sql<number>`extract(epoch from now()) * 1000`.mapWith(Number),
      })
      .from(triggers)
      .innerJoin(organizations, eq(organizations.id, triggers.organizationId))
      .where(
        and(
          sql`${triggers.enabled} and ${triggers.type} = 'cron'`,
          sql`${triggers.nextFireAt} <= now()`,
          isNull(organizations.deletedAt),
          eq(organizations.isSuspended, false),
        ),
      )
      .orderBy(triggers.nextFireAt)
      .limit(1)
      .for('update', { of: triggers, skipLocked: true });
    return row ? { ...row.trigger, timezone: row.timezone, now: new Date(row.now) } : null;
  },

  /** The once-per-due-time record: false when this due time of the trigger was already fired. */
  async recordFire(tx: Executor, triggerId: string, dueAt: Date): Promise<boolean> {
    const inserted = await tx
      .insert(triggerFires)
      .values({ triggerId, dueAt })
      .onConflictDoNothing()
      .returning({ id: triggerFires.triggerId });
    return inserted.length > 0;
  },

  /** After a fire: stamps `last_fired_at`, leaving `updated_at` (changes by people) alone. */
  async markFired(tx: Executor, organizationId: string, id: string) {
    await tx
      .update(triggers)
      .set({ lastFiredAt: sql`now()` })
      .where(and(eq(triggers.organizationId, organizationId), eq(triggers.id, id)));
  },

  /** Moves a cron trigger's next due time (after its due time was fired or skipped). */
  async advance(tx: Executor, organizationId: string, id: string, nextFireAt: Date | null) {
    await tx
      .update(triggers)
      .set({ nextFireAt })
      .where(and(eq(triggers.organizationId, organizationId), eq(triggers.id, id)));
  },
};
