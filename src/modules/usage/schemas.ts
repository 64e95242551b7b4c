import { z } from 'zod';

/** Inclusive days in a report's range, and in an hourly one (168 hours). */
export const MAX_RANGE_DAYS = 365;
export const MAX_HOURLY_DAYS = 7;
export const MAX_BREAKDOWN_ROWS = 50;
export const DEFAULT_SERIES = 6;
export const MAX_SERIES = 20;

const DAY_MS = 86_400_000;

/** A real calendar date written `YYYY-MM-DD` (2024-02-30 is refused), within years 1970-9999. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((v) => {
    const parsed = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(v) && v >= '1970-01-01';
  }, 'must be a real calendar date from 1970-01-01');

/** Days from `from` to `to`, both included (the dates are calendar dates: no time zone enters the count). */
export const inclusiveDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

export const GranularitySchema = z.enum(['daily', 'hourly']);
export type Granularity = z.output<typeof GranularitySchema>;

const range = {
  from: isoDate.describe('First day, in the organization’s time zone'),
  to: isoDate.describe('Last day, included'),
};

/** The range rules every report shares: to >= from, at most 365 days, and at most 7 days hourly. */
function checkRange(q: { from: string; to: string; granularity?: Granularity }, ctx: z.RefinementCtx) {
  const days = inclusiveDays(q.from, q.to);
  if (Number.isNaN(days)) return; // a field is already refused
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  else if (days > MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `the range may span at most ${MAX_RANGE_DAYS} days` });
  } else if (q.granularity === 'hourly' && days > MAX_HOURLY_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `an hourly range may span at most ${MAX_HOURLY_DAYS} days (168 hours)`,
    });
  }
}

export const SummaryQuery = z.strictObject(range).superRefine(checkRange);
export const TimeseriesQuery = z
  .strictObject({ ...range, granularity: GranularitySchema.default('daily') })
  .superRefine(checkRange);
export const BreakdownDimensionSchema = z.enum(['model', 'agent', 'channel', 'department', 'user']);
export type BreakdownDimension = z.output<typeof BreakdownDimensionSchema>;
export const BreakdownQuery = z.strictObject({ ...range, dimension: BreakdownDimensionSchema }).superRefine(checkRange);
export const SeriesDimensionSchema = z.enum(['department', 'user']);
export type SeriesDimension = z.output<typeof SeriesDimensionSchema>;
export const TimeseriesByQuery = z
  .strictObject({
    ...range,
    granularity: GranularitySchema.default('daily'),
    dimension: SeriesDimensionSchema,
    limit: z.coerce.number().int().min(1).max(MAX_SERIES).default(DEFAULT_SERIES),
  })
  .superRefine(checkRange);
export const ChargebackQuery = z.strictObject({
  month: z.string().regex(/^(19[7-9]\d|[2-9]\d{3})-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM, from 1970-01'),
  format: z.enum(['json', 'csv']).default('json'),
});

export type ReportRange = { from: string; to: string };
export type TimeseriesInput = z.output<typeof TimeseriesQuery>;
export type BreakdownInput = z.output<typeof BreakdownQuery>;
export type TimeseriesByInput = z.output<typeof TimeseriesByQuery>;
export type ChargebackInput = z.output<typeof ChargebackQuery>;

const cents = z.number().int().describe('Whole cents, rounded half-up once from the exact micro-cent sum');

export const UsageSummarySchema = z
  .object({
    total_cost_cents: cents,
    total_input_tokens: z.number().int(),
    total_output_tokens: z.number().int(),
    total_cached_input_tokens: z.number().int(),
    call_count: z.number().int(),
    period_cost_cents: cents.describe('The range’s cost (equal to total_cost_cents), beside the previous period’s'),
    previous_period_cost_cents: cents.describe('The same number of days immediately before `from`'),
    delta_pct: z.number().nullable().describe('Change against the previous period, one decimal; null when it is 0'),
  })
  .meta({ id: 'UsageSummary' });

export const UsageTimeseriesSchema = z
  .object({
    granularity: GranularitySchema,
    items: z.array(
      z.object({
        date: z.string().describe('YYYY-MM-DD, or YYYY-MM-DDTHH:00 hourly, in the organization’s time zone'),
        cost_cents: cents,
        input_tokens: z.number().int(),
        output_tokens: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'UsageTimeseries' });

export const UsageBreakdownSchema = z
  .object({
    dimension: BreakdownDimensionSchema,
    items: z.array(
      z.object({
        id: z.string().describe('The model version, agent, department or user id, the channel; `none` when unset'),
        label: z.string(),
        cost_cents: cents,
        call_count: z.number().int(),
        percent_of_total: z.number().describe('0-100, one decimal, from the exact amounts'),
      }),
    ),
  })
  .meta({ id: 'UsageBreakdown' });

export const UsageTimeseriesBySchema = z
  .object({
    granularity: GranularitySchema,
    buckets: z.array(z.string()),
    series: z.array(
      z.object({
        id: z.string().describe('Department or user id; `none` when unset; `other` for the remainder'),
        label: z.string(),
        points: z.array(cents).describe('Cost in cents per bucket'),
      }),
    ),
  })
  .meta({ id: 'UsageTimeseriesBy' });

const DepartmentRefSchema = z.object({ id: z.uuid(), name: z.string(), parent_department_id: z.uuid().nullable() });

export const ChargebackSchema = z
  .object({
    month: z.string(),
    currency: z.literal('USD'),
    total_minor: cents,
    items: z.array(
      z.object({
        department: DepartmentRefSchema.nullable().describe('null for the Unassigned row (usage without a department)'),
        depth: z.number().int().describe('0 for a top-level department and the Unassigned row'),
        cost_minor: cents.describe('The department’s usage with its descendants’'),
        own_minor: cents.describe('The department’s own usage'),
        runs: z.number().int().describe('Distinct runs among that usage'),
      }),
    ),
  })
  .meta({ id: 'UsageChargeback' });

export type UsageSummary = z.output<typeof UsageSummarySchema>;
export type UsageTimeseries = z.output<typeof UsageTimeseriesSchema>;
export type UsageBreakdown = z.output<typeof UsageBreakdownSchema>;
export type UsageTimeseriesBy = z.output<typeof UsageTimeseriesBySchema>;
export type UsageChargeback = z.output<typeof ChargebackSchema>;
