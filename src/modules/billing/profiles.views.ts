import type { z } from 'zod';
import type { BillingProfileSchema } from './profiles.schemas.ts';
import type { BillingProfileRow } from './profiles.store.ts';

type BillingProfileView = z.output<typeof BillingProfileSchema>;

export function toBillingProfileView(row: BillingProfileRow): BillingProfileView {
  return {
    id: row.id,
    organization_id: row.organizationId,
    name: row.name,
    is_default: row.isDefault,
    legal_name: row.legalName,
    tax_id: row.taxId,
    registration_number: row.registrationNumber,
    billing_email: row.billingEmail,
    billing_contact_name: row.billingContactName,
    billing_contact_phone: row.billingContactPhone,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    address_country: row.addressCountry,
    address_city: row.addressCity,
    address_postal_code: row.addressPostalCode,
    currency: row.currency as BillingProfileView['currency'],
    payment_terms: row.paymentTerms as BillingProfileView['payment_terms'],
    default_payment_method: row.defaultPaymentMethod as BillingProfileView['default_payment_method'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
