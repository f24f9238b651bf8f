import type { RefObject } from "preact";
import { useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { ScrollView } from "./grid-layout";

/** What is drawn from: how far down and across the element is scrolled, and how tall and wide its view is. */
export interface DrawnView {
  readonly scrollTop: number;
  readonly viewport: number;
  readonly scrollLeft: number;
  readonly width: number;
}

/** A scrolling element's offsets and size as last seen, and scrolling it without asking the browser for layout. */
export interface ScrollTracker {
  /** Where the element is scrolled to and how much of it shows, as last seen (no layout is read). */
  readonly view: () => ScrollView;
  /** Scrolls the element; what is drawn follows in the same frame. */
  readonly scrollTo: (top: number, left: number) => void;
  /** For the element's scroll events. */
  readonly onScroll: () => void;
}

/**
 * Follows a scrolling element for what is drawn in it. Scroll events are gathered into one
 * update per animation frame, and the element's size comes from a ResizeObserver (after
 * layout), so neither scrolling nor a key that scrolls makes the browser lay the page out
 * before its time: reading scrollTop or clientHeight after the rows were changed would.
 */
export function useScrollView(scroller: RefObject<HTMLElement | null>): {
  readonly drawn: DrawnView;
  readonly tracker: ScrollTracker;
} {
  const seen = useRef<ScrollView>({ scrollTop: 0, scrollLeft: 0, clientHeight: 480, clientWidth: 640 });
  const [drawn, setDrawn] = useState<DrawnView>({ scrollTop: 0, viewport: 480, scrollLeft: 0, width: 640 });
  const frame = useRef<number | undefined>(undefined);

  const tracker = useMemo<ScrollTracker>(() => {
    const draw = () => {
      frame.current = undefined;
      const { scrollTop, clientHeight, scrollLeft, clientWidth } = seen.current;
      setDrawn((now) =>
        now.scrollTop === scrollTop &&
        now.viewport === clientHeight &&
        now.scrollLeft === scrollLeft &&
        now.width === clientWidth
          ? now
          : { scrollTop, viewport: clientHeight, scrollLeft, width: clientWidth },
      );
    };
    const drawNextFrame = () => {
      frame.current ??= requestAnimationFrame(draw);
    };
    return {
      view: () => seen.current,
      scrollTo(top, left) {
        const element = scroller.current;
        if (!element) return;
        // Written, never read back: the scroll event that follows says where the browser put it.
        const next = { ...seen.current, scrollTop: Math.max(0, top), scrollLeft: Math.max(0, left) };
        if (next.scrollTop !== seen.current.scrollTop) element.scrollTop = next.scrollTop;
        if (next.scrollLeft !== seen.current.scrollLeft) element.scrollLeft = next.scrollLeft;
        seen.current = next;
        draw();
      },
      onScroll() {
        const element = scroller.current;
        if (!element) return;
        seen.current = { ...seen.current, scrollTop: element.scrollTop, scrollLeft: element.scrollLeft };
        drawNextFrame();
      },
    };
  }, [scroller]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      seen.current = { ...seen.current, clientHeight: element.clientHeight, clientWidth: element.clientWidth };
      tracker.onScroll();
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => {
      observer.disconnect();
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    };
  }, [scroller, tracker]);

  return { drawn, tracker };
}
