import { stat } from "node:fs/promises";
import { basename, extname } from "node:path";
import { describeProblem, type Sleep } from "../api";
import { ConfigError, loadConnections } from "../server/proxy/connections";
import { readCommandLine, type CommandLine } from "./args";
import { checkFiles, checkText, resultNameIn } from "./check";
import { checkFilesToWrite, checkWritableFile, type FileToWrite } from "./check-writable-file";
import { mapSyntaxProblem, readTemplateOption, type MappingChoice } from "./column-maps";
import { artworkCheckerFor, artworkSettingsOf } from "./artwork-checker";
import { inspectFile, reportJson, reportText } from "./inspect";
import { jobsText, listJobs } from "./jobs";
import { orderFormCommand } from "./order-form";
import { readSheetFile, type SheetFile } from "./read-sheet-file";
import { reorderSheetText, writeReorderSheet } from "./reorder-sheet";
import { submitFiles, submitText, type Confirm } from "./submit";
import { terminalSafe, terminalSafeJson } from "./terminal-text";
import { unexpectedFailureText } from "./unexpected-failure";
import { openVendorConnection, type VendorConnection } from "./vendor-connection";

const USAGE = `Usage:
  npm run cli -- inspect <file> [--sheet NAME] [--header-row N] [--rows N] [--json]
                                [--template NAME|FILE] [--map "Header=field"]... [--skip-artwork-check]
  npm run cli -- check <file>... [--connection NAME] [--sheet NAME] [--header-row N]
                                 [--template NAME|FILE] [--map "Header=field"]...
                                 [--each-row-own-job] [--no-fill-down] [--no-validate] [--out FILE|FOLDER]
                                 [--skip-artwork-check] [--utf8] [--json]
  npm run cli -- submit <file>... --connection NAME [--sheet NAME] [--header-row N]
                                  [--template NAME|FILE] [--map "Header=field"]...
                                  [--journal PATH] [--out RESULT|FOLDER] [--audit PATH] [--utf8]
                                  [--allow-existing] [--concurrency N] [--each-row-own-job] [--no-fill-down]
                                  [--skip-artwork-check] [--yes] [--json]
  npm run cli -- jobs --connection NAME [--order X] [--json]
  npm run cli -- reorder-sheet --connection NAME [--process CODE] [--search TEXT]
                               [--ordered-since YYYY-MM-DD] [--no-global] --out FILE.xlsx [--json]
  npm run cli -- order-form --connection NAME --out FILE.xlsx [--process CODE] [--stock CODE]... [--json]

inspect   reads an order sheet (CSV or XLSX) as the app does and prints its sheets, the
          header row found, the suggested column mapping with confidences, the first rows as
          typed values and what their artwork links give.
check     also loads the account's catalogue and resolves every row: it prints the jobs with
          their estimates and every issue with its row and severity, after a validateOnly
          dry run of each job. --out writes the problem sheet: the customer's own file
          (workbook or CSV, as it came) with each row's state and issues appended. \
It reaches the vendor as the proxy does (CONNECTIONS_FILE or
          VENDOR_* settings); with none, the embedded simulator answers, and the connection
          defaults to its first ("demo").
submit    checks the sheet, then creates every job the dry run accepted. Each order is
          written to the journal (default: <file>.journal.jsonl) before it is sent; orders
          the vendor already has are skipped unless --allow-existing (which never sends
          again one that this journal created); an unclear answer is looked up at the
          vendor, never sent again blindly. Before anything is created it prints what will be
          (jobs, lines, estimated total, due dates, delivery, the orders left out and why) and
          asks; --yes answers for scripts, and without a terminal submit needs --yes. Run it
          again with the same journal to continue after a stop, a crash or with
          --allow-existing, or to send orders the vendor could not check before: nothing is
          created twice. --out
          writes the result sheet into a copy of the customer's own file (a workbook gets
          Jobs and Audit sheets too), --audit the audit trail as JSON Lines; --json prints
          every row's outcome. --utf8 writes a CSV result in UTF-8 when its own encoding
          cannot hold a result. Ctrl+C stops after the orders in flight.
several files (check, submit)
          each file is read and mapped on its own (--map and --template apply to every
          file having the header they name); their rows make one review and one batch,
          every row named by its file and its own row number ("clubB.csv row 12"). An
          order number found in two files is an error, never merged into one job. --out
          then names a folder: each file's own sheet goes into it, named after the file
          (clubA.results.csv; check: clubA.problems.csv). The journal defaults to the
          first file's; run the same files in the same order to continue the batch.
artwork (check, submit)
          each artwork link is fetched (its first 64 KB, a few at a time, straight from this
          machine, never an address inside your network) before anything is sent: a share
          page (its file's own address offered), a login, no file, not artwork, too few
          pixels for the print and a signed link expiring before the due date are found on
          their rows. --skip-artwork-check works offline: links are then only read, not
          fetched (a share page is still found).
--no-fill-down (check, submit)
          a sheet that gives each order's number on its first row only has the number above
          used for the rows below it, and says so; --no-fill-down leaves those rows without
          one (each an error to fix).
--template NAME|FILE (inspect, check, submit)
          maps the columns with a mapping template instead of the suggestion: a JSON file
          as the README describes (the page's saved template); a NAME, not a path, is read
          from templates/NAME.json in the working folder.
--map "Header=field" (inspect, check, submit; repeatable)
          maps the column with that header (any case, accents aside) to a field by its id or
          label ("orderNumber", "Order number"), to size:LABEL (a size column of a wide
          layout), to a question of the catalogue by its name or label (or question:NAME),
          or to - (left unmapped); laid over the suggestion or the template. A header or
          field not known is a usage error naming the closest; inspect --json shows each
          column's evidence. For example:
            npm run cli -- check bestellungen.csv --map "Auftragsnr.=orderNumber" \\
              --map "Artikelcode=code" --map "Stückzahl=Quantity" --map "Stoff=Fabric"
jobs      lists the account's jobs (open and closed) with status, due date and tracking.
reorder-sheet
          writes a reorder campaign workbook of the account's designs (its own and global
          ones unless --no-global; archived ones never): instructions, one row per design
          with its picture link, last order, minimum and price per band, and blank columns
          for the quantity and delivery details that the importer maps by itself.
order-form
          writes a blank order form for a team order: instructions, an Orders sheet headed
          as the importer's fields and the prints' questions (one row per player for each
          item), and lists of the codes, colours, sizes, answers, delivery methods and
          countries. --process keeps one process's price codes, --stock (repeatable) some
          styles (a variant code: that colour only). An existing --out is never overwritten;
          an unknown process or stock code is a usage error.

Exit codes: 0 fine (every order without errors created or already there); 1 the sheet
cannot be read, has errors left, or the submission was not confirmed; 2 usage error (an
unknown option, named; a journal, --out or --audit path that cannot be written included: they
are checked before the vendor is asked anything; a --map or --template that does not fit the
sheet or the catalogue); 3 the vendor or the connection settings failed, or orders are left
unsettled (among them orders the vendor could not check).
`;

