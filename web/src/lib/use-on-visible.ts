import { type RefObject, useEffect } from 'react';

/** Calls `onVisible` whenever the element scrolls into view (infinite lists load their next page this way). */
export function useOnVisible(ref: RefObject<Element | null>, onVisible: () => void, enabled: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onVisible();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, onVisible, enabled]);
}
