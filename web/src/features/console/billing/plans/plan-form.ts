import type { Plan } from '../../../billing/index.ts';
import { amountError, minorToDecimal, parseMinor } from '../money-input.ts';
import type { NewPlan, PlanChanges } from './use-plans.ts';

/** The API's bounds (src/modules/billing/plans.schemas.ts). */
export const PLAN_LIMITS = { slug: 50, name: 100, description: 2000, maxPriceMinor: 1_000_000_000 } as const;
const SLUG = /^[a-z0-9-]+$/;
/** New organizations are subscribed to the plan with this slug, so the API keeps it. */
export const FREE_SLUG = 'free';

export interface PlanValues {
  name: string;
  slug: string;
  description: string;
  /** In dollars, as typed: "49.00". */
  price: string;
  isActive: boolean;
}
type PlanErrors = Partial<Record<keyof PlanValues, string>>;

export const PLAN_FIELDS = {
  name: 'name',
  slug: 'slug',
  description: 'description',
  price_minor: 'price',
  is_active: 'isActive',
} as const satisfies Record<string, keyof PlanValues>;
export const PLAN_CODES = { duplicate_slug: 'slug', plan_slug_fixed: 'slug' } as const;

export function planValuesOf(plan?: Plan): PlanValues {
  return {
    name: plan?.name ?? '',
    slug: plan?.slug ?? '',
    description: plan?.description ?? '',
    price: plan ? minorToDecimal(plan.price_minor) : '',
    isActive: plan?.is_active ?? true,
  };
}

/** Every check the API makes, and the free plan's fixed slug when `plan` is the one being edited. */
export function validatePlan(values: PlanValues, plan?: Plan): PlanErrors {
  const found: PlanErrors = {};
  const name = values.name.trim();
  if (!name) found.name = 'Give the plan a name.';
  else if (name.length > PLAN_LIMITS.name) found.name = `At most ${PLAN_LIMITS.name} characters.`;
  if (!values.slug) found.slug = 'Give the plan a slug.';
  else if (values.slug.length > PLAN_LIMITS.slug) found.slug = `At most ${PLAN_LIMITS.slug} characters.`;
  else if (!SLUG.test(values.slug)) found.slug = 'Only lower-case letters, digits and hyphens.';
  else if (plan?.slug === FREE_SLUG && values.slug !== FREE_SLUG) {
    found.slug = 'The free plan keeps its slug: new organizations are subscribed to it by that slug.';
  }
  if (values.description.trim().length > PLAN_LIMITS.description) {
    found.description = `At most ${PLAN_LIMITS.description} characters.`;
  }
  const price = amountError(values.price, { min: 0, max: PLAN_LIMITS.maxPriceMinor, currency: 'USD' });
  if (price) found.price = price;
  return found;
}

const priceOf = (values: PlanValues) => parseMinor(values.price) ?? 0;

/** The create body: a blank description is left out; the currency is the API's only one, USD, by default. */
export function newPlanBody(values: PlanValues): NewPlan {
  const description = values.description.trim();
  return {
    slug: values.slug,
    name: values.name.trim(),
    ...(description ? { description } : {}),
    price_minor: priceOf(values),
    is_active: values.isActive,
  };
}

/** Only what differs from the plan (the PATCH is strict and partial); a cleared description is sent as null. */
export function planChanges(plan: Plan, values: PlanValues): PlanChanges {
  const changes: PlanChanges = {};
  const name = values.name.trim();
  const description = values.description.trim() || null;
  if (name !== plan.name) changes.name = name;
  if (values.slug !== plan.slug) changes.slug = values.slug;
  if (description !== plan.description) changes.description = description;
  if (priceOf(values) !== plan.price_minor) changes.price_minor = priceOf(values);
  if (values.isActive !== plan.is_active) changes.is_active = values.isActive;
  return changes;
}
