import { type paths, unwrap } from '@atrium/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../../lib/client-context.tsx';
import { consoleBillingKeys } from '../billing-keys.ts';

export type NewPlan = paths['/v1/admin/plans']['post']['requestBody']['content']['application/json'];
export type PlanChanges = paths['/v1/admin/plans/{id}']['patch']['requestBody']['content']['application/json'];

/** Every plan, inactive ones too, cheapest first (the API's order; it does not page them). */
export function usePlans() {
  const client = useClient();
  return useQuery({
    queryKey: consoleBillingKeys.plans,
    queryFn: async () => unwrap(await client.api.GET('/v1/admin/plans')).data,
  });
}

/** A plan write: the list is read again, since a price change may move the plan in it. */
function usePlanWrite<T, R>(write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleBillingKeys.plans }),
  });
}

export function useCreatePlan() {
  const client = useClient();
  return usePlanWrite(async (body: NewPlan) => unwrap(await client.api.POST('/v1/admin/plans', { body })));
}

export function useUpdatePlan(planId: string) {
  const client = useClient();
  return usePlanWrite(async (body: PlanChanges) =>
    unwrap(await client.api.PATCH('/v1/admin/plans/{id}', { params: { path: { id: planId } }, body })),
  );
}
