import { useThemeSettings } from './AppearanceProvider.tsx';

/**
 * The organization's logo for the banner, in the variant on screen (the system's choice picks between the two
 * when the member pinned none); nothing while there is none, so the banner keeps the product's name alone.
 */
export function OrganizationLogo({ organizationName }: { organizationName: string }) {
  const { appearance, variant } = useThemeSettings();
  const logo = appearance.data?.logo;
  if (!logo?.light_url && !logo?.dark_url) return null;
  const light = logo.light_url ?? logo.dark_url!;
  const dark = logo.dark_url ?? light;
  const alt = `${organizationName} logo`;
  if (variant) return <img className="org-logo" src={variant === 'dark' ? dark : light} alt={alt} />;
  return (
    <picture>
      <source srcSet={dark} media="(prefers-color-scheme: dark)" />
      <img className="org-logo" src={light} alt={alt} />
    </picture>
  );
}
