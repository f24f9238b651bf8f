/**
 * Runs `task` once the browser has nothing more pressing to do (after the first paint), or within `timeoutMs` at the
 * latest; at once where the browser cannot say when it is idle.
 */
export function whenIdle(task: () => void, timeoutMs = 1000): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, 0);
}
