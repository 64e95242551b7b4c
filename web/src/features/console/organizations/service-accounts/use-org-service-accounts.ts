import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../../../lib/client-context.tsx';
import { listOrgServiceAccounts, organizationKeys } from '../organizations-api.ts';

export function useOrgServiceAccounts(id: string) {
  const client = useClient();
  return useQuery({
    queryKey: organizationKeys.serviceAccounts(id),
    queryFn: () => listOrgServiceAccounts(client, id),
  });
}
