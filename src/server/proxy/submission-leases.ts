/**
 * How long a lease lasts without renewal: a page renews it every 15 s, so a closed tab or a lost network frees it
 * within a minute.
 */
export const LEASE_TTL_MS = 60_000;

export type LeaseGrant =
  | { readonly held: true; readonly since: number }
  | { readonly held: false; readonly since: number };

/**
 * One submission lease per connection (one vendor account), granted to the pages this proxy
 * serves: a second browser or machine using the same proxy sees that the account's orders
 * are being submitted elsewhere, and since when. Kept in memory, so it covers one proxy
 * process; several would keep it in a store they share (Redis, or a Postgres advisory lock).
 */
export function createSubmissionLeases(options: { readonly ttlMs?: number; readonly now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? LEASE_TTL_MS;
  const now = options.now ?? Date.now;
  const leases = new Map<string, { readonly holder: string; readonly since: number; expiresAt: number }>();

  return {
    /** Grants the lease to `holder`, or renews it; a lease left unrenewed past its time goes to whoever asks next. */
    take(connection: string, holder: string): LeaseGrant {
      const at = now();
      const current = leases.get(connection);
      if (current && current.holder !== holder && current.expiresAt > at) return { held: false, since: current.since };
      if (current && current.holder === holder && current.expiresAt > at) {
        current.expiresAt = at + ttlMs;
        return { held: true, since: current.since };
      }
      leases.set(connection, { holder, since: at, expiresAt: at + ttlMs });
      return { held: true, since: at };
    },
    /** Gives the lease up, when `holder` holds it. */
    release(connection: string, holder: string): void {
      if (leases.get(connection)?.holder === holder) leases.delete(connection);
    },
  };
}

export type SubmissionLeases = ReturnType<typeof createSubmissionLeases>;
