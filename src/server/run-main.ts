import { ConfigError } from "./proxy/connections";

/**
 * Runs a command-line entry point: a configuration error or failed start is one clear line
 * on stderr and exit code 1; SIGINT and SIGTERM close what was started before exiting.
 */
export function runMain(start: () => Promise<{ close(): Promise<void> }>): void {
  start()
    .then((running) => {
      const stop = () => void running.close().then(() => process.exit(0));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    })
    .catch((error: unknown) => {
      process.stderr.write(
        `${error instanceof ConfigError ? "Configuration error" : "Could not start"}: ${(error as Error).message}\n`,
      );
      process.exit(1);
    });
}
