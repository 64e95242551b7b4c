import { type paths, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../lib/client-context.tsx';
import { isApiError } from '../../../lib/errors.ts';
import type { InvoiceStatus, Subscription, Wallet } from '../../billing/index.ts';

export const billingKeys = {
  wallet: ['admin', 'billing', 'wallet'] as const,
  limits: ['admin', 'billing', 'spend-limits'] as const,
  subscription: ['admin', 'billing', 'subscription'] as const,
  plans: ['admin', 'billing', 'plans'] as const,
  profiles: ['admin', 'billing', 'profiles'] as const,
  profile: (id: string) => ['admin', 'billing', 'profiles', id] as const,
  invoices: (status: InvoiceStatus | null) => ['admin', 'billing', 'invoices', status ?? 'all'] as const,
  invoice: (id: string) => ['admin', 'billing', 'invoice', id] as const,
};

/** The wallet, or null when the organization has none (404 `no_wallet`: usage is not limited by a balance). */
export async function getWallet(client: AtriumClient): Promise<Wallet | null> {
  try {
    return unwrap(await client.api.GET('/v1/organization/wallet'));
  } catch (error) {
    if (isApiError(error, 404, 'no_wallet')) return null;
    throw error;
  }
}

export async function getSpendLimits(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/organization/spend-limits'));
}

/** The live subscription, or null when none is live (the API's 404). */
export async function getSubscription(client: AtriumClient): Promise<Subscription | null> {
  try {
    return unwrap(await client.api.GET('/v1/organization/subscription'));
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export async function listPlans(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/plans')).data;
}

export async function changePlan(client: AtriumClient, planId: string) {
  return unwrap(await client.api.POST('/v1/organization/subscription/change-plan', { body: { plan_id: planId } }));
}

export async function cancelSubscription(client: AtriumClient) {
  return unwrap(await client.api.POST('/v1/organization/subscription/cancel'));
}

export async function listProfiles(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/organization/billing-profiles')).data;
}

export async function getProfile(client: AtriumClient, profileId: string) {
  return unwrap(
    await client.api.GET('/v1/organization/billing-profiles/{profileId}', { params: { path: { profileId } } }),
  );
}

type ProfilesPath = paths['/v1/organization/billing-profiles'];
type ProfilePath = paths['/v1/organization/billing-profiles/{profileId}'];
export type NewProfile = ProfilesPath['post']['requestBody']['content']['application/json'];
export type ProfileChanges = ProfilePath['patch']['requestBody']['content']['application/json'];

export async function createProfile(client: AtriumClient, body: NewProfile) {
  return unwrap(await client.api.POST('/v1/organization/billing-profiles', { body }));
}

export async function updateProfile(client: AtriumClient, profileId: string, body: ProfileChanges) {
  return unwrap(
    await client.api.PATCH('/v1/organization/billing-profiles/{profileId}', { params: { path: { profileId } }, body }),
  );
}

export async function deleteProfile(client: AtriumClient, profileId: string) {
  unwrap(await client.api.DELETE('/v1/organization/billing-profiles/{profileId}', { params: { path: { profileId } } }));
}

export const INVOICE_PAGE = 20;

export async function listInvoices(client: AtriumClient, status: InvoiceStatus | null, cursor: string | undefined) {
  const query = { limit: INVOICE_PAGE, cursor, ...(status ? { status } : {}) };
  return unwrap(await client.api.GET('/v1/organization/invoices', { params: { query } }));
}

export async function getInvoice(client: AtriumClient, id: string) {
  return unwrap(await client.api.GET('/v1/organization/invoices/{id}', { params: { path: { id } } }));
}
