import { IMPORT_FIELDS } from "../core/fields";
import { missingRequiredFields, sizeLayout, suggestMapping, type SheetMapping } from "../core/mapping";
import { cellRawText, type CellValue, type SheetRow } from "../core/sheet-model";
import { csvDialectText } from "../sheet/read/csv/csv-dialect-text";
import { longHeaderNotes, type SheetPreview, type WorkbookSummary } from "../sheet/sheet-preview";
import { openSheetFile, type SheetChoice } from "./open-sheet-file";
import type { SheetFile } from "./read-sheet-file";

export interface InspectOptions extends SheetChoice {
  readonly rows: number;
}

export interface InspectReport {
  readonly file: WorkbookSummary;
  readonly sheet: SheetPreview;
  readonly mapping: SheetMapping;
  readonly missingRequired: readonly string[];
  readonly sizeLayout: string;
  readonly rows: readonly SheetRow[];
}

export type InspectOutcome =
  | { readonly ok: true; readonly report: InspectReport }
  | { readonly ok: false; readonly message: string };

/** Reads a sheet with the same reader and mapper as the page. */
export async function inspectFile(sheetFile: SheetFile, options: InspectOptions): Promise<InspectOutcome> {
  const opened = await openSheetFile(sheetFile, options);
  if (!opened.ok) return opened;
  const { file, preview, session } = opened;
  const mapping = suggestMapping(preview.headers, options.vocabulary, preview.sampleRows);
  return {
    ok: true,
    report: {
      file,
      sheet: preview,
      mapping,
      missingRequired: missingRequiredFields(mapping),
      sizeLayout: sizeLayout(mapping),
      rows: session.rows(preview.sheetName, preview.headerRowNumber, 0, options.rows),
    },
  };
}

/** A cell as JSON: dates as ISO strings with their type, so "typed values" survive printing. */
function typedCell(value: CellValue): unknown {
  return value instanceof Date ? { date: value.toISOString() } : value;
}

export function reportJson(report: InspectReport): unknown {
  return {
    ...report,
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
        `  ${s.name === sheet.sheetName ? "*" : " "} ${s.name}${s.hidden ? " (hidden)" : ""}: ${s.rowCount} rows` +
        `${s.headerRowNumber ? `, header on row ${s.headerRowNumber}` : ""}, ${s.knownHeaders} known headers`,
    ),
    "",
    `Sheet "${sheet.sheetName}": header on row ${sheet.headerRowNumber}, ${sheet.rowCount} rows below it` +
      `${sheet.hiddenRows.length ? `; hidden rows ${sheet.hiddenRows.join(", ")}` : ""}.`,
    ...longHeaderNotes(sheet),
    `Sizes: ${report.sizeLayout}.` +
      `${report.missingRequired.length ? ` Missing required: ${report.missingRequired.join(", ")}.` : ""}`,
    "",
    "Mapping:",
    ...mapping.columns.map(
      (c) =>
        `  ${c.header.padEnd(28)} ` +
        `→ ${describeTarget(c.target)}${c.target ? ` (${Math.round(c.confidence * 100)}%, ${c.reason})` : ""}`,
    ),
    "",
    `First ${report.rows.length} rows:`,
    ...report.rows.map(
      (row) => `  row ${row.rowNumber}: ${sheet.headers.map((h, i) => `${h}=${showCell(row.cells[i])}`).join("; ")}`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}
