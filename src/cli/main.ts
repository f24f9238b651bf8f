import { ConfigError } from "../server/proxy/connections";
import { parseArgs } from "./args";
import { checkFile, checkText } from "./check";
import { inspectFile, reportJson, reportText } from "./inspect";
import { openVendorConnection } from "./vendor-connection";

const USAGE = `Usage:
  npm run cli -- inspect <file> [--sheet NAME] [--header-row N] [--rows N] [--json]
  npm run cli -- check <file> [--connection NAME] [--sheet NAME] [--header-row N]
                              [--each-row-own-job] [--no-validate] [--json]

inspect   reads an order sheet (CSV or XLSX) as the app does and prints its sheets, the
          header row found, the suggested column mapping with confidences and the first
          rows as typed values.
check     also loads the account's catalogue and resolves every row: it prints the jobs with
          their estimates and every issue with its row and severity, after a validateOnly
          dry run of each job. It reaches the vendor as the proxy does (CONNECTIONS_FILE or
          VENDOR_* settings); with none, the embedded simulator answers, and the connection
          defaults to its first ("demo").

Exit codes: 0 fine; 1 the sheet cannot be read, or has errors left; 2 usage error;
3 the vendor or the connection settings failed.
`;

/** Runs one command; returns the exit code. Output goes to the given writers (tests read them). */
export async function runCli(
  argv: readonly string[],
  out: (text: string) => void,
  err: (text: string) => void,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  const { command, positional, options } = parseArgs(argv);
  if (command === undefined || options.has("help") || command === "help") {
    out(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command !== "inspect" && command !== "check") {
    err(`Unknown command "${command}".\n${USAGE}`);
    return 2;
  }
  const [file] = positional;
  if (file === undefined) {
    err(`inspect needs a file.\n${USAGE}`);
    return 2;
  }
  const headerRow = options.get("header-row");
  const rows = options.get("rows");
  const sheet = options.get("sheet");
  if ((headerRow !== undefined && !/^[1-9]\d*$/.test(String(headerRow))) || (rows !== undefined && !/^\d+$/.test(String(rows)))) {
    err("--header-row and --rows take whole numbers.\n");
    return 2;
  }
  if (command === "check") {
    const connection = options.get("connection");
    let vendor;
    try {
      vendor = await openVendorConnection(env, typeof connection === "string" ? connection : undefined);
    } catch (error) {
      err(`${error instanceof ConfigError ? "Configuration error" : "Could not reach the vendor"}: ${(error as Error).message}\n`);
      return 3;
    }
    try {
      const outcome = await checkFile(file, vendor, {
        sheet: typeof sheet === "string" ? sheet : undefined,
        headerRow: headerRow === undefined ? undefined : Number(headerRow),
        eachRowOwnJob: options.has("each-row-own-job"),
        validate: !options.has("no-validate"),
        onProgress: options.has("json") ? undefined : (message) => err(`${message}…\n`),
      });
      if (!outcome.ok) {
        err(`${outcome.message}\n`);
        return outcome.reason === "vendor" ? 3 : 1;
      }
      out(options.has("json") ? `${JSON.stringify(outcome.report, null, 2)}\n` : checkText(outcome.report));
      return outcome.report.summary.issues.error > 0 ? 1 : 0;
    } finally {
      await vendor.close();
    }
  }
  const outcome = await inspectFile(file, {
    sheet: typeof sheet === "string" ? sheet : undefined,
    headerRow: headerRow === undefined ? undefined : Number(headerRow),
    rows: rows === undefined ? 5 : Number(rows),
  });
  if (!outcome.ok) {
    err(`${outcome.message}\n`);
    return 1;
  }
  out(options.has("json") ? `${JSON.stringify(reportJson(outcome.report), null, 2)}\n` : reportText(outcome.report));
  return 0;
}
