import type { IncomingMessage, ServerResponse } from "node:http";
import { simulatorConnections } from "./app-server";
import { loadConnections } from "./proxy/connections";
import { createProxy } from "./proxy/proxy";
import { simulatorOptionsFromEnv } from "./simulator/env-options";
import { startSimulator } from "./simulator/simulator";

/** The proxy for Vite's dev server: configured connections, or the embedded simulator. */
export async function startDevProxy(env: Readonly<Record<string, string | undefined>>) {
  let connections = loadConnections(env);
  if (connections.length === 0) connections = simulatorConnections(await startSimulator(simulatorOptionsFromEnv(env)));
  const proxy = createProxy({ connections, accessKey: env["ACCESS_KEY"] || undefined });
  return (req: IncomingMessage, res: ServerResponse) => proxy.handle(req, res);
}
