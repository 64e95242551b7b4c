import type { Executor } from '../../platform/db/client.ts';
import { completeBrandColors, DEFAULT_SERIES, isHexColor } from './brand-colors.ts';
import { type CheckedLogo, checkLogo } from './brand-logo.ts';

/**
 * An organization's look for the files its runs generate. Colours are `#rrggbb`; a source with only some of
 * them set fills the rest with `completeBrandColors` (brand-colors.ts).
 */
export interface ArtifactBrand {
  primary: string;
  secondary: string;
  accent: string;
  /** Embedded when its type is one a format can show (png, jpeg, svg, webp) and its bytes are of that type. */
  logo: { data: Buffer; mimeType: string } | null;
}

/**
 * Where the generators learn an organization's brand; null means no branding (the files look as they always did).
 * `ex` is the tool call's transaction: the embedded database has one connection, which that transaction holds.
 */
export type BrandSource = (organizationId: string, ex: Executor) => Promise<ArtifactBrand | null>;

/** The brand a generator applies: colours checked and lower-cased, the logo checked and measured. */
export interface AppliedBrand {
  primary: string;
  secondary: string;
  accent: string;
  logo: CheckedLogo | null;
}

/** A lookup that never fails: what the tools call, once per call. */
export type BrandLookup = (organizationId: string, ex: Executor) => Promise<AppliedBrand | null>;

export const noBranding: BrandSource = () => Promise.resolve(null);

/**
 * The brand from whatever an organization set (for the source app.ts wires): missing colours are derived from
 * the set ones (`completeBrandColors`); a logo without any colour takes the unbranded blue as its seed, so the
 * logo still appears; neither colours nor logo is no brand (null).
 */
export function artifactBrandFrom(
  colors: { primary?: string | null; secondary?: string | null; accent?: string | null },
  logo: ArtifactBrand['logo'],
): ArtifactBrand | null {
  const complete = completeBrandColors(colors) ?? (logo ? completeBrandColors({ primary: DEFAULT_SERIES[0] }) : null);
  return complete ? { ...complete, logo } : null;
}

/** How long a tool waits for the brand before making the file without it (the call holds a transaction). */
export const BRAND_TIMEOUT_MS = 5000;

/** The brand as the generators use it, or null when it has no valid colours. */
export function applyBrand(brand: ArtifactBrand | null | undefined): AppliedBrand | null {
  if (!brand || ![brand.primary, brand.secondary, brand.accent].every(isHexColor)) return null;
  return {
    primary: brand.primary.toLowerCase(),
    secondary: brand.secondary.toLowerCase(),
    accent: brand.accent.toLowerCase(),
    logo: checkLogo(brand.logo),
  };
}

/**
 * Wraps a source so a tool never fails for its brand: a source that throws, rejects, takes longer than
 * BRAND_TIMEOUT_MS or returns malformed colours yields null and the file is made unbranded; a logo that cannot
 * be embedded is left out while the colours still apply. Branding is decoration: a file without it is still the
 * file the person asked for, so nothing is logged or reported to the model.
 */
export function brandLookup(source: BrandSource, timeoutMs = BRAND_TIMEOUT_MS): BrandLookup {
  return async (organizationId, ex) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      return applyBrand(await Promise.race([Promise.resolve().then(() => source(organizationId, ex)), timeout]));
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
