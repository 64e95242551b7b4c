import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../lib/client-context.tsx';
import {
  archiveSkill,
  type CreateSkillBody,
  createSkill,
  getSkill,
  listLiveSkills,
  type SkillChanges,
  skillKeys,
  updateSkill,
} from './skills-api.ts';

/** The live skills: the skills page and an agent's default-skills picker. */
export function useLiveSkills() {
  const client = useClient();
  return useQuery({ queryKey: skillKeys.live, queryFn: () => listLiveSkills(client) });
}

export function useSkill(id: string) {
  const client = useClient();
  return useQuery({ queryKey: skillKeys.detail(id), queryFn: () => getSkill(client, id) });
}

export function useCreateSkill() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSkillBody) => createSkill(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillKeys.all }),
  });
}

export function useUpdateSkill(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: SkillChanges) => updateSkill(client, id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillKeys.all }),
  });
}

export function useArchiveSkill(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => archiveSkill(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillKeys.all }),
  });
}
