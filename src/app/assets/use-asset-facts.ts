import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { AssetFacts } from "./asset-facts";

/** Re-renders whenever the facts change (coalesced by the facts themselves). */
export function useFactsVersion(facts: AssetFacts | undefined): number {
  const [version, setVersion] = useState(0);
  useEffect(() => facts?.subscribe(() => setVersion((v) => v + 1)), [facts]);
  return version;
}

/**
 * Whether an element has come near the viewport; stays true once it has. Used to read a
 * design's picture and history only when its card is about to be seen.
 */
export function useSeen<T extends Element>(): [ref: (element: T | null) => void, seen: boolean] {
  const [seen, setSeen] = useState(false);
  const observer = useRef<IntersectionObserver | undefined>(undefined);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = useCallback((element: T | null) => {
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
  }, [seen]);
  return [ref, seen];
}
