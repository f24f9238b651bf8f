/** `npm run cli -- …`: the command line over the same reader, mapper and engine as the app. */
import { runCli } from "./main";
import { terminalConfirm } from "./terminal-confirm";
import { terminalSafe } from "./terminal-text";
import { unexpectedFailureText } from "./unexpected-failure";
import { useZipCodecs } from "../sheet/zip/zip-codecs";
import { zlibCodecs } from "./zlib-codecs";

useZipCodecs(zlibCodecs);

// The first Ctrl+C stops sending after the orders in flight (they are written down); a second one quits at once.
const stop = new AbortController();
process.on("SIGINT", () => {
  if (stop.signal.aborted) process.exit(130);
  process.stderr.write("Stopping after the orders in flight (Ctrl+C again to quit at once)…\n");
  stop.abort();
});

// A reader that stops early (`| head`) closes standard output: the rest is not wanted, and the command finishes as it
// would.
process.stdout.on("error", () => undefined);

runCli(
  process.argv.slice(2),
  (text) => process.stdout.write(text),
  (text) => process.stderr.write(text),
  process.env,
  { signal: stop.signal, confirm: terminalConfirm(process.stdin, process.stderr) },
).then(
  (code) => {
    process.exitCode = code;
  },
  // runCli says its own failures; this is for one in writing them out.
  (error: unknown) => {
    process.stderr.write(terminalSafe(`Stopped on an unexpected failure: ${unexpectedFailureText(error)}.\n`));
    process.exitCode = 3;
  },
);
