import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import type { BillingProfile, InvoiceStatus } from '../../billing/index.ts';
import { organizationKeys } from '../organization/organization-api.ts';
import {
  billingKeys,
  cancelSubscription,
  changePlan,
  createProfile,
  deleteProfile,
  getInvoice,
  getProfile,
  getSpendLimits,
  getSubscription,
  getWallet,
  listInvoices,
  listPlans,
  listProfiles,
  type NewProfile,
  type ProfileChanges,
  updateProfile,
} from './billing-api.ts';

export function useWallet() {
  const client = useClient();
  return useQuery({ queryKey: billingKeys.wallet, queryFn: () => getWallet(client) });
}

export function useSpendLimits() {
  const client = useClient();
  return useQuery({ queryKey: billingKeys.limits, queryFn: () => getSpendLimits(client) });
}

export function useSubscription() {
  const client = useClient();
  return useQuery({ queryKey: billingKeys.subscription, queryFn: () => getSubscription(client) });
}

export function usePlans() {
  const client = useClient();
  return useQuery({ queryKey: billingKeys.plans, queryFn: () => listPlans(client) });
}

/** A subscription write: the subscription is read again, and the organization's profile (it shows the plan). */
function useSubscriptionWrite<T, R>(write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.subscription }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.profile }),
      ]),
  });
}

export function useChangePlan() {
  const client = useClient();
  return useSubscriptionWrite((planId: string) => changePlan(client, planId));
}

export function useCancelSubscription() {
  const client = useClient();
  return useSubscriptionWrite(() => cancelSubscription(client));
}

export function useProfiles() {
  const client = useClient();
  return useQuery({ queryKey: billingKeys.profiles, queryFn: () => listProfiles(client) });
}

export function useProfile(profileId: string) {
  const client = useClient();
  return useQuery({ queryKey: billingKeys.profile(profileId), queryFn: () => getProfile(client, profileId) });
}

/** A profile write: any of them may move the default, so every profile is read again after it. */
function useProfileWrite<T, R>(write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.profiles }),
  });
}

export function useCreateProfile() {
  const client = useClient();
  return useProfileWrite((body: NewProfile) => createProfile(client, body));
}

export function useUpdateProfile(profileId: string) {
  const client = useClient();
  return useProfileWrite((changes: ProfileChanges) => updateProfile(client, profileId, changes));
}

/** The page leaves at once (nothing is awaited); the deleted profile's own query is only marked stale, not read. */
export function useDeleteProfile() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: BillingProfile) => deleteProfile(client, profile.id),
    onSuccess: (_, profile) => {
      void queryClient.invalidateQueries({
        queryKey: billingKeys.profiles,
        predicate: (query) => query.queryKey[3] !== profile.id,
      });
      void queryClient.invalidateQueries({ queryKey: billingKeys.profile(profile.id), refetchType: 'none' });
    },
  });
}

/** The invoices with `status` (all when null), newest first, a cursor page at a time. */
export function useInvoiceList(status: InvoiceStatus | null) {
  const client = useClient();
  return useInfiniteQuery({
    queryKey: billingKeys.invoices(status),
    queryFn: ({ pageParam }) => listInvoices(client, status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_more ? (page.next_cursor ?? undefined) : undefined),
  });
}

export function useInvoice(invoiceId: string) {
  const client = useClient();
  return useQuery({ queryKey: billingKeys.invoice(invoiceId), queryFn: () => getInvoice(client, invoiceId) });
}
