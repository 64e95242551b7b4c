import { createContext, type ReactNode, useContext } from 'react';
import { useAppliedPalette, useThemeChoice } from './use-appearance.ts';

type ThemeSettings = ReturnType<typeof useThemeChoice>;

const ThemeSettingsContext = createContext<ThemeSettings | null>(null);

/** Applies the member's palette and mode to the page, and shares them with the pages that change them. */
export function AppearanceProvider({ children }: { children: ReactNode }) {
  const settings = useThemeChoice();
  useAppliedPalette(settings.palette?.id ?? null, settings.variant);
  return <ThemeSettingsContext.Provider value={settings}>{children}</ThemeSettingsContext.Provider>;
}

export function useThemeSettings(): ThemeSettings {
  const settings = useContext(ThemeSettingsContext);
  if (!settings) throw new Error('useThemeSettings must be used under <AppearanceProvider>');
  return settings;
}
