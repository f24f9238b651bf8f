import { createVendorClient, type VendorClient } from "../../src/api";
import { createAuthorisedFetch } from "../../src/server/proxy/authorised-fetch";
import { TokenSource } from "../../src/server/proxy/token-source";
import type { RunningSimulator, SimConnectionDetails } from "../../src/server/simulator/simulator";

export function simCredentials(sim: RunningSimulator, clientId: string): SimConnectionDetails {
  const details = sim.simulator.connectionDetails(sim.origin).find((c) => c.clientId === clientId);
  if (details === undefined) throw new Error(`No simulator credentials for ${clientId}`);
  return details;
}

/**
 * A client talking straight to the simulator through the proxy's own authorised fetch:
 * tokens come from the simulator's token service and are renewed by the simulator's own
 * clock, so a test may advance that clock by days.
 */
export function simClient(sim: RunningSimulator, clientId = "kiwi-team-print", retryDelayMs = 0): VendorClient {
  const details = simCredentials(sim, clientId);
  const authorised = createAuthorisedFetch(new TokenSource(details, { now: () => sim.simulator.clock.now() }));
  return createVendorClient({
    baseUrl: details.baseUrl,
    fetch: (input, init) => authorised(String(input), init),
    retryDelayMs,
  });
}
