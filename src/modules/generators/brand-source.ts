import type { BrandingService } from '../branding/service.ts';
import type { ThemesService } from '../themes/service.ts';
import { artifactBrandFrom, type BrandSource } from './brand.ts';

/**
 * An organization's brand for its generated files: the branding colours when any is set, else the colours of its
 * default custom theme (as a set, so two palettes never mix), and the branding's light logo.
 */
export function organizationBrand(deps: {
  branding: Pick<BrandingService, 'artifactBranding'>;
  themes: Pick<ThemesService, 'defaultThemeColors'>;
}): BrandSource {
  return async (organizationId, ex) => {
    const { colors, logoLight } = await deps.branding.artifactBranding(organizationId, ex);
    const chosen =
      colors.primary || colors.secondary || colors.accent
        ? colors
        : ((await deps.themes.defaultThemeColors(organizationId, ex)) ?? {});
    return artifactBrandFrom(chosen, logoLight);
  };
}
