/** `npm run cli -- …`: the command line over the same reader, mapper and engine as the app. */
import { runCli } from "./main";

runCli(process.argv.slice(2), (text) => process.stdout.write(text), (text) => process.stderr.write(text)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Unexpected failure: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 70;
  },
);
