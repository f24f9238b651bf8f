import { isFetchableLink, linkFindings, type ArtworkCheck, type ArtworkFinding } from "../core/artwork/artwork-check";
import { IMPORT_FIELDS } from "../core/fields";
import { isAbsoluteHttpUrl } from "../core/resolve";
import { countOf } from "../core/plural";
import { columnSamples, columnValues, missingRequiredFields, sizeLayout, type SheetMapping } from "../core/mapping";
import { isTotalsRow } from "../core/mapping/column-samples";
import { cellRawText, type CellValue, type SheetRow } from "../core/sheet-model";
import { csvDialectText } from "../sheet/read/csv/csv-dialect-text";
import { longHeaderNotes, type SheetPreview, type WorkbookSummary } from "../sheet/sheet-preview";
import { chooseMapping, NO_MAPPING_CHOICE, type MappingChoice, type MappingSource } from "./column-maps";
import { openSheetFile, type SheetChoice } from "./open-sheet-file";
import type { SheetFile } from "./read-sheet-file";

export interface InspectOptions extends SheetChoice {
  readonly rows: number;
  /** `--template` and `--map`: laid over the suggested mapping. */
  readonly mappingChoice?: MappingChoice | undefined;
  /** Fetches artwork links to say what they give; without it they are only read (a share page is still found). */
  readonly checkArtwork?: ((urls: readonly string[]) => Promise<ArtworkCheck[]>) | undefined;
}

/** What a row's artwork link is, among the rows shown. */
export interface ArtworkLinkReport {
  readonly rowNumber: number;
  readonly link: string;
  readonly check: ArtworkCheck | undefined;
  readonly findings: readonly ArtworkFinding[];
}

export interface InspectReport {
  readonly file: WorkbookSummary;
  readonly sheet: SheetPreview;
  /** The mapping the sheet would be checked with: the suggestion, or the template, and the `--map`s over it. */
  readonly mapping: SheetMapping;
  /** What the headers and first rows alone suggest: the mapping without `--template` and `--map`. */
  readonly suggestion: SheetMapping;
  /** Where each column's target came from. */
  readonly sources: readonly MappingSource[];
  /** The template applied, by its name, and the file it was read from. */
  readonly template: { readonly name: string; readonly path: string } | undefined;
  /** What to know about the template: headers it and the sheet do not share. */
  readonly notes: readonly string[];
  readonly missingRequired: readonly string[];
  readonly sizeLayout: string;
  readonly rows: readonly SheetRow[];
  /** The artwork links of the rows shown, each with what it was found to be. */
  readonly artwork: readonly ArtworkLinkReport[];
}

export type InspectOutcome =
  | { readonly ok: true; readonly report: InspectReport }
  /** `usage`: a `--map` or `--template` that does not fit the sheet. */
  | { readonly ok: false; readonly message: string; readonly usage?: true };

/** Reads a sheet with the same reader and mapper as the page. */
export async function inspectFile(sheetFile: SheetFile, options: InspectOptions): Promise<InspectOutcome> {
  const opened = await openSheetFile(sheetFile, options);
  if (!opened.ok) return opened;
  const { file, preview, session } = opened;
  const chosen = chooseMapping(
    {
      sheetName: preview.sheetName,
      headers: preview.headers,
      vocabulary: options.vocabulary,
      sampleRows: preview.sampleRows,
    },
    options.mappingChoice ?? NO_MAPPING_CHOICE,
  );
  if (!chosen.ok) return { ok: false, message: chosen.message, usage: true };
  const { mapping, suggestion, sources, notes } = chosen;
  const template = options.mappingChoice?.template;
  const rows = session.rows(preview.sheetName, preview.headerRowNumber, 0, options.rows);
  return {
    ok: true,
    report: {
      file,
      sheet: preview,
      mapping,
      suggestion,
      sources,
      template: template && { name: template.template.name, path: template.path },
      notes,
      missingRequired: missingRequiredFields(mapping),
      sizeLayout: sizeLayout(mapping),
      rows,
      artwork: await artworkOfRows(rows, mapping, options.checkArtwork),
    },
  };
}

/** The artwork links of some rows (in the column mapped to the artwork address), each checked when it can be. */
async function artworkOfRows(
  rows: readonly SheetRow[],
  mapping: SheetMapping,
  check: InspectOptions["checkArtwork"],
): Promise<ArtworkLinkReport[]> {
  const column = mapping.columns.find((c) => c.target?.kind === "field" && c.target.field === "artworkUrl")?.column;
  if (column === undefined) return [];
  const links = rows.flatMap((row) => {
    const link = cellRawText(row.cells[column] ?? null).trim();
    return link === "" ? [] : [{ rowNumber: row.rowNumber, link }];
  });
  const fetchable = [...new Set(links.map((l) => l.link).filter(isFetchableLink))];
  const checks = new Map((check && fetchable.length > 0 ? await check(fetchable) : []).map((c) => [c.url, c]));
  return links.map(({ rowNumber, link }) => {
    const found = checks.get(link);
    return { rowNumber, link, check: found, findings: isAbsoluteHttpUrl(link) ? linkFindings(link, found) : [] };
  });
}

