import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../../lib/client-context.tsx';
import { useSignedUpload } from '../use-signed-upload.ts';
import {
  attachBrandingAsset,
  type Branding,
  type BrandingChanges,
  type BrandingSlot,
  brandingKeys,
  getBranding,
  removeBrandingAsset,
  requestBrandingUpload,
  slotRefusal,
  updateBranding,
} from './branding-api.ts';

export function useBranding() {
  const client = useClient();
  return useQuery({ queryKey: brandingKeys.branding, queryFn: () => getBranding(client) });
}

export function useUpdateBranding() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: BrandingChanges) => updateBranding(client, changes),
    onSuccess: (branding) => queryClient.setQueryData(brandingKeys.branding, branding),
  });
}

/** A slot's file: checked as the API checks it, sent with progress, attached; the branding then shows it. */
export function useBrandingUpload(slot: BrandingSlot) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useSignedUpload({
    refusal: (file) => slotRefusal(slot, file),
    request: async (file) => {
      const target = await requestBrandingUpload(client, slot, file);
      return { url: target.upload_url, ticket: target.storage_key };
    },
    attach: async (file, storageKey) => {
      const branding = await attachBrandingAsset(client, slot, file, storageKey);
      queryClient.setQueryData<Branding>(brandingKeys.branding, branding);
    },
  });
}

export function useRemoveBrandingAsset(slot: BrandingSlot) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeBrandingAsset(client, slot),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandingKeys.branding }),
  });
}
