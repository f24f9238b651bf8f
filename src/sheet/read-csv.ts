import Papa from "papaparse";
import { cellText, type SheetRow, type SheetTable } from "../core/sheet-model";

export interface SheetReadFailure {
  readonly ok: false;
  readonly code: "EMPTY_FILE" | "NO_HEADER_ROW" | "UNREADABLE";
  readonly message: string;
}
export type SheetReadResult = { readonly ok: true; readonly table: SheetTable } | SheetReadFailure;

/** UTF-8 text of the file, without a byte-order mark. */
function decodeText(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes);
}

/**
 * Reads a CSV order sheet: the first non-blank row is the header row; each later record keeps
 * the row number a spreadsheet program shows for it (a quoted line break stays in one row).
 */
export function readCsv(bytes: Uint8Array, fileName: string): SheetReadResult {
  if (bytes.length === 0) return { ok: false, code: "EMPTY_FILE", message: `${fileName} is empty.` };
  const parsed = Papa.parse<string[]>(decodeText(bytes), { skipEmptyLines: false });
  const records = parsed.data;
  const headerIndex = records.findIndex((record) => record.some((cell) => cell.trim() !== ""));
  if (headerIndex === -1) return { ok: false, code: "NO_HEADER_ROW", message: `${fileName} has no rows with values.` };
  const headers = (records[headerIndex] ?? []).map((header) => header.trim());
  const rows: SheetRow[] = [];
  for (let index = headerIndex + 1; index < records.length; index++) {
    const cells = records[index] ?? [];
    rows.push({ rowNumber: index + 1, cells });
  }
  while (rows.length > 0 && (rows.at(-1)?.cells ?? []).every((cell) => cellText(cell) === "")) rows.pop();
  return { ok: true, table: { sheetName: fileName.replace(/\.[^.]+$/, ""), headerRowNumber: headerIndex + 1, headers, rows } };
}
