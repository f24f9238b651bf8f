/**
 * Writes the corpus of messy order sheets (corpus-sheets.ts) into sheets/, and beside each, in
 * expected/, what a person reading it would map each column to and which orders it holds; then the
 * same sheets written for the second account (corpus-accounts.ts) into sheets-tasman/ and
 * expected-tasman/, its questions and sizes in the expected mapping by its own names:
 *
 *   npx tsx test/corpus/make-corpus.ts
 *
 * CSV files are written the way spreadsheet programs save them (a field quoted only when it must
 * be, every row as wide as the header), in UTF-8 with or without a byte-order mark or in
 * Windows-1252; workbooks with exceljs, with a fixed creation date so that writing them again
 * changes nothing a reader sees. The files are committed: the corpus test and the mapping
 * benchmark read them as they are.
 */
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { columnLetter } from "../../src/core/sheet-model";
import { SIM_START } from "../helpers/sim-clock";
import { CORPUS_PROFILES } from "./corpus-accounts";
import { corpusCatalogue, type CorpusCatalogue } from "./corpus-data";
import { expectedFileOf, type ExpectedSheet, type ExpectedTarget } from "./corpus-files";
import { isFormula, rowsOf, type Cell, type Column, type Formula, type LooseRow, type SheetSpec } from "./corpus-model";
import { corpusSheets } from "./corpus-sheets";

/** A sheet laid out as rows of cells, with where its header and data lie. */
interface Grid {
  readonly rows: readonly (readonly Cell[])[];
  readonly headerRow: number;
  readonly jobs: ExpectedSheet["jobs"];
}

function layOut(spec: SheetSpec): Grid {
  const headers = spec.columns.map((c) => c.header);
  if (new Set(headers).size !== headers.length) throw new Error(`${spec.file} repeats a header`);
  const rows: Cell[][] = spec.above.map((row) => [...row]);
  rows.push(headers);
  const headerRow = rows.length;
  const place = (loose: LooseRow): Cell[] => {
    for (const header of Object.keys(loose))
      if (!headers.includes(header)) throw new Error(`${spec.file} has no column "${header}"`);
    return headers.map((header) => loose[header]);
  };
  const jobs: { orderNumber: string; lines: number }[] = [];
  for (const order of spec.orders) checkSizesHaveColumns(spec, order);
  spec.orders.forEach((order, index) => {
    const contexts = rowsOf(spec, order);
    for (const context of contexts) {
      const later = context.position > 1;
      rows.push(
        spec.columns.map((column) => {
          if (later && column.isOrderNumber && spec.orderNumbers === "first row") return undefined;
          if (later && column.isJobValue && spec.jobValues === "first row") return undefined;
          return column.cell(context);
        }),
      );
    }
    jobs.push({ orderNumber: order.number, lines: contexts.length });
    for (const loose of spec.after?.(order, index) ?? []) rows.push(place(loose));
  });
  const first = headerRow + 1;
  const last = rows.length;
  const sum = (header: string): Formula => {
    const column = headers.indexOf(header);
    if (column < 0) throw new Error(`${spec.file} has no column "${header}" to total`);
    let result = 0;
    for (const row of rows.slice(first - 1, last)) {
      const cell = row[column];
      result += typeof cell === "number" ? cell : isFormula(cell) ? cell.result : 0;
    }
    return {
      formula: (_row, letter) => `SUM(${letter(header)}${first}:${letter(header)}${last})`,
      result: Math.round(result * 100) / 100,
    };
  };
  for (const loose of spec.below?.(sum) ?? []) rows.push(place(loose));
  return { rows, headerRow, jobs };
}

/** In a wide layout, every size ordered has its column (a one-size item, the quantity column): nothing is lost. */
function checkSizesHaveColumns(spec: SheetSpec, order: SheetSpec["orders"][number]): void {
  if (spec.layout !== "wide") return;
  const sizes = new Set(spec.columns.flatMap((c) => (c.expect && "size" in c.expect ? [c.expect.size] : [])));
  const hasQuantity = spec.columns.some((c) => c.expect && "field" in c.expect && c.expect.field === "quantity");
  for (const line of order.lines) {
    if (line.kind !== "stock") continue;
    const lost = line.oneSize ? (hasQuantity ? [] : line.sizes) : line.sizes.filter((s) => !sizes.has(s.size));
    if (lost.length > 0) throw new Error(`${spec.file}: order ${order.number} has no column for ${lost[0]?.size}`);
  }
}

