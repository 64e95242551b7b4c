import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useClient } from '../../lib/client-context.tsx';
import { useSignedInUser } from '../auth/index.ts';
import { appearanceKey, getAppearance, type Mode, stylesheetUrl } from './appearance-api.ts';
import { activePalette, pinnedVariant, readMode, readPaletteChoice, saveMode, savePaletteChoice } from './choice.ts';

/** The logo URLs are signed for an hour: read again well before they lapse. */
const REFRESH_MS = 30 * 60_000;
const LINK_ID = 'atrium-palette';

export function useAppearance() {
  const client = useClient();
  return useQuery({
    queryKey: appearanceKey,
    queryFn: () => getAppearance(client),
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });
}

/** The member's palette and mode, as chosen in this browser, with their setters (AppearanceProvider holds it). */
export function useThemeChoice() {
  const user = useSignedInUser();
  const appearance = useAppearance();
  const [chosen, setChosen] = useState(() => readPaletteChoice(user.organization_id));
  const [mode, setModeState] = useState<Mode>(readMode);
  const palette = appearance.data ? activePalette(appearance.data, chosen) : null;
  const choosePalette = useCallback(
    (id: string) => {
      savePaletteChoice(user.organization_id, id);
      setChosen(id);
    },
    [user.organization_id],
  );
  const setMode = useCallback((next: Mode) => {
    saveMode(next);
    setModeState(next);
  }, []);
  return { appearance, palette, mode, choosePalette, setMode, variant: pinnedVariant(palette, mode) };
}

/**
 * Puts the palette on the page: its public stylesheet linked in the head, `data-palette` on the root element (the
 * app's tokens follow it, tokens.css) and `data-theme` pinning light or dark (none: the system's).
 */
export function useAppliedPalette(paletteId: string | null, variant: 'light' | 'dark' | null) {
  useEffect(() => {
    const root = document.documentElement;
    let link = document.getElementById(LINK_ID) as HTMLLinkElement | null;
    if (!paletteId) {
      link?.remove();
      delete root.dataset.palette;
      return;
    }
    if (!link) {
      link = document.createElement('link');
      link.id = LINK_ID;
      link.rel = 'stylesheet';
      document.head.append(link);
    }
    const href = stylesheetUrl(paletteId);
    if (link.getAttribute('href') !== href) link.setAttribute('href', href);
    root.dataset.palette = paletteId;
  }, [paletteId]);

  useEffect(() => {
    const root = document.documentElement;
    if (variant) root.dataset.theme = variant;
    else delete root.dataset.theme;
  }, [variant]);
}
