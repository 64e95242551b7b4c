import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import {
  createDepartment,
  type Department,
  type DepartmentInput,
  deleteDepartment,
  departmentKeys,
  getFeatureFlags,
  getModelSelections,
  getOrganization,
  listAllDepartments,
  listModels,
  type OrganizationChanges,
  organizationKeys,
  replaceModelSelections,
  type SelectionKey,
  updateDepartment,
  updateOrganization,
} from './organization-api.ts';

export function useOrganization() {
  const client = useClient();
  return useQuery({ queryKey: organizationKeys.profile, queryFn: () => getOrganization(client) });
}

export function useUpdateOrganization() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: OrganizationChanges) => updateOrganization(client, changes),
    onSuccess: (organization) => queryClient.setQueryData(organizationKeys.profile, organization),
  });
}

export function useFeatureFlags() {
  const client = useClient();
  return useQuery({ queryKey: organizationKeys.flags, queryFn: () => getFeatureFlags(client) });
}

export function useModelSelections() {
  const client = useClient();
  return useQuery({ queryKey: organizationKeys.selections, queryFn: () => getModelSelections(client) });
}

export function useModels() {
  const client = useClient();
  return useQuery({ queryKey: organizationKeys.models, queryFn: () => listModels(client) });
}

export function useReplaceModelSelections() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selections: { key: SelectionKey; model_version_id: string }[]) =>
      replaceModelSelections(client, selections),
    onSuccess: (selections) => queryClient.setQueryData(organizationKeys.selections, selections),
  });
}

export function useDepartments() {
  const client = useClient();
  return useQuery({ queryKey: departmentKeys.all, queryFn: () => listAllDepartments(client) });
}

/** A department write; the tree is read again after it, whatever the outcome. */
function useDepartmentWrite<T, R>(write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
  });
}

export function useCreateDepartment() {
  const client = useClient();
  return useDepartmentWrite((input: DepartmentInput) => createDepartment(client, input));
}

export function useUpdateDepartment() {
  const client = useClient();
  return useDepartmentWrite(({ id, changes }: { id: string; changes: Partial<DepartmentInput> }) =>
    updateDepartment(client, id, changes),
  );
}

export function useDeleteDepartment() {
  const client = useClient();
  return useDepartmentWrite((department: Department) => deleteDepartment(client, department.id));
}
