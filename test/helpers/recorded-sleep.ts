import type { Sleep } from "../../src/api";

/**
 * A sleep that writes down each pause asked for and returns at once, so a test sees how long
 * code would have waited without waiting. `onPause` runs first (to let a fault pass, say).
 */
export function recordedSleep(onPause?: (ms: number, pauses: readonly number[]) => void): {
  readonly sleep: Sleep;
  readonly pauses: readonly number[];
} {
  const pauses: number[] = [];
  return {
    pauses,
    sleep: async (ms) => {
      pauses.push(ms);
      onPause?.(ms, pauses);
    },
  };
}
