import { createVendorClient, timerSleep, type Sleep, type VendorClient } from "../api";
import { simulatorConnections } from "../server/app-server";
import { createAuthorisedFetch } from "../server/proxy/authorised-fetch";
import { ConfigError, loadConnections, type Connection } from "../server/proxy/connections";
import { TokenSource } from "../server/proxy/token-source";
import { simulatorOptionsFromEnv } from "../server/simulator/env-options";
import { startSimulator } from "../server/simulator/simulator";

export interface VendorConnection {
  readonly connection: Connection;
  readonly client: VendorClient;
  /** True when no credentials were configured and the embedded simulator answers. */
  readonly simulated: boolean;
  /** How every pause before trying the vendor again is taken. */
  readonly sleep: Sleep;
  close(): Promise<void>;
}

/**
 * Reaches the vendor the way the proxy does: the same connection settings (CONNECTIONS_FILE
 * or VENDOR_*), client-credential tokens cached and renewed, one retry after a 401. With no
 * credentials configured, the embedded simulator is started in this process, with the same
 * SIM_* settings as the server's. Pauses before trying again are taken with `sleep` (a timer unless told).
 */
export async function openVendorConnection(
  env: Readonly<Record<string, string | undefined>>,
  name: string | undefined,
  sleep: Sleep = timerSleep,
): Promise<VendorConnection> {
  const configured = loadConnections(env);
  const simulatorOptions = simulatorOptionsFromEnv(env);
  const simulator = configured.length === 0 ? await startSimulator(simulatorOptions) : undefined;
  const connections = simulator ? simulatorConnections(simulator) : configured;
  const connection = connections.find((c) => c.name === (name ?? connections[0]?.name));
  if (connection === undefined) {
    await simulator?.close();
    throw new ConfigError(
      `No connection named "${name}"; the connections are ${connections.map((c) => c.name).join(", ")}.`,
    );
  }
  const authorised = createAuthorisedFetch(new TokenSource(connection));
  const client = createVendorClient({
    baseUrl: connection.baseUrl,
    fetch: (input, init) => authorised(String(input), init),
    sleep,
  });
  return { connection, client, simulated: simulator !== undefined, sleep, close: async () => simulator?.close() };
}
