import { z } from 'zod';
import { PlanSchema } from './schemas.ts';

/** A plan's monthly price is at most 10,000,000.00 (the column is a 32-bit integer of minor units). */
export const MAX_PLAN_PRICE_MINOR = 1_000_000_000;

export const PlanListSchema = z.object({ data: z.array(PlanSchema) });

const fields = {
  slug: z
    .string()
    .min(1)
    .max(50)
    .regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and hyphens')
    .describe('Unique; the `free` plan keeps its slug (new organizations are subscribed to it)'),
  name: z.string().trim().min(1).max(100),
  description: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .transform((v) => v || null)
    .describe('Trimmed; the empty string (or null) clears'),
  price_minor: z
    .number()
    .int()
    .min(0)
    .max(MAX_PLAN_PRICE_MINOR)
    .describe('Monthly price in minor units (cents) of `currency`'),
  currency: z.enum(['USD']).describe('Plans are priced in USD; invoices convert at issue'),
  is_active: z.boolean().describe('Inactive plans are not offered; their subscriptions continue'),
};

export const CreatePlanBody = z.strictObject({
  slug: fields.slug,
  name: fields.name,
  description: fields.description.optional(),
  price_minor: fields.price_minor,
  currency: fields.currency.default('USD'),
  is_active: fields.is_active.default(true),
});

export const PatchPlanBody = z
  .strictObject(fields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, {
    message: 'Give at least one of slug, name, description, price_minor, currency, is_active',
  });

export type CreatePlanInput = z.output<typeof CreatePlanBody>;
export type PatchPlanInput = z.output<typeof PatchPlanBody>;
