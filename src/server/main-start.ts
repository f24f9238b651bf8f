import { fileURLToPath } from "node:url";
import { startAppServer, readServerSettings } from "./app-server";
import { loadConnections } from "./proxy/connections";
import { runMain } from "./run-main";
import { simulatorOptionsFromEnv } from "./simulator/env-options";

/** `npm start`: the built app, the token proxy and, without credentials, the embedded simulator. */
runMain(async () => {
  const settings = readServerSettings(process.env);
  const connections = loadConnections(process.env);
  const simulatorOptions = simulatorOptionsFromEnv(process.env);
  const running = await startAppServer({
    settings,
    connections,
    distDir: fileURLToPath(new URL("../../dist", import.meta.url)),
    simulatorOptions,
  });
  const clock =
    simulatorOptions.startAt === undefined
      ? ""
      : `, its clock starting at ${new Date(simulatorOptions.startAt).toISOString()}`;
  const mode = running.simulator
    ? `embedded simulator at ${running.simulator.origin} (no credentials configured${clock})`
    : `${connections.length} configured connection(s)`;
  process.stdout.write(
    `Bulk order importer: ${running.url}\n` +
      `Connections: ${running.connections.map((c) => c.name).join(", ")} via ${mode}\n`,
  );
  return running;
});
