import { z } from 'zod';
import type { RequestContext } from '../../platform/auth/actor.ts';
import { insertWithinCap } from '../../platform/db/capped.ts';
import type { Executor } from '../../platform/db/client.ts';
import { lockForTransaction } from '../../platform/db/locks.ts';
import { ApiError, unprocessable } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CreateBillingProfileInput, PatchBillingProfileInput } from './profiles.schemas.ts';
import { type BillingProfileChanges, type BillingProfileRow, billingProfilesStore as store } from './profiles.store.ts';
import { toBillingProfileView } from './profiles.views.ts';

/** Billing profiles per organization. */
export const MAX_BILLING_PROFILES = 50;

/**
 * Every write to an organization's profiles holds this lock until its transaction ends (it is also the cap's), so
 * moving the default, deleting it and creating the first profile cannot interleave into zero or two defaults.
 */
const PROFILES = 'billing profiles';

const anId = z.uuid();
const profileNotFound = () =>
  new ApiError(404, 'billing_profile_not_found', 'No billing profile with this id in the organization');

/** The request's fields as columns; a field left out stays undefined (unchanged). */
function toColumns(input: Partial<Omit<CreateBillingProfileInput, 'is_default'>>): BillingProfileChanges {
  return {
    name: input.name,
    legalName: input.legal_name,
    taxId: input.tax_id,
    registrationNumber: input.registration_number,
    billingEmail: input.billing_email,
    billingContactName: input.billing_contact_name,
    billingContactPhone: input.billing_contact_phone,
    addressLine1: input.address_line1,
    addressLine2: input.address_line2,
    addressCountry: input.address_country,
    addressCity: input.address_city,
    addressPostalCode: input.address_postal_code,
    currency: input.currency,
    paymentTerms: input.payment_terms,
    defaultPaymentMethod: input.default_payment_method,
  };
}

/** Who the organization is invoiced as; exactly one profile is the default while it has any. */
export function createBillingProfilesService({ db }: { db: Executor }) {
  /** A malformed id is as absent as an unknown one, or one of another organization. */
  async function existing(ex: Executor, organizationId: string, id: string): Promise<BillingProfileRow> {
    const row = anId.safeParse(id).success ? await store.find(ex, organizationId, id) : null;
    if (!row) throw profileNotFound();
    return row;
  }

  return {
    list: async (ctx: RequestContext) => ({
      data: (await store.list(db, ctx.organizationId)).map(toBillingProfileView),
    }),

    get: async (ctx: RequestContext, id: string) => toBillingProfileView(await existing(db, ctx.organizationId, id)),

    async getDefault(ctx: RequestContext) {
      const row = await store.findDefault(db, ctx.organizationId);
      if (!row) throw new ApiError(404, 'no_billing_profile', 'The organization has no billing profile');
      return toBillingProfileView(row);
    },

    /** The first profile is the default whatever `is_default` says; `is_default: true` takes the default over. */
    async create(ctx: RequestContext, input: CreateBillingProfileInput) {
      const org = ctx.organizationId;
      const row = await insertWithinCap(
        db,
        { what: PROFILES, scopeId: org, max: MAX_BILLING_PROFILES },
        (tx) => store.count(tx, org),
        async (tx) => {
          const isDefault = input.is_default === true || (await store.findDefault(tx, org)) === null;
          if (isDefault) await store.clearDefault(tx, org);
          return store.insert(tx, {
            ...toColumns(input),
            id: newId(),
            organizationId: org,
            name: input.name,
            legalName: input.legal_name,
            isDefault,
          });
        },
      );
      return toBillingProfileView(row);
    },

    async update(ctx: RequestContext, id: string, patch: PatchBillingProfileInput) {
      const org = ctx.organizationId;
      const row = await db.transaction(async (tx) => {
        await lockForTransaction(tx, PROFILES, org);
        const current = await existing(tx, org, id);
        const changes = toColumns(patch);
        if (patch.is_default === false && current.isDefault) {
          throw unprocessable('is_default: make another profile the default instead (the organization keeps one)');
        }
        if (patch.is_default === true && !current.isDefault) {
          await store.clearDefault(tx, org);
          changes.isDefault = true;
        }
        return store.update(tx, org, id, changes);
      });
      return toBillingProfileView(row);
    },

    /** Deleting the default makes the oldest remaining profile the default. */
    async remove(ctx: RequestContext, id: string): Promise<void> {
      const org = ctx.organizationId;
      await db.transaction(async (tx) => {
        await lockForTransaction(tx, PROFILES, org);
        const current = await existing(tx, org, id);
        await store.delete(tx, org, id);
        if (current.isDefault) await store.promoteOldest(tx, org);
      });
    },
  };
}

export type BillingProfilesService = ReturnType<typeof createBillingProfilesService>;
