/** `npm run cli -- …`: the command line over the same reader, mapper and engine as the app. */
import { runCli } from "./main";

// The first Ctrl+C stops sending after the orders in flight (they are written down); a second one quits at once.
const stop = new AbortController();
process.on("SIGINT", () => {
  if (stop.signal.aborted) process.exit(130);
  process.stderr.write("Stopping after the orders in flight (Ctrl+C again to quit at once)…\n");
  stop.abort();
});

runCli(process.argv.slice(2), (text) => process.stdout.write(text), (text) => process.stderr.write(text), process.env, { signal: stop.signal }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Unexpected failure: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 70;
  },
);
