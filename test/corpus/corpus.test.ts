/**
 * The corpus is well formed, for each account it is written for: every sheet has its expected file,
 * each expected file names every header of its sheet (at the header row it gives) and its orders are
 * the sheet's own, with as many lines as the sheet has under each. The second account's sheets are
 * the demo account's sheets, in its own terms: the same files, headers and orders, questions by its
 * own names, and nothing of the demo account's catalogue in their cells. What the importer makes of
 * the sheets is measured by `npm run bench -- mapping`, not asserted here.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cellText, type SheetRow } from "../../src/core/sheet-model";
import { fixturesFor } from "../../src/server/simulator/fixtures/account-fixtures";
import { ACCOUNTS, findRegion } from "../../src/server/simulator/fixtures/accounts";
import { assetsFor } from "../../src/server/simulator/fixtures/assets";
import { createSheetSession } from "../../src/sheet/worker-api";
import {
  CORPUS_ACCOUNTS,
  corpusSheetFiles,
  EXPECTED_DIR,
  expectedFileOf,
  readExpectedSheets,
  SHEETS_DIR,
  type ExpectedSheet,
} from "./corpus-files";

const sheetFiles = await corpusSheetFiles();
const expectedSheets = await readExpectedSheets();

async function readSheet(
  expected: ExpectedSheet,
  sheetsDir = SHEETS_DIR,
): Promise<{ headers: readonly string[]; rows: SheetRow[] }> {
  const session = createSheetSession();
  const opened = await session.open(new Uint8Array(await readFile(join(sheetsDir, expected.file))), expected.file);
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

// --- The same sheets for the second account ---------------------------------------------------

const second = CORPUS_ACCOUNTS.find((account) => account.name === "tasman");
if (second === undefined) throw new Error("The corpus has no second account");
const secondFiles = await corpusSheetFiles(second.sheetsDir);
const secondExpected = await readExpectedSheets(second.expectedDir);
const demoExpected = new Map(expectedSheets.map((e) => [e.file, e]));

/** An account's identifiers a sheet could carry: price codes, asset tags, stock and variant codes, delivery labels. */
function identifiersOf(accountId: number): Set<string> {
  const account = ACCOUNTS.find((a) => a.id === accountId);
  const region = account && findRegion(account.regionId);
  if (account === undefined || region === undefined) throw new Error(`The simulator has no account ${accountId}`);
  const fixtures = fixturesFor(account);
  const catalogue = fixtures.catalogue(account, region);
  const tags = assetsFor(account, catalogue, (n, date) => fixtures.assetTag(account, n, date)).map((a) => a.assetTag);
  return new Set(
    [
      ...catalogue.keys(),
      ...tags,
      ...fixtures.stock.flatMap((s) => [s.item.stockCode, ...s.item.stockVariants.map((v) => v.variantCode)]),
      ...fixtures.deliveryOptions.flatMap((o) => [o.code, o.label]),
    ].flatMap((id) => (id ? [id.toLowerCase()] : [])),
  );
}

/** The questions of an account's price codes, by name. */
function questionNamesOf(accountId: number): Set<string> {
  const account = ACCOUNTS.find((a) => a.id === accountId);
  const region = account && findRegion(account.regionId);
  if (account === undefined || region === undefined) throw new Error(`The simulator has no account ${accountId}`);
  const catalogue = fixturesFor(account).catalogue(account, region);
  return new Set([...catalogue.values()].flatMap((entry) => (entry.priceCode.attributes ?? []).map((a) => a.name)));
}

describe(`the corpus of messy order sheets for the second account (${second.name})`, () => {
  const questions = questionNamesOf(second.accountId);
  const demoIdentifiers = identifiersOf(CORPUS_ACCOUNTS[0]?.accountId ?? 0);
  const ownIdentifiers = identifiersOf(second.accountId);

  it("has the demo account's sheets, each with its expected file, in its own folders", () => {
    expect(second.sheetsDir).not.toBe(SHEETS_DIR);
    expect(second.expectedDir).not.toBe(EXPECTED_DIR);
    expect(secondFiles).toEqual(sheetFiles);
    expect(secondExpected.map((e) => e.file)).toEqual(secondFiles);
  });

  it.each(secondExpected.map((e) => [e.file, e] as const))(
    "%s: the layout, headers and orders are the demo account's; questions go by the account's names",
    async (_, e) => {
      const demo = demoExpected.get(e.file);
      if (demo === undefined) throw new Error(`The demo account's corpus has no ${e.file}`);
      expect({ ...e, columns: undefined }).toEqual({ ...demo, columns: undefined });
      expect(Object.keys(e.columns)).toEqual(Object.keys(demo.columns));
      for (const [header, target] of Object.entries(e.columns)) {
        const demoTarget = demo.columns[header] ?? null;
        if (target !== null && "attribute" in target) expect(questions, header).toContain(target.attribute);
        else if (target !== null && "size" in target) expect(demoTarget && "size" in demoTarget, header).toBe(true);
        else expect(target, header).toEqual(demoTarget);
      }
    },
  );

  it.each(secondExpected.map((e) => [e.file, e] as const))("%s: the expected headers are the sheet's", async (_, e) => {
    const { headers } = await readSheet(e, second.sheetsDir);
    expect(Object.keys(e.columns)).toEqual([...headers]);
  });

  it.each(secondExpected.map((e) => [e.file, e] as const))("%s: the expected orders are the sheet's", async (_, e) => {
    const { headers, rows } = await readSheet(e, second.sheetsDir);
    expect(ordersIn(e, headers, rows)).toEqual(e.jobs);
  });

  it.each(secondExpected.map((e) => [e.file, e] as const))(
    "%s: no cell holds the demo account's codes, tags or delivery options, and the codes are the account's",
    async (_, e) => {
      const { headers, rows } = await readSheet(e, second.sheetsDir);
      const cells = rows.flatMap((row) => row.cells.map((cell) => cellText(cell).trim().toLowerCase()));
      expect(cells.filter((cell) => demoIdentifiers.has(cell) && !ownIdentifiers.has(cell))).toEqual([]);
      const codeColumn = headers.indexOf(columnFor(e, "code"));
      const codes = rows.map((row) => cellText(row.cells[codeColumn]).trim().toLowerCase());
      expect(codes.filter((code) => ownIdentifiers.has(code)).length).toBeGreaterThan(0);
    },
  );
});
