import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Keeps the current link (`aria-current="page"`) of a row that scrolls sideways on a narrow screen in view: when the
 * address changes and when the window is resized (a phone turned, a window narrowed), not only on the first render.
 */
export function useCurrentLinkInView(row: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address decides which link is current.
  useEffect(() => {
    const show = () => {
      const current = row.current?.querySelector<HTMLElement>('[aria-current="page"]');
      // jsdom has no layout, hence no scrollIntoView.
      current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    };
    show();
    window.addEventListener('resize', show);
    return () => window.removeEventListener('resize', show);
  }, [pathname, row]);
}
