import { useEffect, useState } from "preact/hooks";

export type LaterSteps = typeof import("./later-steps");

let loaded: LaterSteps | undefined;
let loading: Promise<LaterSteps> | undefined;

/** The later steps' views, loaded once; a failed load is tried again on the next ask. */
export function loadLaterSteps(): Promise<LaterSteps> {
  loading ??= import("./later-steps").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The later steps' views once they have arrived (rendering again then), else undefined. */
export function useLaterSteps(): LaterSteps | undefined {
  const [steps, setSteps] = useState(loaded);
  useEffect(() => {
    if (!steps) void loadLaterSteps().then(setSteps, () => undefined);
  }, [steps]);
  return steps;
}
