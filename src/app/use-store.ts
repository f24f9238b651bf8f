import { useEffect, useState } from "preact/hooks";
import type { Readable } from "./store";

/** A store's current state, re-rendering on every change. */
export function useStore<S>(store: Readable<S>): S {
  const [state, setState] = useState(store.getState());
  useEffect(() => {
    setState(store.getState());
    return store.subscribe(() => setState(store.getState()));
  }, [store]);
  return state;
}
