import { parseArgs } from "./args";
import { inspectFile, reportJson, reportText } from "./inspect";

const USAGE = `Usage:
  npm run cli -- inspect <file> [--sheet NAME] [--header-row N] [--rows N] [--json]

inspect   reads an order sheet (CSV or XLSX) as the app does and prints its sheets, the
          header row found, the suggested column mapping with confidences and the first
          rows as typed values. Exits 1 when the file cannot be read, 2 on a usage error.
`;

/** Runs one command; returns the exit code. Output goes to the given writers (tests read them). */
export async function runCli(argv: readonly string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  const { command, positional, options } = parseArgs(argv);
  if (command === undefined || options.has("help") || command === "help") {
    out(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command !== "inspect") {
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
