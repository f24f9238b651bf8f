import type { SubmitLocks } from "../submit-lock";

/** Web Locks: held by the tab (or worker) that runs the batch, released when it ends or closes. */
export function webLocks(locks: LockManager): SubmitLocks {
  return {
    async withLock<T>(name: string, work: () => Promise<T>) {
      let outcome: { readonly acquired: true; readonly value: T } | { readonly acquired: false } = { acquired: false };
      await locks.request(name, { ifAvailable: true }, async (lock) => {
        if (lock) outcome = { acquired: true, value: await work() };
      });
      return outcome;
    },
    async isHeld(name) {
      const state = await locks.query();
      return (state.held ?? []).some((lock) => lock.name === name);
    },
  };
}
