import { ConfigError } from "./proxy/connections";
import { simulatorOptionsFromEnv } from "./simulator/env-options";
import { startSimulator, TOKEN_LIFETIME_SECONDS } from "./simulator/simulator";

/** `npm run sim`: the vendor simulator alone, on SIM_PORT (default 8090). */
async function main(): Promise<void> {
  const port = Number(process.env["SIM_PORT"] ?? "8090");
  const running = await startSimulator({ port, ...simulatorOptionsFromEnv(process.env) });
  const lines = [`Vendor simulator on ${running.origin} (tokens last ${TOKEN_LIFETIME_SECONDS / 60} minutes)`, ""];
  for (const c of running.simulator.connectionDetails(running.origin)) {
    lines.push(
      `${c.accountName} (${c.regionLabel}, account ${c.accountId}, ${c.isAdministrator ? "administrator" : "plain user"})`,
      `  base address   ${c.baseUrl}`,
      `  token address  ${c.authUrl}/realms/${c.realm}/protocol/openid-connect/token`,
      `  realm ${c.realm}  client id ${c.clientId}  secret ${c.clientSecret}`,
      "",
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? "Configuration error" : "Could not start"}: ${(error as Error).message}\n`);
  process.exit(1);
});
