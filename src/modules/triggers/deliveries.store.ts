import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { webhookDeliveries } from '../../platform/db/schema/index.ts';

export type DeliveryFires = (typeof webhookDeliveries.$inferSelect)['fired'];

interface DeliveryKey {
  organizationId: string;
  triggerId: string;
  signature: string;
}

const keyed = (k: DeliveryKey) =>
  and(
    eq(webhookDeliveries.organizationId, k.organizationId),
    eq(webhookDeliveries.triggerId, k.triggerId),
    eq(webhookDeliveries.signature, k.signature),
  );

/** The signatures of webhook deliveries already accepted, which make a replay answer without firing. */
export const deliveriesStore = {
  /**
   * Records a delivery's signature in the caller's transaction; false when it was recorded before (a replay).
   * A concurrent first delivery of the same signature makes this wait for its transaction, then see it.
   */
  async claim(tx: Executor, key: DeliveryKey, expiresAt: Date): Promise<boolean> {
    const inserted = await tx
      .insert(webhookDeliveries)
      .values({ ...key, expiresAt })
      .onConflictDoNothing()
      .returning({ triggerId: webhookDeliveries.triggerId });
    return inserted.length > 0;
  },

  /** What the first delivery of a signature fired (empty when it fired nothing). */
  async fired(ex: Executor, key: DeliveryKey): Promise<DeliveryFires> {
    const [row] = await ex.select({ fired: webhookDeliveries.fired }).from(webhookDeliveries).where(keyed(key));
    return row?.fired ?? [];
  },

  async recordFired(tx: Executor, key: DeliveryKey, fired: DeliveryFires): Promise<void> {
    await tx.update(webhookDeliveries).set({ fired }).where(keyed(key));
  },

  /** Drops a trigger's deliveries whose window has passed (the database's clock). */
  async purgeExpired(ex: Executor, organizationId: string, triggerId: string): Promise<void> {
    await ex
      .delete(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.organizationId, organizationId),
          eq(webhookDeliveries.triggerId, triggerId),
          sql`${webhookDeliveries.expiresAt} < now()`,
        ),
      );
  },
};
