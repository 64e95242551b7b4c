import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';

/** The box that scrolls sideways around `link`, up to and including `row`; null when nothing overflows. */
function scrollerOf(link: HTMLElement, row: HTMLElement): HTMLElement | null {
  for (let box = link.parentElement; box; box = box.parentElement) {
    if (box.scrollWidth > box.clientWidth) return box;
    if (box === row) break;
  }
  return null;
}

/**
 * Keeps the current link (`aria-current="page"`) of a row that scrolls sideways on a narrow screen in view: when the
 * address changes and when the window is resized (a phone turned, a window narrowed), not only on the first render.
 * It sets the row's scroll position itself: `scrollIntoView` would also move the browser's starting point of
 * sequential focus, so the next Tab would leave from the link instead of from the top of the page.
 */
export function useCurrentLinkInView(row: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address decides which link is current.
  useEffect(() => {
    const show = () => {
      const container = row.current;
      const link = container?.querySelector<HTMLElement>('[aria-current="page"]');
      const scroller = link && container && scrollerOf(link, container);
      if (!link || !scroller) return;
      const box = scroller.getBoundingClientRect();
      const target = link.getBoundingClientRect();
      if (target.left < box.left) scroller.scrollLeft -= box.left - target.left;
      else if (target.right > box.right) scroller.scrollLeft += target.right - box.right;
    };
    show();
    window.addEventListener('resize', show);
    return () => window.removeEventListener('resize', show);
  }, [pathname, row]);
}