type Writer = (text: string) => void;

type Env = Readonly<Record<string, string | undefined>>;

export interface RunOptions {
  /** Ctrl+C: stops loading the catalogue, and sending after the orders in flight. */
  readonly signal?: AbortSignal | undefined;
  /** How pauses before trying the vendor again are taken (a timer unless told; tests record them). */
  readonly sleep?: Sleep | undefined;
  /** Asks before jobs are created; absent when there is no terminal to ask at (then submit needs --yes). */
  readonly confirm?: Confirm | undefined;
}

/**
 * Runs one command; returns the exit code. Output goes to the given writers (tests read them).
 * A failure nothing foresaw is said in one sentence, never as a stack: 1 for `inspect`, which
 * only reads, 3 for the commands that reach the vendor (something may be left unsettled).
 */
export async function runCli(
  argv: readonly string[],
  toOut: Writer,
  toErr: Writer,
  env: Env = process.env,
  options: RunOptions = {},
): Promise<number> {
  const read = readCommandLine(argv);
  if (!read.ok) {
    toErr(terminalSafe(`${read.message}\n${USAGE}`));
    return 2;
  }
  const { line } = read;
  // All output may quote a sheet's cells, its file and sheet names, or the vendor's words: what a
  // terminal would act on is shown, never acted on. JSON keeps every value exact.
  const isJson = line.options.has("json");
  const out: Writer = (text) => toOut(isJson ? terminalSafeJson(text) : terminalSafe(text));
  const err: Writer = (text) => toErr(terminalSafe(text));
  try {
    // The summary asked about quotes order numbers from the sheet, so it is made safe as all output is.
    const { confirm } = options;
    const safeConfirm: Confirm | undefined =
      confirm && ((summary, question) => confirm(summary.map(terminalSafe), terminalSafe(question)));
    return await runCommand(line, out, err, env, { ...options, confirm: safeConfirm });
  } catch (error) {
    const resume =
      line.command === "submit"
        ? ` Every order sent is written in the journal ${journalPathOf(line)}; run the same command again to continue.`
        : "";
    err(
      `${line.command ?? "The command"} stopped on an unexpected failure: ${unexpectedFailureText(error)}.${resume}\n`,
    );
    return line.command === "inspect" ? 1 : 3;
  }
}

