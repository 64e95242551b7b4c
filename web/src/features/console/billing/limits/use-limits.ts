import { type paths, unwrap } from '@atrium/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../../lib/client-context.tsx';
import { consoleBillingKeys } from '../billing-keys.ts';

export type NewLimit =
  paths['/v1/admin/organizations/{id}/spend-limits']['post']['requestBody']['content']['application/json'];

/** This calendar month's limits with their spend, as the API reckons them. */
export function useLimits(organizationId: string) {
  const client = useClient();
  return useQuery({
    queryKey: consoleBillingKeys.limits(organizationId),
    queryFn: async () =>
      unwrap(
        await client.api.GET('/v1/admin/organizations/{id}/spend-limits', { params: { path: { id: organizationId } } }),
      ),
  });
}

/** A limit write: the month's view is read again (it carries the period and every limit's spend). */
function useLimitWrite<T, R>(organizationId: string, write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleBillingKeys.limits(organizationId) }),
  });
}

export function useAddLimit(organizationId: string) {
  const client = useClient();
  return useLimitWrite(organizationId, async (body: NewLimit) =>
    unwrap(
      await client.api.POST('/v1/admin/organizations/{id}/spend-limits', {
        params: { path: { id: organizationId } },
        body,
      }),
    ),
  );
}

export function useChangeLimit(organizationId: string, limitId: string) {
  const client = useClient();
  return useLimitWrite(organizationId, async (amountMinor: number) =>
    unwrap(
      await client.api.PATCH('/v1/admin/organizations/{id}/spend-limits/{limitId}', {
        params: { path: { id: organizationId, limitId } },
        body: { amount_minor: amountMinor },
      }),
    ),
  );
}

export function useRemoveLimit(organizationId: string, limitId: string) {
  const client = useClient();
  return useLimitWrite(organizationId, async () => {
    unwrap(
      await client.api.DELETE('/v1/admin/organizations/{id}/spend-limits/{limitId}', {
        params: { path: { id: organizationId, limitId } },
      }),
    );
  });
}
