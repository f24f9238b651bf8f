/**
 * One submitter per account at a time: two tabs, or two processes, sending the same orders at
 * once could each find no job and each create one.
 */
export interface SubmitLocks {
  /** Runs `work` holding the named lock; answers `{ acquired: false }` at once when it is held elsewhere. */
  withLock<T>(
    name: string,
    work: () => Promise<T>,
  ): Promise<{ readonly acquired: true; readonly value: T } | { readonly acquired: false }>;
  /** Whether someone holds the lock now (another tab, say). */
  isHeld(name: string): Promise<boolean>;
}

export const submitLockName = (connection: string, accountId: number) =>
  `bulk-order-importer:submit:${connection}:${accountId}`;

/**
 * A lease on the account's submissions from a service every submitter reaches (the proxy):
 * a lock on one machine guards nothing on another. Held while renewed; it lapses on its own
 * when its holder stops renewing it (a closed tab, a lost network, a dead process).
 */
export interface SubmissionLease {
  /** Takes the lease, or renews it; says since when another holds it. */
  take(): Promise<LeaseAnswer>;
  /** Gives it up (best effort: it lapses anyway). */
  release(): Promise<void>;
}

export type LeaseAnswer = { readonly held: true } | { readonly held: false; readonly since: string };

/** How often a held lease is renewed; the proxy lets it lapse after about four times this. */
export const LEASE_RENEW_MS = 15_000;

export interface LeaseKeeper {
  /** Whether the lease is still ours: renewed in time, and not taken by another. */
  stillHeld(): boolean;
  stop(): Promise<void>;
}

/**
 * Keeps a lease taken: renews it every `renewMs`, and counts it lost once another holds it or
 * no renewal has gone through for `lapseMs` (the proxy may then have given it to someone else).
 */
export function keepLease(
  lease: SubmissionLease,
  options: { readonly now: () => number; readonly renewMs?: number; readonly lapseMs?: number },
): LeaseKeeper {
  const renewMs = options.renewMs ?? LEASE_RENEW_MS;
  const lapseMs = options.lapseMs ?? renewMs * 3;
  let renewedAt = options.now();
  let lost = false;
  const timer = setInterval(() => {
    void lease.take().then(
      (answer) => {
        if (answer.held) renewedAt = options.now();
        else lost = true;
      },
      () => undefined,
    );
  }, renewMs);
  return {
    stillHeld: () => !lost && options.now() - renewedAt < lapseMs,
    async stop() {
      clearInterval(timer);
      await lease.release().catch(() => undefined);
    },
  };
}
