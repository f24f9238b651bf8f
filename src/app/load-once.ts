/**
 * What `load` gives, loaded once on the first ask and kept (a part of the page's code, split off so the first screen
 * comes sooner); a failed load is tried again on the next ask.
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    /** What was loaded, once it has been. */
    loaded: (): T | undefined => loaded,
    load(): Promise<T> {
      loading ??= load().then(
        (value) => (loaded = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}
