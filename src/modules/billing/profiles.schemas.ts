import { z } from 'zod';

export const PAYMENT_METHODS = ['wire', 'check'] as const;
export const PROFILE_CURRENCIES = ['AED', 'USD'] as const;
export const PAYMENT_TERMS = ['due_on_receipt', 'net_15', 'net_30', 'net_60'] as const;

export const BillingProfileSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    name: z.string(),
    is_default: z.boolean(),
    legal_name: z.string(),
    tax_id: z.string().nullable(),
    registration_number: z.string().nullable(),
    billing_email: z.string().nullable(),
    billing_contact_name: z.string().nullable(),
    billing_contact_phone: z.string().nullable(),
    address_line1: z.string().nullable(),
    address_line2: z.string().nullable(),
    address_country: z.string().nullable(),
    address_city: z.string().nullable(),
    address_postal_code: z.string().nullable(),
    currency: z.enum(PROFILE_CURRENCIES),
    payment_terms: z.enum(PAYMENT_TERMS),
    default_payment_method: z.enum(PAYMENT_METHODS),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'BillingProfile' });

export const BillingProfileListSchema = z.object({ data: z.array(BillingProfileSchema) });

/** Trimmed; the empty string (or null) is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => v || null);

const anEmail = z.email();

const fields = {
  name: z.string().trim().min(1).max(120),
  legal_name: z.string().trim().min(1).max(255),
  tax_id: optionalText(64),
  registration_number: optionalText(64),
  billing_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(255)
    .refine((v) => v === '' || anEmail.safeParse(v).success, 'must be an email address')
    .nullable()
    .transform((v) => v || null)
    .describe('Stored lower-cased; the empty string (or null) clears'),
  billing_contact_name: optionalText(255),
  billing_contact_phone: optionalText(32).describe('Free form (no format check)'),
  address_line1: optionalText(255),
  address_line2: optionalText(255),
  address_country: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'must be a two-letter country code')
    .nullable()
    .transform((v) => (v ? v.toUpperCase() : null))
    .describe('ISO 3166-1 alpha-2, stored upper-cased'),
  address_city: optionalText(120),
  address_postal_code: optionalText(32),
  is_default: z.boolean().describe('True makes this the default profile (the previous default stops being it)'),
  default_payment_method: z.enum(PAYMENT_METHODS),
  currency: z.enum(PROFILE_CURRENCIES),
  payment_terms: z.enum(PAYMENT_TERMS),
};

const { name, legal_name, is_default, default_payment_method, currency, payment_terms, ...optional } = fields;

/** Every optional field, each also accepting null (stored as null). */
const optionalFields = z.strictObject(optional).partial();

export const CreateBillingProfileBody = optionalFields.extend({
  name,
  legal_name,
  is_default: is_default.optional(),
  default_payment_method: default_payment_method.default('wire'),
  currency: currency.default('AED'),
  payment_terms: payment_terms.default('net_30'),
});

/** Strict, every field optional; name and legal_name cannot be cleared (null or blank is 422). */
export const PatchBillingProfileBody = z
  .strictObject(fields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Give at least one field to change' });

export type CreateBillingProfileInput = z.output<typeof CreateBillingProfileBody>;
export type PatchBillingProfileInput = z.output<typeof PatchBillingProfileBody>;
