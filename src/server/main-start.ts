import { fileURLToPath } from "node:url";
import { startAppServer, readServerSettings } from "./app-server";
import { ConfigError, loadConnections } from "./proxy/connections";
import { simulatorOptionsFromEnv } from "./simulator/env-options";

/** `npm start`: the built app, the token proxy and, without credentials, the embedded simulator. */
async function main(): Promise<void> {
  const settings = readServerSettings(process.env);
  const connections = loadConnections(process.env);
  const running = await startAppServer({
    settings,
    connections,
    distDir: fileURLToPath(new URL("../../dist", import.meta.url)),
    simulatorOptions: simulatorOptionsFromEnv(process.env),
  });
  const mode = running.simulator
    ? `embedded simulator at ${running.simulator.origin} (no credentials configured)`
    : `${connections.length} configured connection(s)`;
  process.stdout.write(`Bulk order importer: ${running.url}\nConnections: ${running.connections.map((c) => c.name).join(", ")} via ${mode}\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? "Configuration error" : "Could not start"}: ${(error as Error).message}\n`);
  process.exit(1);
});
