import { runMain } from "./run-main";
import { simulatorOptionsFromEnv } from "./simulator/env-options";
import { startSimulator, TOKEN_LIFETIME_SECONDS } from "./simulator/simulator";

/** `npm run sim`: the vendor simulator alone, on SIM_PORT (default 8090). */
runMain(async () => {
  const port = Number(process.env["SIM_PORT"] ?? "8090");
  const options = simulatorOptionsFromEnv(process.env);
  const running = await startSimulator({ port, ...options });
  const clock = options.startAt === undefined ? "" : `; its clock starts at ${new Date(options.startAt).toISOString()}`;
  const lines = [
    `Vendor simulator on ${running.origin} (tokens last ${TOKEN_LIFETIME_SECONDS / 60} minutes${clock})`,
    "",
  ];
  for (const c of running.simulator.connectionDetails(running.origin)) {
    lines.push(
      `${c.accountName} (${c.regionLabel}, ` +
        `account ${c.accountId}, ${c.isAdministrator ? "administrator" : "plain user"})`,
      `  base address   ${c.baseUrl}`,
      `  token address  ${c.authUrl}/realms/${c.realm}/protocol/openid-connect/token`,
      `  realm ${c.realm}  client id ${c.clientId}  secret ${c.clientSecret}`,
      "",
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  return running;
});
