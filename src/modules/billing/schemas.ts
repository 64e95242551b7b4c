import { z } from 'zod';

export const PlanSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    price_minor: z.number().int().describe('Monthly price in minor units of `currency`'),
    currency: z.string(),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Plan' });
