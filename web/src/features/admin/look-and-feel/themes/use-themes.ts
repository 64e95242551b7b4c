import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../../lib/client-context.tsx';
import { useSignedUpload } from '../use-signed-upload.ts';
import { attachBackground, backgroundRefusal, removeBackground, requestBackground } from './backgrounds-api.ts';
import {
  createTheme,
  deleteTheme,
  getTheme,
  listThemes,
  type NewTheme,
  type Theme,
  type ThemeChanges,
  themeKeys,
  updateTheme,
  type Variant,
} from './themes-api.ts';

export function useThemes() {
  const client = useClient();
  return useQuery({ queryKey: themeKeys.list, queryFn: () => listThemes(client) });
}

export function useTheme(themeId: string) {
  const client = useClient();
  return useQuery({ queryKey: themeKeys.one(themeId), queryFn: () => getTheme(client, themeId) });
}

/** A theme answered by a write becomes the cached one, and the list is read again. */
function useThemeWrite<T>(write: (input: T) => Promise<Theme>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (theme) => {
      queryClient.setQueryData(themeKeys.one(theme.id), theme);
      return queryClient.invalidateQueries({ queryKey: themeKeys.list, exact: true });
    },
  });
}

export function useCreateTheme() {
  const client = useClient();
  return useThemeWrite((body: NewTheme) => createTheme(client, body));
}

export function useUpdateTheme(themeId: string) {
  const client = useClient();
  return useThemeWrite((changes: ThemeChanges) => updateTheme(client, themeId, changes));
}

export function useDeleteTheme(themeId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTheme(client, themeId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: themeKeys.one(themeId) });
      return queryClient.invalidateQueries({ queryKey: themeKeys.list, exact: true });
    },
  });
}

/** A variant's background image: checked, sent with progress, attached; the theme then carries its asset id. */
export function useBackgroundUpload(themeId: string, variant: Variant) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useSignedUpload({
    refusal: backgroundRefusal,
    request: async (file) => {
      const target = await requestBackground(client, themeId, variant, file);
      return { url: target.upload_url, ticket: target.asset_id };
    },
    attach: async (_file, assetId) => {
      const theme = await attachBackground(client, themeId, variant, assetId);
      queryClient.setQueryData(themeKeys.one(themeId), (old: Theme | undefined) =>
        old ? { ...old, [`background_${variant}_asset_id`]: theme[`background_${variant}_asset_id`] } : theme,
      );
    },
  });
}

export function useRemoveBackground(themeId: string, variant: Variant) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeBackground(client, themeId, variant),
    onSuccess: () =>
      queryClient.setQueryData(themeKeys.one(themeId), (old: Theme | undefined) =>
        old ? { ...old, [`background_${variant}_asset_id`]: null } : old,
      ),
  });
}
