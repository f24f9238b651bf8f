/**
 * The corpus is well formed: every sheet has its expected file, each expected file names every
 * header of its sheet (at the header row it gives) and its orders are the sheet's own, with as many
 * lines as the sheet has under each. What the importer makes of the sheets is measured by
 * `npm run bench -- mapping`, not asserted here.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cellText, type SheetRow } from "../../src/core/sheet-model";
import { createSheetSession } from "../../src/sheet/worker-api";
import { corpusSheetFiles, expectedFileOf, readExpectedSheets, SHEETS_DIR, type ExpectedSheet } from "./corpus-files";

const sheetFiles = await corpusSheetFiles();
const expectedSheets = await readExpectedSheets();

async function readSheet(expected: ExpectedSheet): Promise<{ headers: readonly string[]; rows: SheetRow[] }> {
  const session = createSheetSession();
  const opened = await session.open(new Uint8Array(await readFile(join(SHEETS_DIR, expected.file))), expected.file);
  if (!opened.ok) throw new Error(opened.message);
  const names = opened.summary.sheets.map((sheet) => sheet.name);
  if (expected.worksheet !== undefined) expect(names).toContain(expected.worksheet);
  const sheetName = expected.worksheet ?? opened.summary.defaultSheet;
  const preview = session.preview(sheetName, expected.headerRow);
  if (!preview.ok) throw new Error(preview.message);
  const { headers, headerRowNumber, rowCount } = preview.preview;
  expect(headerRowNumber).toBe(expected.headerRow);
  return { headers, rows: session.rows(sheetName, headerRowNumber, 0, rowCount) };
}

/** The header of the one column a person maps to the field. */
function columnFor(expected: ExpectedSheet, field: string): string {
  const headers = Object.entries(expected.columns).filter(
    ([, target]) => target && "field" in target && target.field === field,
  );
  expect(headers, `${expected.file} has one ${field} column`).toHaveLength(1);
  return headers[0]?.[0] ?? "";
}

/** The labels the corpus's totals rows carry in the code column. */
const TOTALS_LABEL = /^(grand total|total|totaal|totale|summe)$/i;

/**
 * The orders of the sheet and their line counts, as a person reads them: a row with a code (not a
 * totals label) is a line of the order named on it or, when its order number cell is blank, of
 * the order above.
 */
function ordersIn(expected: ExpectedSheet, headers: readonly string[], rows: readonly SheetRow[]) {
  const orderColumn = headers.indexOf(columnFor(expected, "orderNumber"));
  const codeColumn = headers.indexOf(columnFor(expected, "code"));
  const orders: { orderNumber: string; lines: number }[] = [];
  for (const row of rows) {
    const code = cellText(row.cells[codeColumn]);
    if (code === "" || TOTALS_LABEL.test(code)) continue;
    const orderNumber = cellText(row.cells[orderColumn]);
    const current = orders.at(-1);
    if (orderNumber === "" || orderNumber === current?.orderNumber) {
      if (current === undefined) throw new Error(`${expected.file}: row ${row.rowNumber} belongs to no order`);
      current.lines++;
    } else orders.push({ orderNumber, lines: 1 });
  }
  return orders;
}

describe("the corpus of messy order sheets", () => {
  it("has at least twelve sheets, each with its expected file, and no expected file without a sheet", () => {
    expect(sheetFiles.length).toBeGreaterThanOrEqual(12);
    expect(expectedSheets.map((e) => expectedFileOf(e.file)).sort()).toEqual(sheetFiles.map(expectedFileOf).sort());
    expect(expectedSheets.map((e) => e.file).sort()).toEqual(sheetFiles);
  });

  it.each(expectedSheets.map((e) => [e.file, e] as const))("%s: the expected headers are the sheet's", async (_, e) => {
    const { headers } = await readSheet(e);
    expect(Object.keys(e.columns)).toEqual([...headers]);
  });

  it.each(expectedSheets.map((e) => [e.file, e] as const))("%s: the expected orders are the sheet's", async (_, e) => {
    const { headers, rows } = await readSheet(e);
    expect(ordersIn(e, headers, rows)).toEqual(e.jobs);
  });
});
