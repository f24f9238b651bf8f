import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { createStore } from "../store";
import { useStore } from "../use-store";
import type { AssetFacts } from "./asset-facts";

/** Followed when there are no facts to follow: it never changes. */
const NO_FACTS = createStore(0);

/**
 * Re-renders whenever the facts change (coalesced by the facts themselves); answers how many changes there have been.
 */
export function useFactsVersion(facts: AssetFacts | undefined): number {
  return useStore(facts ?? NO_FACTS);
}

/**
 * Whether an element has come near the viewport; stays true once it has. Used to read a
 * design's picture and history only when its card is about to be seen.
 */
export function useSeen<T extends Element>(): [ref: (element: T | null) => void, seen: boolean] {
  const [seen, setSeen] = useState(false);
  const observer = useRef<IntersectionObserver | undefined>(undefined);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      if (element === null || seen) return;
      if (typeof IntersectionObserver === "undefined") {
        setSeen(true);
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setSeen(true);
            observer.current?.disconnect();
          }
        },
        { rootMargin: "200px" },
      );
      observer.current.observe(element);
    },
    [seen],
  );
  return [ref, seen];
}
