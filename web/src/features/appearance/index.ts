export { AppearanceProvider } from './AppearanceProvider.tsx';
export { AppearanceSettings } from './AppearanceSettings.tsx';
export { OrganizationLogo } from './OrganizationLogo.tsx';
