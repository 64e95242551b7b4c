import { type paths, unwrap } from '@atrium/client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../../lib/client-context.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import type { Wallet } from '../../../billing/index.ts';
import { consoleBillingKeys } from '../billing-keys.ts';

type WalletPath = paths['/v1/admin/organizations/{id}/wallet'];
export type WalletSettings = WalletPath['post']['requestBody']['content']['application/json'];
export type Credit =
  paths['/v1/admin/organizations/{id}/wallet/credits']['post']['requestBody']['content']['application/json'];

/** The wallet, or null when the organization has none yet (404 `no_wallet`); an unknown organization fails. */
export function useWallet(organizationId: string) {
  const client = useClient();
  return useQuery({
    queryKey: consoleBillingKeys.wallet(organizationId),
    queryFn: async (): Promise<Wallet | null> => {
      try {
        const params = { path: { id: organizationId } };
        return unwrap(await client.api.GET('/v1/admin/organizations/{id}/wallet', { params }));
      } catch (error) {
        if (isApiError(error, 404, 'no_wallet')) return null;
        throw error;
      }
    },
  });
}

/** Creates the wallet (with the API's defaults for what `settings` leaves out) or changes its settings. */
export function useConfigureWallet(organizationId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WalletSettings) =>
      unwrap(
        await client.api.POST('/v1/admin/organizations/{id}/wallet', {
          params: { path: { id: organizationId } },
          body,
        }),
      ),
    onSuccess: (wallet) => queryClient.setQueryData(consoleBillingKeys.wallet(organizationId), wallet),
  });
}

/** A credit answers the new balance, which is shown at once; the ledger has a new first entry. */
export function useCreditWallet(organizationId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Credit) =>
      unwrap(
        await client.api.POST('/v1/admin/organizations/{id}/wallet/credits', {
          params: { path: { id: organizationId } },
          body,
        }),
      ),
    onSuccess: ({ wallet }) => {
      queryClient.setQueryData(consoleBillingKeys.wallet(organizationId), wallet);
      return queryClient.invalidateQueries({ queryKey: consoleBillingKeys.ledger(organizationId) });
    },
  });
}

/** The ledger, newest first, a cursor page at a time. */
export function useLedger(organizationId: string) {
  const client = useClient();
  return useInfiniteQuery({
    queryKey: consoleBillingKeys.ledger(organizationId),
    queryFn: async ({ pageParam }) =>
      unwrap(
        await client.api.GET('/v1/admin/organizations/{id}/wallet/ledger', {
          params: { path: { id: organizationId }, query: { cursor: pageParam } },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_more ? (page.next_cursor ?? undefined) : undefined),
  });
}