/** Where `submit` keeps its journal: as told, or beside the sheet. */
function journalPathOf(line: CommandLine): string {
  return stringOption(line, "journal") ?? `${line.positional[0] ?? ""}.journal.jsonl`;
}

/** The files `check` (only its problem sheet) or `submit` will write, as the user named them. */
function filesToWrite(
  isSubmit: boolean,
  paths: { readonly journalPath: string; readonly outPath: string | undefined; readonly auditPath: string | undefined },
): FileToWrite[] {
  const files: FileToWrite[] = [];
  if (isSubmit) files.push({ path: paths.journalPath, what: "The journal", option: "--journal" });
  if (paths.outPath !== undefined)
    files.push({ path: paths.outPath, what: isSubmit ? "The result sheet" : "The problem sheet", option: "--out" });
  if (isSubmit && paths.auditPath !== undefined)
    files.push({ path: paths.auditPath, what: "The audit trail", option: "--audit" });
  return files;
}

/** What is wrong with a command line before anything is read or asked, in the user's words; none when nothing is. */
function usageProblem(line: CommandLine, env: Env, confirm: RunOptions["confirm"]): string | undefined {
  const { command, positional, options } = line;
  const headerRow = options.get("header-row");
  const rows = options.get("rows");
  const concurrency = options.get("concurrency");
  if (
    (headerRow !== undefined && !/^[1-9]\d*$/.test(String(headerRow))) ||
    (rows !== undefined && !/^\d+$/.test(String(rows))) ||
    (concurrency !== undefined && !/^([1-9]|1\d|20)$/.test(String(concurrency)))
  ) {
    return "--header-row and --rows take whole numbers, --concurrency a number from 1 to 20.";
  }
  if (command === "jobs" || command === "reorder-sheet" || command === "order-form") return undefined;
  if (positional.length === 0) return `${command} needs a file.\n${USAGE.trimEnd()}`;
  if (command === "inspect" && positional.length > 1)
    return `inspect reads one file at a time; check and submit take several.\n${USAGE.trimEnd()}`;
  if (command === "submit" && typeof options.get("connection") !== "string" && loadsConfiguredConnections(env))
    return "submit needs --connection NAME: jobs cost money, so say which account they are for.";
  if (command === "submit" && !options.has("yes") && confirm === undefined) {
    return (
      "submit creates jobs that cost money and asks before it does: " +
      "run it in a terminal, or add --yes to create them without asking."
    );
  }
  return undefined;
}

