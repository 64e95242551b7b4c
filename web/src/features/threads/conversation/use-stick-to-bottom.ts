import { type RefObject, useEffect } from 'react';

/** How close to the end still counts as "reading the latest": a line or two. */
const NEAR_BOTTOM_PX = 48;

const sizeOf = (scroller: HTMLElement) => `${scroller.scrollHeight}:${scroller.clientHeight}`;

/**
 * Keeps a scroller at its end while its content grows (streamed text, measured messages) or the scroller itself
 * changes size (a phone turned, a window resized), unless the reader has scrolled up to read something earlier.
 * It starts at the end: a conversation opens on its latest message.
 */
export function useStickToBottom(
  scrollerRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const scroller = scrollerRef.current;
    const content = contentRef.current;
    if (!scroller || !content || typeof ResizeObserver === 'undefined') return;
    let pinned = true;
    let lastSize = sizeOf(scroller);
    const onScroll = () => {
      const size = sizeOf(scroller);
      const resized = size !== lastSize;
      lastSize = size;
      // A scroll that comes with a change of size is the layout's doing (the virtual list correcting its offset),
      // not the reader's: the observer below takes the scroller back to the end.
      if (resized && pinned) return;
      pinned = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < NEAR_BOTTOM_PX;
    };
    const observer = new ResizeObserver(() => {
      if (pinned) scroller.scrollTop = scroller.scrollHeight;
    });
    scroller.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(content);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [scrollerRef, contentRef]);
}
