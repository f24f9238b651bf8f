import { mkdir, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { catalogueVocabulary, type CatalogueSnapshot } from "../core/catalogue";
import { ISSUE_LABELS } from "../core/issue-labels";
import { issuePlace, type Issue } from "../core/issues";
import { countOf, formatCount, pluralise } from "../core/plural";
import { missingRequiredFields, type SheetMapping } from "../core/mapping";
import { rowsForEvidence } from "../core/mapping/column-evidence";
import type { JobPayload } from "../core/resolve";
import { problemSheetData } from "../core/result-sheet-data";
import type { ResultSheetData } from "../core/result-sheet-data";
import { writeResults } from "../sheet/write/write-results";
import type { SheetAsRead } from "../sheet/write/xlsx/order-sheet-rewrite";
import { createImportEngine, type ImportEngine } from "../engine/import-engine";
import type { EngineSummary, JobView } from "../engine/views";
import { JOB_STATE_TEXT } from "../engine/job-state-text";
import type { SubmissionPlan } from "../core/batch-plan";
import type { SheetRow } from "../core/sheet-model";
import {
  combineSheets,
  filesOfOrders,
  orderNumbersOfEachFile,
  planOfFiles,
  resultSheetDataOfFile,
  rowsOfPlan,
  sourceIssue,
  type SourceFile,
  type SourceIssue,
} from "../core/source-files";
import { createVendorGateway } from "../engine/vendor-gateway";
import { artworkCheckerFor, type ArtworkSettings } from "./artwork-checker";
import { loadCatalogueOf } from "./catalogue-of";
import {
  choiceForHeaders,
  chooseMapping,
  mapNamingNoFile,
  NO_MAPPING_CHOICE,
  unmatchedFieldsText,
  type MappingChoice,
} from "./column-maps";
import { openSheetFile } from "./open-sheet-file";
import { throttled } from "./progress-line";
import type { SheetFile } from "./read-sheet-file";
import type { VendorConnection } from "./vendor-connection";

export interface CheckOptions {
  /** Where to write the problem sheet (the customer's own file with a result per row). */
  readonly outPath?: string | undefined;
  /** Write a CSV result in UTF-8 when the file's own encoding cannot hold a result. */
  readonly utf8?: boolean | undefined;
  readonly sheet?: string | undefined;
  readonly headerRow?: number | undefined;
  readonly eachRowOwnJob: boolean;
  /** In a sheet giving each order's number on its first row only, the number above for the rows below it (on). */
  readonly fillDown?: boolean | undefined;
  /** Dry-run each job with the vendor's validateOnly (on unless turned off). */
  readonly validate: boolean;
  /** Fetch each artwork link to see what it gives (on unless turned off, for working offline). */
  readonly checkArtwork?: boolean | undefined;
  /** What the test and demo settings allow the artwork check (see artwork-checker.ts). */
  readonly artworkSettings?: ArtworkSettings | undefined;
  readonly onProgress?: (message: string) => void;
  /** `--template` and `--map`: laid over the suggested mapping. */
  readonly mappingChoice?: MappingChoice | undefined;
  /** Says what the user should know about the mapping chosen (a template's headers the sheet lacks). */
  readonly onNote?: (message: string) => void;
  /** Stops loading the catalogue (Ctrl+C). */
  readonly signal?: AbortSignal | undefined;
}

export interface CheckReport {
  readonly file: string;
  readonly sheet: string;
  readonly headerRowNumber: number;
  readonly connection: string;
  readonly account: { readonly id: number; readonly name: string | null | undefined; readonly currency: string };
  /** Several files: each with its own sheet, header row, rows and mapping (`mapping` is then the session's). */
  readonly files?: readonly {
    readonly file: string;
    readonly sheet: string;
    readonly headerRowNumber: number;
    readonly rows: number;
    readonly mapping: SheetMapping;
  }[];
  readonly mapping: SheetMapping;
  readonly summary: EngineSummary;
  /** Each job; with several files, each names the file (or files) its rows are in. */
  readonly jobs: readonly (JobView & { readonly file?: string })[];
  /** Each issue; with several files, with its file and its row number and column there. */
  readonly issues: readonly SourceIssue[];
  readonly payloads: readonly JobPayload[];
  /** Rows given the order number above them (a sheet naming each order on its first row only). */
  readonly orderNumbersFromAbove: number;
  /** Order numbers found in more than one file: held back, never merged. */
  readonly conflicts: readonly string[];
}

export type CheckOutcome =
  | {
      readonly ok: true;
      readonly report: CheckReport;
      /** The session, for a submission that follows the check. */
      readonly engine: ImportEngine;
      readonly snapshot: CatalogueSnapshot;
      /** The first file's bytes (the only file's, for one). */
      readonly bytes: Uint8Array;
      /** Each file as read and mapped, in the order given. */
      readonly files: readonly CheckedFile[];
      /** Each file's name and headers, for telling the session's rows and messages in the files' words. */
      readonly sources: readonly SourceFile[];
      /** What a submission sends now, in the files' words, an order number found in several files held back. */
      readonly plan: () => ReturnType<typeof planOfFiles>;
      /** Order numbers found in several files, with their session rows: never sent. */
      readonly conflicts: ReadonlyMap<string, readonly number[]>;
    }
  | {
      readonly ok: false;
      /** `usage`: a `--map` or `--template` that does not fit the sheet or the catalogue. */
      readonly reason: "unreadable" | "unmapped" | "usage" | "vendor";
      readonly message: string;
    };

/**
 * In a sheet that gives each order's number on its first row only, the number above for every row lacking one, as the
 * page offers it in one step; said, with how to refuse it. How many rows took it.
 */
async function fillOrderNumbers(engine: ImportEngine, options: CheckOptions): Promise<number> {
  const rows = engine.summary().rowsTakingOrderNumberAbove;
  if (rows === 0 || options.fillDown === false) return 0;
  await engine.fillOrderNumbersFromAbove();
  options.onNote?.(
    `${countOf(rows, "row has", "rows have")} no order number, as in a sheet that gives each order's number on ` +
      "its first row only: the number above is used (--no-fill-down to leave them blank).",
  );
  return rows;
}

/** One file of a check as it was read and mapped on its own. */
export interface CheckedFile {
  readonly path: string;
  /** Its name, as messages name it. */
  readonly name: string;
  readonly sheetName: string;
  readonly headerRowNumber: number;
  readonly headers: readonly string[];
  readonly mapping: SheetMapping;
  readonly bytes: Uint8Array;
  /** A workbook's order sheet's rightmost column holding a value, as read: results are written back beside it. */
  readonly lastColumnRead: number | undefined;
  /** Its order rows: how many, and the first and last of their row numbers in the file. */
  readonly rowCount: number;
  readonly firstRowNumber: number | undefined;
  readonly lastRowNumber: number | undefined;
}

type FileRead =
  | { readonly ok: true; readonly file: CheckedFile; readonly rows: readonly SheetRow[] }
  | Extract<CheckOutcome, { ok: false }>;

/** Opens and maps one file on its own (its own headers and mapping; the parts of --map and --template it has). */
async function readAndMap(
  sheetFile: SheetFile,
  vocabulary: ReturnType<typeof catalogueVocabulary>,
  options: CheckOptions,
  isOnlyFile: boolean,
): Promise<FileRead> {
  const opened = await openSheetFile(sheetFile, { sheet: options.sheet, headerRow: options.headerRow, vocabulary });
  const name = basename(sheetFile.path);
  if (!opened.ok)
    return { ok: false, reason: "unreadable", message: isOnlyFile ? opened.message : `${name}: ${opened.message}` };
  const { session, bytes } = opened;
  const { sheetName, headers, headerRowNumber, rowCount } = opened.preview;
  // The suggestion looks at the values of the first few hundred rows, as the page's does.
  const rowAt = (i: number) => session.rows(sheetName, headerRowNumber, i, 1)[0] ?? { rowNumber: 0, cells: [] };
  const sampleRows = rowsForEvidence(rowAt, rowCount);
  const choice = choiceForHeaders(options.mappingChoice ?? NO_MAPPING_CHOICE, headers, isOnlyFile);
  const chosen = chooseMapping({ sheetName, headers, vocabulary, sampleRows }, choice);
  if (!chosen.ok) return { ok: false, reason: "usage", message: chosen.message };
  for (const note of chosen.notes) options.onNote?.(isOnlyFile ? note : `${name}: ${note}`);
  const { mapping } = chosen;
  const missing = missingRequiredFields(mapping);
  if (missing.length > 0) {
    const text = unmatchedFieldsText(sheetName, missing, headers);
    return { ok: false, reason: "unmapped", message: isOnlyFile ? text : `${name}: ${text}` };
  }
  const rows = session.rows(sheetName, headerRowNumber, 0, rowCount);
  return {
    ok: true,
    rows,
    file: {
      path: sheetFile.path,
      name,
      sheetName,
      headerRowNumber,
      headers,
      mapping,
      bytes,
      lastColumnRead: opened.preview.lastColumn,
      rowCount: rows.length,
      firstRowNumber: rows[0]?.rowNumber,
      lastRowNumber: rows.at(-1)?.rowNumber,
    },
  };
}

/** Reads, maps, resolves and (unless told not to) dry-runs a sheet: the page's check, from Node. */
export function checkFile(
  sheetFile: SheetFile,
  vendor: VendorConnection,
  options: CheckOptions,
): Promise<CheckOutcome> {
  return checkFiles([sheetFile], vendor, options);
}

/**
 * Reads and maps each file on its own, then resolves their rows as one session and (unless told not to) dry-runs its
 * jobs: one review of several sheets. Each row keeps its file and its row number there (see `core/source-files.ts`);
 * an order number found in two files is held back as a conflict, never merged into one job.
 */
export async function checkFiles(
  sheetFiles: readonly SheetFile[],
  vendor: VendorConnection,
  options: CheckOptions,
): Promise<CheckOutcome> {
  const progress = options.onProgress ?? (() => undefined);
  const catalogue = await loadCatalogueOf(vendor, options.onProgress, options.signal);
  if (!catalogue.ok) return { ok: false, reason: "vendor", message: catalogue.message };
  const { snapshot } = catalogue;
  const vocabulary = catalogueVocabulary(snapshot);
  const isOnlyFile = sheetFiles.length === 1;
  const read: Extract<FileRead, { ok: true }>[] = [];
  for (const sheetFile of sheetFiles) {
    const one = await readAndMap(sheetFile, vocabulary, options, isOnlyFile);
    if (!one.ok) return one;
    read.push(one);
  }
  const files = read.map((r) => r.file);
  if (!isOnlyFile) {
    const wrong = mapNamingNoFile(options.mappingChoice ?? NO_MAPPING_CHOICE, files);
    if (wrong !== undefined) return { ok: false, reason: "usage", message: wrong };
  }
  const combined = combineSheets(read.map((r) => ({ ...r.file, rows: r.rows })));
  const rowCount = combined.rows.length;
  progress(`Checking ${countOf(rowCount, "row", "rows")}${isOnlyFile ? "" : ` of ${files.length} files`}`);
  const checkArtwork =
    options.checkArtwork === false ? {} : { checkArtwork: artworkCheckerFor(vendor, options.artworkSettings) };
  const engine = createImportEngine(createVendorGateway(vendor.client, { sleep: vendor.sleep, ...checkArtwork }));
  await engine.start({
    headers: combined.headers,
    rows: combined.rows,
    mapping: combined.mapping,
    snapshot,
    options: { eachRowOwnJob: options.eachRowOwnJob, ...(isOnlyFile ? {} : { fileNames: files.map((f) => f.name) }) },
    locale: "en-NZ",
  });
  const orderNumbersFromAbove = await fillOrderNumbers(engine, options);
  if (options.validate) {
    progress(
      checkArtwork.checkArtwork
        ? "Checking the artwork links, then dry-running the jobs with the vendor (validateOnly)"
        : "Dry-running the jobs with the vendor (validateOnly)",
    );
    const meter = throttled(options.onProgress);
    await engine.validate((done, total, what) => meter(done, total, what === "artwork" ? "Artwork links" : "Dry runs"));
  }
  const sources = combined.files;
  const plan = () => planOfFiles(sources, engine.submissionPlan());
  const { conflicts } = plan();
  if (options.outPath) {
    const data = problemSheetData({ headerRowNumber: files[0]?.headerRowNumber ?? 1 }, plan().plan, []);
    const refused = await writeResultFiles(options.outPath, files, sources, data, {
      utf8: options.utf8,
      kind: "problems",
      orderNumbersOf: (index) => orderNumbersOfFile(plan().plan, index),
    });
    if (refused) return { ok: false, reason: "unreadable", message: refused };
  }
  const orderFiles = filesOfOrders(plan().plan);
  const issues = engine.issues().map((issue) => sourceIssue(sources, issue, orderFiles));
  const summary = engine.summary();
  const [first] = files;
  return {
    ok: true,
    engine,
    snapshot,
    bytes: first?.bytes ?? new Uint8Array(),
    files,
    sources,
    plan,
    conflicts,
    report: {
      file: files.map((f) => f.name).join(", "),
      sheet: files.map((f) => f.sheetName).join(", "),
      headerRowNumber: first?.headerRowNumber ?? 1,
      ...(isOnlyFile
        ? {}
        : {
            files: files.map((f) => ({
              file: f.name,
              sheet: f.sheetName,
              headerRowNumber: f.headerRowNumber,
              rows: f.rowCount,
              mapping: f.mapping,
            })),
          }),
      connection: vendor.connection.name,
      account: { id: snapshot.account.id, name: snapshot.account.name, currency: snapshot.account.currency },
      mapping: combined.mapping,
      summary,
      jobs: engine.jobs().map((job) => {
        const of = orderFiles.get(job.orderNumber) ?? [];
        return isOnlyFile ? job : { ...job, file: of.map((i) => sources[i]?.name ?? "").join(", ") };
      }),
      issues,
      payloads: engine.payloads(),
      orderNumbersFromAbove,
      conflicts: [...conflicts.keys()],
    },
  };
}

/** The order numbers whose rows are in one file (its index among the files given). */
export function orderNumbersOfFile(plan: SubmissionPlan, index: number): Set<string> {
  return orderNumbersOfEachFile(rowsOfPlan(plan), index + 1)[index] ?? new Set();
}

/** "clubA.csv" → "clubA.results.csv": a file's result (or problem) sheet, named after it, in the --out folder. */
export function resultNameIn(folder: string, fileName: string, kind: "results" | "problems", extension: string) {
  const dot = fileName.lastIndexOf(".");
  return join(folder, `${dot > 0 ? fileName.slice(0, dot) : fileName}.${kind}.${extension}`);
}

/**
 * Writes the result (or problem) sheet: into a copy of the customer's file at `outPath` for one file, or, for several,
 * one per file into the folder `outPath`, each named after its file. Answers why it could not, when it could not.
 */
export async function writeResultFiles(
  outPath: string,
  files: readonly CheckedFile[],
  sources: readonly SourceFile[],
  data: ResultSheetData,
  options: {
    readonly utf8: boolean | undefined;
    readonly kind: "results" | "problems";
    readonly orderNumbersOf: (index: number) => ReadonlySet<string>;
  },
): Promise<string | undefined> {
  const [only] = files;
  if (files.length === 1 && only) return writeResultFile(outPath, only, data, options.utf8);
  await mkdir(outPath, { recursive: true });
  for (const [index, file] of files.entries()) {
    const own = resultSheetDataOfFile(sources, data, {
      index,
      headerRowNumber: file.headerRowNumber,
      orderNumbers: options.orderNumbersOf(index),
    });
    const written = await writeResults(file.bytes, file.name, file.sheetName, own, {
      utf8: options.utf8 === true,
      kind: options.kind,
      asRead: asReadOf(file),
    });
    if (!written.ok) return written.reason === "unrepresentable" ? `${written.message} (add --utf8)` : written.message;
    const extension = written.fileName.split(".").pop() ?? "csv";
    await writeFile(resultNameIn(outPath, file.name, options.kind, extension), written.bytes);
  }
  return undefined;
}

/** What reading a workbook found of its order sheet, which writing back into it starts on. */
const asReadOf = (file: Pick<CheckedFile, "lastColumnRead">): SheetAsRead | undefined =>
  file.lastColumnRead === undefined ? undefined : { lastColumn: file.lastColumnRead };

/**
 * Writes a result (or problem) sheet into a copy of the customer's file at `outPath`; answers
 * why it could not, when it could not. The format follows the input file.
 */
export async function writeResultFile(
  outPath: string,
  file: Pick<CheckedFile, "bytes" | "name" | "sheetName" | "lastColumnRead">,
  data: ResultSheetData,
  utf8: boolean | undefined,
): Promise<string | undefined> {
  const written = await writeResults(file.bytes, file.name, file.sheetName, data, {
    utf8: utf8 === true,
    asRead: asReadOf(file),
  });
  if (!written.ok) return written.reason === "unrepresentable" ? `${written.message} (add --utf8)` : written.message;
  await writeFile(outPath, written.bytes);
  return undefined;
}

/**
 * Issues as columns: severity, where (row and column, or order), what kind in words, then the message and any
 * suggestion. The codes are for `--json`.
 */
function issueLines(issues: readonly Issue[]): string[] {
  const places = issues.map(issuePlace);
  // Measured with a loop: a sheet's issues are too many to spread into Math.max.
  const widest = (texts: readonly string[]) => texts.reduce((width, text) => Math.max(width, text.length), 0);
  const placeWidth = widest(places);
  const labelWidth = widest(issues.map((issue) => ISSUE_LABELS[issue.code]));
  return issues.map(
    (issue, i) =>
      `  ${issue.severity.padEnd(7)} ${(places[i] ?? "").padEnd(placeWidth)}` +
      `  ${ISSUE_LABELS[issue.code].padEnd(labelWidth)}` +
      `  ${issue.message}${issue.suggestion ? ` (suggestion: ${issue.suggestion})` : ""}`,
  );
}

/** The report as text: the jobs with their estimates, then every issue with its row and severity. */
export function checkText(report: CheckReport): string {
  const { summary } = report;
  const attention = summary.jobs.blocked + summary.jobs.rejected + summary.jobs.pending + summary.jobs.unverified;
  const lines = [
    ...(report.files
      ? [
          `${countOf(report.files.length, "file", "files")} for ${report.account.name ?? report.connection} ` +
            `in ${report.account.currency}:`,
          ...report.files.map(
            (f) =>
              `  ${f.file}, sheet "${f.sheet}" (header on row ${f.headerRowNumber}), ${countOf(f.rows, "row", "rows")}`,
          ),
        ]
      : [
          `${report.file}, sheet "${report.sheet}" (header on row ${report.headerRowNumber}), ` +
            `for ${report.account.name ?? report.connection} in ${report.account.currency}`,
        ]),
    `${countOf(summary.rows, "row", "rows")}, ${countOf(summary.jobs.total, "job", "jobs")}: ` +
      `${formatCount(summary.jobs.valid + summary.jobs.ready)} ready, ` +
      `${formatCount(attention)} ${pluralise(attention, "needs", "need")} attention` +
      `${summary.jobs.existing > 0 ? `, ${formatCount(summary.jobs.existing)} already at the vendor` : ""}; ` +
      `${countOf(summary.issues.error, "error", "errors")}, ` +
      `${countOf(summary.issues.warning, "warning", "warnings")}, ${countOf(summary.issues.info, "note", "notes")}.`,
    `Estimated total ${summary.estimate.text} (from the account's tier prices; an estimate, not an invoice).`,
    "",
    "Jobs:",
    ...report.jobs.map(
      (job) =>
        `  ${job.orderNumber.padEnd(14)} ${JOB_STATE_TEXT[job.state].padEnd(38)} ${String(job.lineCount).padStart(4)}` +
        ` ${job.lineCount === 1 ? "line " : "lines"}  due ${job.dateDue ?? "—"}  ${job.estimateText.padStart(12)}` +
        (job.file === undefined ? "" : `  ${job.file}`),
    ),
  ];
  if (report.issues.length > 0) lines.push("", "Issues:", ...issueLines(report.issues));
  if (report.conflicts.length > 0)
    lines.push(
      "",
      `Order numbers found in more than one file, not sent: ${report.conflicts.join(", ")}; ` +
        "give one file's order another number.",
    );
  if (summary.unavailableFacts.length > 0)
    lines.push("", `The vendor could not answer: ${summary.unavailableFacts.join("; ")}`);
  return `${lines.join("\n")}\n`;
}
