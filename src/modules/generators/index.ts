import type { BrandingService } from '../branding/service.ts';
import type { ThemesService } from '../themes/service.ts';
import { organizationBrand } from './brand-source.ts';
import { createGeneratorsService, type GeneratorsServiceDeps } from './service.ts';

/**
 * The artifact generators have no routes: their files are reached through the artifacts module's. Their brand
 * comes from the organization's branding and default theme.
 */
export function createGeneratorsModule(deps: {
  artifacts: GeneratorsServiceDeps['artifacts'];
  branding: Pick<BrandingService, 'artifactBranding'>;
  themes: Pick<ThemesService, 'defaultThemeColors'>;
}) {
  return { service: createGeneratorsService({ artifacts: deps.artifacts, brand: organizationBrand(deps) }) };
}