// --- CSV --------------------------------------------------------------------------------------

/** Windows-1252's characters in 0x80–0x9F; the rest of its upper half is Latin-1. */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function windows1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const high = CP1252_HIGH.indexOf(text.charAt(i));
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes[i] = code;
    else if (high >= 0) bytes[i] = 0x80 + high;
    else throw new Error(`"${text.charAt(i)}" has no place in Windows-1252`);
  }
  return bytes;
}

function csvText(spec: SheetSpec, grid: Grid): string {
  const dialect = spec.csv;
  if (dialect === undefined) throw new Error(`${spec.file} is not a CSV file`);
  const width = spec.columns.length;
  const field = (cell: Cell): string => {
    if (cell instanceof Date) throw new Error(`${spec.file}: a CSV file holds dates as text`);
    const text = cell === undefined ? "" : isFormula(cell) ? String(cell.result) : String(cell);
    const mustQuote = text.includes(dialect.delimiter) || /["\r\n]/.test(text);
    return mustQuote ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = grid.rows.map((row) => Array.from({ length: width }, (_, i) => field(row[i])).join(dialect.delimiter));
  return lines.join(dialect.lineEnd) + dialect.lineEnd;
}

function csvBytes(spec: SheetSpec, grid: Grid): Uint8Array {
  const text = csvText(spec, grid);
  switch (spec.csv?.encoding) {
    case "windows-1252":
      return windows1252(text);
    case "utf-8-bom":
      return new TextEncoder().encode(`\uFEFF${text}`);
    default:
      return new TextEncoder().encode(text);
  }
}

// --- Workbooks --------------------------------------------------------------------------------

async function workbookBytes(spec: SheetSpec, grid: Grid): Promise<Uint8Array> {
  const layout = spec.workbook;
  if (layout === undefined) throw new Error(`${spec.file} is not a workbook`);
  const book = new ExcelJS.Workbook();
  book.creator = "Club secretary";
  book.created = new Date(SIM_START);
  book.modified = new Date(SIM_START);
  for (const before of layout.before ?? []) {
    const sheet = book.addWorksheet(before.name);
    for (const row of before.rows) sheet.addRow([...row]);
    sheet.getRow(1).font = { bold: true, size: 14 };
    sheet.getColumn(1).width = 90;
  }
  const sheet = book.addWorksheet(layout.worksheet);
  const headers = spec.columns.map((c) => c.header);
  const letter = (header: string) => columnLetter(headers.indexOf(header));
  grid.rows.forEach((cells, index) => {
    const rowNumber = index + 1;
    const row = sheet.getRow(rowNumber);
    cells.forEach((cell, column) => {
      if (cell === undefined) return;
      const target = row.getCell(column + 1);
      if (isFormula(cell)) target.value = { formula: cell.formula(rowNumber, letter), result: cell.result };
      else target.value = cell;
      if (cell instanceof Date) target.numFmt = layout.dateFormat ?? "dd/mm/yyyy";
    });
    if (rowNumber < grid.headerRow && cells.length === 1 && cells[0] !== undefined) {
      sheet.mergeCells(rowNumber, 1, rowNumber, Math.min(headers.length, 8));
      row.font = { bold: rowNumber === 1, size: rowNumber === 1 ? 14 : 11 };
    }
    if (rowNumber === grid.headerRow) {
      row.font = { bold: true };
      row.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFD9E2F3" } };
    }
  });
  headers.forEach((header, i) => {
    sheet.getColumn(i + 1).width = Math.max(6, Math.min(28, header.length + 4));
  });
  return withFixedTimes(new Uint8Array(await book.xlsx.writeBuffer()));
}

/**
 * The workbook's zip with every entry dated the day the simulator's clock starts, in its local and
 * central headers: the zip library dates entries now, so writing the corpus again would change
 * every workbook.
 */
function withFixedTimes(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = new Date(SIM_START);
  const dosDate = ((start.getUTCFullYear() - 1980) << 9) | ((start.getUTCMonth() + 1) << 5) | start.getUTCDate();
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("exceljs wrote no zip directory");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  for (let entry = 0; entry < count; entry++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("unexpected zip directory entry");
    const local = view.getUint32(at + 42, true);
    for (const [timeAt, dateAt] of [
      [at + 12, at + 14],
      [local + 10, local + 12],
    ] as const) {
      view.setUint16(timeAt, 0, true);
      view.setUint16(dateAt, dosDate, true);
    }
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return bytes;
}

// --- Expected ---------------------------------------------------------------------------------

/**
 * What a person maps the column to, in the account's own names: a question by the account's name for
 * it; a size of a wide layout as the runs of the garments in the column name it (any of the account's
 * runs, for a column nothing is ordered in).
 */
function expectedTarget(spec: SheetSpec, column: Column, catalogue: CorpusCatalogue): ExpectedTarget | null {
  const target = column.expect;
  if (target === null || "field" in target) return target;
  if ("attribute" in target) return { attribute: catalogue.attributeName(target.attribute) };
  const runSizes = new Set(
    spec.orders.flatMap((order) =>
      order.lines.flatMap((line) =>
        line.kind === "stock" ? line.sizes.filter((s) => s.size === target.size).map((s) => s.runSize) : [],
      ),
    ),
  );
  if (runSizes.size > 1) throw new Error(`${spec.file}: column ${column.header} holds ${[...runSizes].join(" and ")}`);
  return { size: [...runSizes][0] ?? catalogue.sizeName(target.size) };
}

function expectedOf(spec: SheetSpec, grid: Grid, catalogue: CorpusCatalogue): ExpectedSheet {
  return {
    file: spec.file,
    messy: spec.messy,
    ...(spec.workbook ? { worksheet: spec.workbook.worksheet } : {}),
    headerRow: grid.headerRow,
    columns: Object.fromEntries(spec.columns.map((column) => [column.header, expectedTarget(spec, column, catalogue)])),
    jobs: grid.jobs,
  };
}

/** JSON as the project's formatter lays it out: one column and one order a line. */
function expectedJson(expected: ExpectedSheet): string {
  const entries = (pairs: readonly string[]) => pairs.map((pair) => `    ${pair}`).join(",\n");
  const columns = Object.entries(expected.columns).map(
    ([header, target]) => `${JSON.stringify(header)}: ${target ? inline(target) : "null"}`,
  );
  const top = [
    `"file": ${JSON.stringify(expected.file)}`,
    `"messy": ${JSON.stringify(expected.messy)}`,
    ...(expected.worksheet ? [`"worksheet": ${JSON.stringify(expected.worksheet)}`] : []),
    `"headerRow": ${expected.headerRow}`,
    `"columns": {\n${entries(columns)}\n  }`,
    jobsJson(expected.jobs.map(inline)),
  ];
  return `{\n${top.map((line) => `  ${line}`).join(",\n")}\n}\n`;
}

/** The orders on one line when it fits the formatter's width, else one a line. */
function jobsJson(jobs: readonly string[]): string {
  const oneLine = `"jobs": [${jobs.join(", ")}]`;
  return oneLine.length + 2 <= LINE_WIDTH ? oneLine : `"jobs": [\n${jobs.map((job) => `    ${job}`).join(",\n")}\n  ]`;
}

/** biome.jsonc's line width. */
const LINE_WIDTH = 120;

/** A small object on one line, spaced as the formatter spaces it. */
const inline = (value: object) =>
  `{ ${Object.entries(value)
    .map(([key, v]) => `${JSON.stringify(key)}: ${JSON.stringify(v)}`)
    .join(", ")} }`;

// --- Main -------------------------------------------------------------------------------------

async function clear(folder: string, pattern: RegExp): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const name of await readdir(folder)) if (pattern.test(name)) await rm(join(folder, name));
}

async function makeCorpus(): Promise<void> {
  for (const account of CORPUS_PROFILES) {
    const catalogue = corpusCatalogue(account.profile);
    await clear(account.sheetsDir, /\.(csv|xlsx)$/);
    await clear(account.expectedDir, /\.json$/);
    console.log(`For the ${account.name} account (${catalogue.accountName}):`);
    for (const spec of corpusSheets(catalogue)) {
      const grid = layOut(spec);
      const bytes = spec.csv ? csvBytes(spec, grid) : await workbookBytes(spec, grid);
      await writeFile(join(account.sheetsDir, spec.file), bytes);
      const expected = expectedJson(expectedOf(spec, grid, catalogue));
      await writeFile(join(account.expectedDir, expectedFileOf(spec.file)), expected);
      const lines = grid.jobs.reduce((sum, job) => sum + job.lines, 0);
      console.log(`  ${spec.file}: ${grid.jobs.length} orders, ${lines} order lines`);
    }
  }
}

await makeCorpus();