/** A cell as JSON: dates as ISO strings with their type, so "typed values" survive printing. */
function typedCell(value: CellValue): unknown {
  return value instanceof Date ? { date: value.toISOString() } : value;
}

/**
 * Each column's mapping and its evidence: the target chosen with its confidence and reason,
 * where it came from, what the suggestion made of it (header and samples alone), and the
 * samples it saw (the first distinct values and whether they are numbers or words).
 */
function columnEvidence(report: InspectReport) {
  const { sampleRows } = report.sheet;
  // What the values are is told without totals rows, as the suggestion tells it.
  const dataRows = sampleRows.filter((row) => !isTotalsRow(row));
  return report.mapping.columns.map((assignment) => {
    const suggested = report.suggestion.columns[assignment.column];
    return {
      column: assignment.column,
      header: assignment.header,
      target: assignment.target,
      targetText: describeTarget(assignment.target),
      confidence: assignment.confidence,
      reason: assignment.reason,
      source: report.sources[assignment.column] ?? "suggestion",
      suggested: {
        target: suggested?.target ?? null,
        confidence: suggested?.confidence ?? 0,
        reason: suggested?.reason ?? null,
        valuesSay: suggested?.evidence ?? null,
      },
      samples: columnSamples(sampleRows, assignment.column),
      values: columnValues(dataRows, assignment.column),
    };
  });
}

export function reportJson(report: InspectReport): unknown {
  // The suggestion and the sources are in each column's evidence.
  const { suggestion: _suggestion, sources: _sources, ...shown } = report;
  return {
    ...shown,
    columns: columnEvidence(report),
    rows: report.rows.map((row) => ({
      rowNumber: row.rowNumber,
      cells: Object.fromEntries(report.sheet.headers.map((h, i) => [h, typedCell(row.cells[i] ?? null)])),
    })),
  };
}

function describeTarget(target: SheetMapping["columns"][number]["target"]): string {
  if (target === null) return "(kept as it is)";
  if (target.kind === "field") return IMPORT_FIELDS.find((f) => f.id === target.field)?.label ?? target.field;
  return target.kind === "size" ? `size ${target.size}` : `attribute "${target.attribute}"`;
}

function showCell(value: CellValue | undefined): string {
  if (value === null || value === undefined) return "·";
  if (value instanceof Date) return `date ${cellRawText(value)}`;
  if (typeof value === "string") return JSON.stringify(value);
  return `${typeof value} ${cellRawText(value)}`;
}

/** The report as text for a terminal. */
export function reportText(report: InspectReport): string {
  const { file, sheet, mapping } = report;
  const lines = [
    `${file.fileName}: ${file.format.toUpperCase()}${file.csv ? `, ${csvDialectText(file.csv)}` : ""}`,
    "",
    "Sheets:",
    ...file.sheets.map(
      (s) =>
        `  ${s.name === sheet.sheetName ? "*" : " "} ${s.name}${s.hidden ? " (hidden)" : ""}: ` +
        `${countOf(s.rowCount, "row", "rows")}${s.headerRowNumber ? `, header on row ${s.headerRowNumber}` : ""}, ` +
        `${countOf(s.knownHeaders, "known header", "known headers")}`,
    ),
    "",
    `Sheet "${sheet.sheetName}": header on row ${sheet.headerRowNumber}, ` +
      `${countOf(sheet.rowCount, "row", "rows")} below it` +
      `${sheet.hiddenRows.length ? `; hidden rows ${sheet.hiddenRows.join(", ")}` : ""}.`,
    ...longHeaderNotes(sheet),
    `Sizes: ${report.sizeLayout}.` +
      `${
        report.missingRequired.length
          ? ` Missing required: ${report.missingRequired.join(", ")}` +
            ` (name ${report.missingRequired.length === 1 ? "it" : "them"} with --map "<header>=FIELD").`
          : ""
      }`,
    ...(report.template ? [`Template: "${report.template.name}" (${report.template.path}).`] : []),
    ...report.notes,
    "",
    "Mapping:",
    ...mapping.columns.map(
      (c) =>
        `  ${c.header.padEnd(28)} ` +
        `→ ${describeTarget(c.target)}${c.target ? ` (${Math.round(c.confidence * 100)}%, ${c.reason})` : ""}`,
    ),
    ...(report.artwork.length > 0
      ? [
          "",
          "Artwork links:",
          ...report.artwork.map(
            (a) => `  row ${a.rowNumber}: ${a.link}: ${a.findings.map((f) => f.message).join(" ") || "not checked"}`,
          ),
        ]
      : []),
    "",
    `First ${countOf(report.rows.length, "row", "rows")}:`,
    ...report.rows.map(
      (row) => `  row ${row.rowNumber}: ${sheet.headers.map((h, i) => `${h}=${showCell(row.cells[i])}`).join("; ")}`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}
