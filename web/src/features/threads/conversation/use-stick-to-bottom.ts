import { type RefObject, useEffect } from 'react';

/** How close to the end still counts as "reading the latest": a line or two. */
const NEAR_BOTTOM_PX = 48;

/** Keys that scroll a focused region up. */
const UPWARD_KEYS = new Set(['Home', 'PageUp', 'ArrowUp']);

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
    // A reader moving up lets go of the end whatever the layout does in the same frame; the next scroll event
    // pins again if they came back down to it.
    const letGo = () => {
      pinned = false;
    };
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) letGo();
    };
    const onKey = (event: KeyboardEvent) => {
      if (UPWARD_KEYS.has(event.key)) letGo();
    };
    const observer = new ResizeObserver(() => {
      if (pinned) scroller.scrollTop = scroller.scrollHeight;
      // A size change is the layout's as it happens, so it is not taken for one at the reader's next scroll.
      lastSize = sizeOf(scroller);
    });
    scroller.addEventListener('scroll', onScroll, { passive: true });
    scroller.addEventListener('wheel', onWheel, { passive: true });
    scroller.addEventListener('touchmove', letGo, { passive: true });
    scroller.addEventListener('keydown', onKey);
    observer.observe(content);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      scroller.removeEventListener('wheel', onWheel);
      scroller.removeEventListener('touchmove', letGo);
      scroller.removeEventListener('keydown', onKey);
      observer.disconnect();
    };
  }, [scrollerRef, contentRef]);
}
