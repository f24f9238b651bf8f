import { SUBMISSION_LEASE_PATH } from "../api/proxy-routes";
import type { LeaseAnswer, SubmissionLease } from "./submit-lock";

/**
 * The account's submission lease from the proxy that serves the page: `baseUrl` is the
 * connection's `/api/{connection}`, `holder` this page's own id. A proxy without the route
 * (404) has no leases to give, so there is nothing to hold; no answer at all is thrown, as
 * any other call to the vendor through it would fail too.
 */
export function proxyLease(
  baseUrl: string,
  headers: Readonly<Record<string, string>>,
  holder: string,
  fetchImpl: typeof fetch = fetch,
): SubmissionLease {
  const address = `${baseUrl.replace(/\/+$/, "")}${SUBMISSION_LEASE_PATH}`;
  return {
    async take(): Promise<LeaseAnswer> {
      const response = await fetchImpl(address, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ holder }),
      });
      if (response.status === 404) return { held: true };
      const body = (await response.json().catch(() => ({}))) as { since?: unknown };
      if (response.ok) return { held: true };
      if (response.status === 409)
        return { held: false, since: typeof body.since === "string" ? body.since : new Date().toISOString() };
      throw new Error(`The submission lease could not be taken (HTTP ${response.status})`);
    },
    async release(): Promise<void> {
      await fetchImpl(`${address}?holder=${encodeURIComponent(holder)}`, { method: "DELETE", headers: { ...headers } });
    },
  };
}
