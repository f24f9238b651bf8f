import type { Sleep } from "../../src/api";
import { runCli } from "../../src/cli/main";
import { startSimulator, type RunningSimulator } from "../../src/server/simulator/simulator";
import { simCredentials } from "./sim-client";
import { SIM_START } from "./sim-clock";
import { scratchFolder, type ScratchFolder } from "./submit-session";
import { useResource } from "./use-resource";

/**
 * The command line's settings for a test's simulator, as a customer's VENDOR_* settings would be; lock files in
 * `lockFolder`.
 */
export function vendorEnv(
  sim: RunningSimulator,
  lockFolder: string,
  clientId = "kiwi-team-print",
): Record<string, string> {
  const details = simCredentials(sim, clientId);
  return {
    VENDOR_CONNECTION_NAME: "demo",
    VENDOR_REGION: details.regionLabel,
    VENDOR_BASE_URL: details.baseUrl,
    VENDOR_AUTH_URL: details.authUrl,
    VENDOR_REALM: details.realm,
    VENDOR_CLIENT_ID: details.clientId,
    VENDOR_CLIENT_SECRET: details.clientSecret,
    SUBMIT_LOCK_DIR: lockFolder,
    // The simulator is the vendor: documentation-domain artwork links stand for its demo files, as with `npm start`.
    ARTWORK_DEMO_FILES: "true",
  };
}

/** Runs one command in-process and collects what it prints; pauses are taken with `sleep` when given. */
export async function runCommand(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  sleep?: Sleep,
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(
    args,
    (t) => (out += t),
    (t) => (err += t),
    env,
    sleep ? { sleep } : {},
  );
  return { code, out, err };
}

/**
 * A fresh simulator (its clock at SIM_START) and scratch folder for each test, closed after it, so no command sees
 * another test's jobs or lock files.
 */
export function useSimulatorAndFolder(): { readonly sim: RunningSimulator; readonly folder: ScratchFolder } {
  const sim = useResource(
    "each",
    "The simulator",
    () => startSimulator({ startAt: SIM_START }),
    (running) => running.close(),
  );
  const folder = useResource("each", "The scratch folder", scratchFolder, (made) => made.cleanup());
  return {
    get sim() {
      return sim.current;
    },
    get folder() {
      return folder.current;
    },
  };
}
