/** A value that can be read at any time and tells its listeners whenever it changes. */
export interface Readable<S> {
  getState(): S;
  /** Calls `listener` after every change; answers how to stop. */
  subscribe(listener: () => void): () => void;
}

/** A readable value that its owner sets. */
export interface Store<S> extends Readable<S> {
  set(next: S): void;
}

/**
 * The state of one part of the page and the views following it: components subscribe and
 * re-render on every change; the part that owns it is the only one that sets it.
 */
export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    set(next: S): void {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
