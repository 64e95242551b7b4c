import type { Executor } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { BlobStorage } from '../../platform/storage/index.ts';
import { themeAssetsStore as assets } from './assets.store.ts';
import { type PaletteRef, paletteIdOf, parsePublicThemeId } from './palette-ids.ts';
import type { ThemeVariant } from './schemas.ts';
import { themesStore as themes } from './store.ts';
import { compileStylesheet, etagOf, type StylesheetSource } from './stylesheet.ts';

/** How long a background's redirect target stays valid; the redirect itself is cached for much less. */
export const BACKGROUND_URL_SECONDS = 60 * 60;

/**
 * What anyone may read of a palette without a credential: its stylesheet (custom themes by `custom-<id>` or bare
 * uuid, built-in palettes by their id) and a custom theme's background images, by redirect to a signed URL.
 */
export function createPublishedThemesService(deps: { db: Executor; storage: BlobStorage; baseUrl: () => string }) {
  const { db, storage, baseUrl } = deps;

  async function sourceOf(ref: PaletteRef): Promise<StylesheetSource | null> {
    if (ref.kind === 'builtin') {
      const { palette } = ref;
      return {
        surface: palette.surface,
        light: palette.light_tokens,
        dark: palette.dark_tokens,
        backgrounds: { light: null, dark: null },
      };
    }
    const theme = await themes.findPublished(db, ref.themeId);
    if (!theme) return null;
    // Versioned by asset id: a replaced image gets a new URL, whatever caches hold the old redirect.
    const background = (variant: ThemeVariant, assetId: string | null) =>
      assetId ? `${baseUrl()}/v1/public/themes/${paletteIdOf(theme.id)}/backgrounds/${variant}?v=${assetId}` : null;
    return {
      surface: theme.surface,
      light: theme.lightEnabled ? theme.lightTokens : null,
      dark: theme.darkEnabled ? theme.darkTokens : null,
      backgrounds: {
        light: background('light', theme.backgroundLightAssetId),
        dark: background('dark', theme.backgroundDarkAssetId),
      },
    };
  }

  return {
    async stylesheet(themeId: string): Promise<{ css: string; etag: string }> {
      const ref = parsePublicThemeId(themeId);
      const source = ref ? await sourceOf(ref) : null;
      if (!source) throw notFound('Theme');
      const css = compileStylesheet(source);
      return { css, etag: etagOf(css) };
    },

    /** A signed URL of the variant's background image; 404 for a built-in palette or a variant without one. */
    async backgroundUrl(themeId: string, variant: ThemeVariant): Promise<string> {
      const ref = parsePublicThemeId(themeId);
      const theme = ref?.kind === 'custom' ? await themes.findPublished(db, ref.themeId) : null;
      const assetId = theme && (variant === 'light' ? theme.backgroundLightAssetId : theme.backgroundDarkAssetId);
      const asset = theme && assetId ? await assets.find(db, theme.organizationId, assetId) : null;
      if (!asset) throw notFound('Background');
      const signed = await storage.createDownloadUrl({
        key: asset.storageKey,
        expiresInSeconds: BACKGROUND_URL_SECONDS,
        contentType: asset.mimeType,
      });
      return signed.url;
    },
  };
}

export type PublishedThemesService = ReturnType<typeof createPublishedThemesService>;
