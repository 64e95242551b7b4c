import { z } from 'zod';
import { MAX_WALLET_AMOUNT_MINOR } from './wallet.schemas.ts';

export const LIMIT_SCOPES = ['organization', 'department', 'user', 'agent'] as const;
export type LimitScope = (typeof LIMIT_SCOPES)[number];

/** Spend limits per organization. */
export const MAX_SPEND_LIMITS = 500;

const amount = z.number().int().min(0).max(MAX_WALLET_AMOUNT_MINOR).describe('The monthly cap, in cents');

export const SpendLimitSchema = z
  .object({
    id: z.uuid(),
    scope: z.enum(LIMIT_SCOPES),
    scope_id: z.uuid().nullable().describe('The department, user or agent; null for the organization'),
    label: z.string().nullable().describe('Its name (null once the department or agent no longer exists)'),
    amount_minor: z.number().int(),
    spent_minor: z.number().int().describe("The period's usage in scope, rounded half-up to cents once"),
    remaining_minor: z.number().int().describe('max(0, amount_minor - spent_minor)'),
    percent_used: z.number().describe('spent / amount × 100, one decimal; may pass 100; 100 for a zero amount'),
  })
  .meta({ id: 'SpendLimit' });

export const SpendLimitsViewSchema = z
  .object({
    period_start: z.string().describe('First day of the current calendar month in the organization timezone'),
    period_end: z.string().describe('Last day of that month (inclusive)'),
    limits: z.array(SpendLimitSchema),
  })
  .meta({ id: 'SpendLimits' });

export const CreateSpendLimitBody = z
  .strictObject({
    scope: z.enum(LIMIT_SCOPES),
    scope_id: z.uuid().nullable().optional(),
    amount_minor: amount,
  })
  .refine((b) => (b.scope === 'organization') === (b.scope_id == null), {
    message: 'scope_id names the department, user or agent, and is absent for the organization scope',
    path: ['scope_id'],
  });

export const PatchSpendLimitBody = z.strictObject({ amount_minor: amount });

export type CreateSpendLimitInput = z.output<typeof CreateSpendLimitBody>;
export type SpendLimitView = z.output<typeof SpendLimitSchema>;
