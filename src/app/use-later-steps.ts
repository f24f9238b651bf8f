import { useEffect, useState } from "preact/hooks";
import { loadOnce } from "./load-once";

export type LaterSteps = typeof import("./later-steps");

const laterSteps = loadOnce<LaterSteps>(() => import("./later-steps"));

/** The later steps' views, loaded once; a failed load is tried again on the next ask. */
export const loadLaterSteps = laterSteps.load;

/** The later steps' views once they have arrived (rendering again then), else undefined. */
export function useLaterSteps(): LaterSteps | undefined {
  const [steps, setSteps] = useState(laterSteps.loaded());
  useEffect(() => {
    if (!steps) void loadLaterSteps().then(setSteps, () => undefined);
  }, [steps]);
  return steps;
}
