/**
 * One submitter per account at a time: two tabs, or two processes, sending the same orders at
 * once could each find no job and each create one.
 */
export interface SubmitLocks {
  /** Runs `work` holding the named lock; answers `{ acquired: false }` at once when it is held elsewhere. */
  withLock<T>(name: string, work: () => Promise<T>): Promise<{ readonly acquired: true; readonly value: T } | { readonly acquired: false }>;
  /** Whether someone holds the lock now (another tab, say). */
  isHeld(name: string): Promise<boolean>;
}

export const submitLockName = (connection: string, accountId: number) => `bulk-order-importer:submit:${connection}:${accountId}`;

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
