import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import {
  type AdminOrganization,
  createOrganization,
  createOrgUser,
  getOrganization,
  listOrganizations,
  moveOrganization,
  type NewOrgUser,
  type OrganizationChanges,
  type OrganizationFilter,
  type OrganizationMove,
  type OrganizationProfile,
  type OrgUser,
  organizationKeys,
  updateOrganization,
} from './organizations-api.ts';

/** Every list an organization shows up in: the list page's and the Console's organization picker. */
export const invalidateOrganizationLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationKeys.list }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.pick }),
  ]);

/** Organizations whose name contains `search`, newest first, a cursor page at a time, with the API's total. */
export function useOrganizationList(search: string, filter: OrganizationFilter) {
  const client = useClient();
  return useInfiniteQuery({
    queryKey: organizationKeys.listOf(search, filter),
    queryFn: ({ pageParam }) => listOrganizations(client, search, filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_more ? (page.next_cursor ?? undefined) : undefined),
  });
}

export function useOrganization(id: string) {
  const client = useClient();
  return useQuery({ queryKey: organizationKeys.detail(id), queryFn: () => getOrganization(client, id) });
}

/** What creating an organization with its first admin did: the admin step may fail after the organization exists. */
export type CreatedOrganization =
  | { organization: AdminOrganization; admin: { user: OrgUser; password: string | null } }
  | { organization: AdminOrganization; adminError: unknown };

/**
 * Creates the organization, then its first admin. A refusal of the organization is the mutation's error (nothing
 * was created); a refusal of the admin is part of its result, since the organization exists by then.
 */
export function useCreateOrganization() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ profile, admin }: { profile: OrganizationProfile; admin: NewOrgUser }) => {
      const organization = await createOrganization(client, profile);
      try {
        return { organization, admin: await createOrgUser(client, organization.id, admin) } as CreatedOrganization;
      } catch (adminError) {
        return { organization, adminError } as CreatedOrganization;
      }
    },
    onSuccess: () => invalidateOrganizationLists(queryClient),
  });
}

function useOrganizationWrite<T>(id: string, write: (input: T) => Promise<AdminOrganization>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationKeys.detail(id), organization);
      return invalidateOrganizationLists(queryClient);
    },
  });
}

export function useUpdateOrganization(id: string) {
  const client = useClient();
  return useOrganizationWrite(id, (changes: OrganizationChanges) => updateOrganization(client, id, changes));
}

export function useMoveOrganization(id: string) {
  const client = useClient();
  return useOrganizationWrite(id, (move: OrganizationMove) => moveOrganization(client, id, move));
}