async function runCommand(line: CommandLine, out: Writer, err: Writer, env: Env, run: RunOptions): Promise<number> {
  const { command, options } = line;
  if (command === undefined || options.has("help") || command === "help") {
    out(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (!["inspect", "check", "submit", "jobs", "reorder-sheet", "order-form"].includes(command)) {
    err(`Unknown command "${command}".\n${USAGE}`);
    return 2;
  }
  const problem = usageProblem(line, env, run.confirm);
  if (problem !== undefined) {
    err(`${problem}\n`);
    return 2;
  }
  const withVendor: WithVendor = (work) => runWithVendor(line, env, err, run.sleep, work);
  if (command === "jobs") return withVendor((vendor) => jobsCommand(vendor, line, out, err));
  if (command === "reorder-sheet") return reorderSheetCommand(line, withVendor, out, err);
  if (command === "order-form") return orderFormCommand(line, withVendor, out, err);
  return sheetCommand(line, out, err, env, run, withVendor);
}

/** inspect, check and submit: the maps and files read first, where results go checked, then the command. */
async function sheetCommand(
  line: CommandLine,
  out: Writer,
  err: Writer,
  env: Env,
  { signal, confirm }: RunOptions,
  withVendor: WithVendor,
): Promise<number> {
  const { command, positional, options } = line;
  const headerRow = options.get("header-row");
  const rows = options.get("rows");
  const concurrency = options.get("concurrency");
  // --map and --template are read before the sheet: a mistake in them is said before anything else is done.
  const mappingChoice = await mappingChoiceOf(line);
  if (!mappingChoice.ok) {
    err(`${mappingChoice.message}\n`);
    return 2;
  }
  const mappingOptions = { mappingChoice: mappingChoice.choice, onNote: (note: string) => err(`${note}\n`) };
  const outPath = stringOption(line, "out");
  if (positional.length > 1 && outPath !== undefined) {
    const refusal = await outFolderRefusal(outPath, positional);
    if (refusal !== undefined) {
      err(`${refusal}\n${USAGE}`);
      return 2;
    }
  }
  // The files are read before anything else is done with them, the vendor reached least of all.
  const files: SheetFile[] = [];
  for (const each of positional) {
    const read = await readSheetFile(each);
    if (!read.ok) {
      err(`${read.message}\n`);
      return 1;
    }
    files.push(read.file);
  }
  const [file] = files;
  if (file === undefined) return 2;
  const artworkOptions = { checkArtwork: !options.has("skip-artwork-check"), artworkSettings: artworkSettingsOf(env) };
  const sheetChoice = {
    sheet: stringOption(line, "sheet"),
    headerRow: headerRow === undefined ? undefined : Number(headerRow),
  };
  if (command === "inspect") {
    // With no vendor configured, links stand for the embedded simulator's demo files, as check and submit read them.
    const simulated = (() => {
      try {
        return loadConnections(env).length === 0;
      } catch {
        return false;
      }
    })();
    const outcome = await inspectFile(file, {
      ...sheetChoice,
      rows: rows === undefined ? 5 : Number(rows),
      mappingChoice: mappingChoice.choice,
      ...(artworkOptions.checkArtwork
        ? { checkArtwork: artworkCheckerFor({ simulated }, artworkOptions.artworkSettings) }
        : {}),
    });
    if (!outcome.ok) {
      err(`${outcome.message}\n`);
      return outcome.usage ? 2 : 1;
    }
    out(options.has("json") ? `${JSON.stringify(reportJson(outcome.report), null, 2)}\n` : reportText(outcome.report));
    return 0;
  }
  const auditPath = stringOption(line, "audit");
  const journalPath = journalPathOf(line);
  // Where results go is checked before the vendor is asked anything: a wrong path must not cost the dry runs first.
  const toWrite = filesToWrite(command === "submit", {
    journalPath,
    outPath: positional.length > 1 ? undefined : outPath,
    auditPath,
  });
  if (positional.length > 1 && outPath !== undefined)
    toWrite.push(...resultFilesIn(outPath, positional, command === "submit" ? "results" : "problems"));
  for (const each of positional) {
    const refusal = await checkFilesToWrite(toWrite, each);
    if (refusal !== undefined) {
      err(`${refusal}\n`);
      return 2;
    }
  }
  const onProgress = options.has("json") ? undefined : (message: string) => err(`${message}…\n`);
  if (command === "check") {
    return withVendor(async (vendor) => {
      const outcome = await checkFiles(files, vendor, {
        ...sheetChoice,
        eachRowOwnJob: options.has("each-row-own-job"),
        fillDown: !options.has("no-fill-down"),
        validate: !options.has("no-validate"),
        ...artworkOptions,
        outPath,
        utf8: options.has("utf8"),
        onProgress,
        signal,
        ...mappingOptions,
      });
      if (!outcome.ok) {
        err(`${outcome.message}\n`);
        return outcome.reason === "vendor" ? 3 : outcome.reason === "usage" ? 2 : 1;
      }
      out(options.has("json") ? `${JSON.stringify(outcome.report, null, 2)}\n` : checkText(outcome.report));
      return outcome.report.summary.issues.error > 0 ? 1 : 0;
    });
  }
  return withVendor(async (vendor) => {
    const outcome = await submitFiles(files, vendor, {
      ...sheetChoice,
      eachRowOwnJob: options.has("each-row-own-job"),
      fillDown: !options.has("no-fill-down"),
      journalPath,
      outPath,
      auditPath,
      ...artworkOptions,
      utf8: options.has("utf8"),
      allowExisting: options.has("allow-existing"),
      concurrency: concurrency === undefined ? 4 : Number(concurrency),
      signal,
      lockFolder: env["SUBMIT_LOCK_DIR"],
      yes: options.has("yes"),
      confirm,
      onProgress,
      ...mappingOptions,
    });
    if (!outcome.ok) {
      err(`${outcome.message}\n`);
      return outcome.exitCode;
    }
    out(options.has("json") ? `${JSON.stringify(outcome.report, null, 2)}\n` : submitText(outcome.report));
    return outcome.exitCode;
  });
}

/** Sheet files' endings: an --out path ending so names a file, not a folder. */
const SHEET_ENDING = /\.(csv|tsv|txt|xlsx|xlsm)$/i;

/**
 * Why --out cannot be the folder the result sheets of several files go into, when it cannot: it must be a folder, or
 * a path not yet there that does not name a sheet file (it is then made).
 */
async function outFolderRefusal(outPath: string, inputs: readonly string[]): Promise<string | undefined> {
  const several = `With ${inputs.length} files, --out names a folder, into which each file's own sheet is written`;
  const example = `(${resultNameIn(outPath, basename(inputs[0] ?? "orders.csv"), "results", "csv")}, …)`;
  try {
    if ((await stat(outPath)).isDirectory()) return undefined;
    return `${several} ${example}; ${outPath} is a file. Give a folder with --out.`;
  } catch {
    return SHEET_ENDING.test(outPath)
      ? `${several} ${example}; ${outPath} names a file. Give a folder with --out.`
      : undefined;
  }
}

/** The sheets --out's folder will hold, one per file, each checked as a file to write (the extension is a guess). */
function resultFilesIn(outPath: string, inputs: readonly string[], kind: "results" | "problems"): FileToWrite[] {
  return inputs.map((input) => ({
    path: resultNameIn(
      outPath,
      basename(input),
      kind,
      /\.xls[xm]$/i.test(input) ? "xlsx" : extname(input).slice(1) || "csv",
    ),
    what: kind === "results" ? "The result sheet" : "The problem sheet",
    option: "--out",
  }));
}

function stringOption(line: CommandLine, name: string): string | undefined {
  const value = line.options.get(name);
  return typeof value === "string" ? value : undefined;
}

/** Every value of a repeatable option, in the order given. */
function listOption(line: CommandLine, name: string): readonly string[] {
  const value = line.options.get(name);
  return Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
}

/** `--template` read and `--map` checked for its form; what is wrong with either, when something is. */
async function mappingChoiceOf(
  line: CommandLine,
): Promise<{ readonly ok: true; readonly choice: MappingChoice } | { readonly ok: false; readonly message: string }> {
  const maps = listOption(line, "map");
  const wrong = mapSyntaxProblem(maps);
  if (wrong !== undefined) return { ok: false, message: wrong };
  const name = stringOption(line, "template");
  if (name === undefined) return { ok: true, choice: { maps } };
  const template = await readTemplateOption(name);
  return template.ok ? { ok: true, choice: { template, maps } } : template;
}

/** Whether real vendor connections are configured (then no account is assumed for money-spending commands). */
function loadsConfiguredConnections(env: Env): boolean {
  return Boolean(env["CONNECTIONS_FILE"] || env["VENDOR_CLIENT_ID"]);
}

type WithVendor = (run: (vendor: VendorConnection) => Promise<number>) => Promise<number>;

/** Opens the vendor connection a command names, runs it and closes the connection. */
async function runWithVendor(
  line: CommandLine,
  env: Env,
  err: Writer,
  sleep: Sleep | undefined,
  run: (vendor: VendorConnection) => Promise<number>,
): Promise<number> {
  let vendor: VendorConnection;
  try {
    vendor = await openVendorConnection(env, stringOption(line, "connection"), sleep);
  } catch (error) {
    err(
      `${error instanceof ConfigError ? "Configuration error" : "Could not reach the vendor"}: ` +
        `${(error as Error).message}\n`,
    );
    return 3;
  }
  try {
    return await run(vendor);
  } finally {
    await vendor.close();
  }
}

async function reorderSheetCommand(
  line: CommandLine,
  withVendor: WithVendor,
  out: Writer,
  err: Writer,
): Promise<number> {
  const outPath = stringOption(line, "out");
  const since = stringOption(line, "ordered-since");
  if (outPath === undefined || !/\.xlsx$/i.test(outPath)) {
    err("reorder-sheet needs --out FILE.xlsx: where to write the workbook.\n");
    return 2;
  }
  if (
    line.options.has("ordered-since") &&
    (since === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(Date.parse(since)))
  ) {
    err("--ordered-since takes a date as YYYY-MM-DD.\n");
    return 2;
  }
  const refusal = await checkWritableFile({ path: outPath, what: "The workbook", option: "--out" });
  if (refusal !== undefined) {
    err(`${refusal}\n`);
    return 2;
  }
  return withVendor(async (vendor) => {
    const outcome = await writeReorderSheet(vendor, {
      outPath,
      processCode: stringOption(line, "process"),
      search: stringOption(line, "search"),
      orderedSince: since,
      includeGlobal: !line.options.has("no-global"),
      onProgress: line.options.has("json") ? undefined : (message) => err(`${message}…\n`),
    });
    if (!outcome.ok) {
      err(`${outcome.message}\n`);
      return outcome.reason === "vendor" ? 3 : outcome.reason === "usage" ? 2 : 1;
    }
    out(line.options.has("json") ? `${JSON.stringify(outcome.report, null, 2)}\n` : reorderSheetText(outcome.report));
    return 0;
  });
}

async function jobsCommand(vendor: VendorConnection, line: CommandLine, out: Writer, err: Writer): Promise<number> {
  const jobs = await listJobs(vendor.client, stringOption(line, "order"));
  if (!jobs.ok) {
    err(`The vendor's job list could not be read: ${describeProblem(jobs.problem).join(" ")}\n`);
    return 3;
  }
  out(line.options.has("json") ? `${JSON.stringify(jobs.value, null, 2)}\n` : jobsText(jobs.value));
  return 0;
}
