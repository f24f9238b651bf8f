import { createVendorClient, type VendorClient } from "../../src/api";
import { TokenSource } from "../../src/server/proxy/token-source";
import type { RunningSimulator, SimConnectionDetails } from "../../src/server/simulator/simulator";

export function simCredentials(sim: RunningSimulator, clientId: string): SimConnectionDetails {
  const details = sim.simulator.connectionDetails(sim.origin).find((c) => c.clientId === clientId);
  if (details === undefined) throw new Error(`No simulator credentials for ${clientId}`);
  return details;
}

/**
 * A client talking straight to the simulator, as the proxy does upstream: tokens come from
 * the simulator's token service and are renewed by the simulator's own clock, so a test may
 * advance that clock by days.
 */
export function simClient(sim: RunningSimulator, clientId = "kiwi-team-print", retryDelayMs = 0): VendorClient {
  const details = simCredentials(sim, clientId);
  const tokens = new TokenSource(details, { now: () => sim.simulator.clock.now() });
  const withToken: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("Authorization", `Bearer ${await tokens.get()}`);
    return fetch(input, { ...init, headers });
  };
  return createVendorClient({ baseUrl: details.baseUrl, fetch: withToken, retryDelayMs });
}
