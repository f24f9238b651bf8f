import { writeFile } from "node:fs/promises";
import { basename } from "node:path";
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
import { createImportEngine, type ImportEngine } from "../engine/import-engine";
import type { EngineSummary, JobView } from "../engine/views";
import { JOB_STATE_TEXT } from "../engine/job-state-text";
import type { SheetSession } from "../sheet/worker-api";
import { createVendorGateway } from "../engine/vendor-gateway";
import { loadCatalogueOf } from "./catalogue-of";
import { chooseMapping, NO_MAPPING_CHOICE, unmatchedFieldsText, type MappingChoice } from "./column-maps";
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
  /** Dry-run each job with the vendor's validateOnly (on unless turned off). */
  readonly validate: boolean;
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
  readonly mapping: SheetMapping;
  readonly summary: EngineSummary;
  readonly jobs: readonly JobView[];
  readonly issues: readonly Issue[];
  readonly payloads: readonly JobPayload[];
}

export type CheckOutcome =
  | {
      readonly ok: true;
      readonly report: CheckReport;
      /** The session, for a submission that follows the check. */
      readonly engine: ImportEngine;
      readonly snapshot: CatalogueSnapshot;
      readonly sheet: SheetSession;
      readonly bytes: Uint8Array;
    }
  | {
      readonly ok: false;
      /** `usage`: a `--map` or `--template` that does not fit the sheet or the catalogue. */
      readonly reason: "unreadable" | "unmapped" | "usage" | "vendor";
      readonly message: string;
    };

/** Reads, maps, resolves and (unless told not to) dry-runs a sheet: the page's check, from Node. */
export async function checkFile(
  sheetFile: SheetFile,
  vendor: VendorConnection,
  options: CheckOptions,
): Promise<CheckOutcome> {
  const progress = options.onProgress ?? (() => undefined);
  const catalogue = await loadCatalogueOf(vendor, options.onProgress, options.signal);
  if (!catalogue.ok) return { ok: false, reason: "vendor", message: catalogue.message };
  const { snapshot } = catalogue;
  const vocabulary = catalogueVocabulary(snapshot);
  const opened = await openSheetFile(sheetFile, { sheet: options.sheet, headerRow: options.headerRow, vocabulary });
  if (!opened.ok) return { ok: false, reason: "unreadable", message: opened.message };
  const { session, bytes } = opened;
  const { sheetName, headers, headerRowNumber, rowCount } = opened.preview;
  // The suggestion looks at the values of the first few hundred rows, as the page's does.
  const rowAt = (i: number) => session.rows(sheetName, headerRowNumber, i, 1)[0] ?? { rowNumber: 0, cells: [] };
  const sampleRows = rowsForEvidence(rowAt, rowCount);
  const chosen = chooseMapping(
    { sheetName, headers, vocabulary, sampleRows },
    options.mappingChoice ?? NO_MAPPING_CHOICE,
  );
  if (!chosen.ok) return { ok: false, reason: "usage", message: chosen.message };
  for (const note of chosen.notes) options.onNote?.(note);
  const { mapping } = chosen;
  const missing = missingRequiredFields(mapping);
  if (missing.length > 0)
    return { ok: false, reason: "unmapped", message: unmatchedFieldsText(sheetName, missing, headers) };

  progress(`Checking ${countOf(rowCount, "row", "rows")}`);
  const engine = createImportEngine(createVendorGateway(vendor.client, { sleep: vendor.sleep }));
  await engine.start({
    headers,
    rows: session.rows(sheetName, headerRowNumber, 0, rowCount),
    mapping,
    snapshot,
    options: { eachRowOwnJob: options.eachRowOwnJob },
    locale: "en-NZ",
  });
  if (options.validate) {
    progress("Dry-running the jobs with the vendor (validateOnly)");
    const meter = throttled(options.onProgress);
    await engine.validate((done, total) => meter(done, total, "Dry runs"));
  }
  if (options.outPath) {
    const data = problemSheetData({ headerRowNumber }, engine.submissionPlan(), []);
    const refused = await writeResultFile(
      options.outPath,
      bytes,
      basename(sheetFile.path),
      sheetName,
      data,
      options.utf8,
    );
    if (refused) return { ok: false, reason: "unreadable", message: refused };
  }
  return {
    ok: true,
    engine,
    snapshot,
    sheet: session,
    bytes,
    report: {
      file: basename(sheetFile.path),
      sheet: sheetName,
      headerRowNumber,
      connection: vendor.connection.name,
      account: { id: snapshot.account.id, name: snapshot.account.name, currency: snapshot.account.currency },
      mapping,
      summary: engine.summary(),
      jobs: engine.jobs(),
      issues: engine.issues(),
      payloads: engine.payloads(),
    },
  };
}

/**
 * Writes a result (or problem) sheet into a copy of the customer's file at `outPath`; answers
 * why it could not, when it could not. The format follows the input file.
 */
export async function writeResultFile(
  outPath: string,
  original: Uint8Array,
  fileName: string,
  sheetName: string,
  data: ResultSheetData,
  utf8: boolean | undefined,
): Promise<string | undefined> {
  const written = await writeResults(original, fileName, sheetName, data, { utf8: utf8 === true });
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
    `${report.file}, sheet "${report.sheet}" (header on row ${report.headerRowNumber}), ` +
      `for ${report.account.name ?? report.connection} in ${report.account.currency}`,
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
        ` ${job.lineCount === 1 ? "line " : "lines"}  due ${job.dateDue ?? "—"}  ${job.estimateText.padStart(12)}`,
    ),
  ];
  if (report.issues.length > 0) lines.push("", "Issues:", ...issueLines(report.issues));
  if (summary.unavailableFacts.length > 0)
    lines.push("", `The vendor could not answer: ${summary.unavailableFacts.join("; ")}`);
  return `${lines.join("\n")}\n`;
}
