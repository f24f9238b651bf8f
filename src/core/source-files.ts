import type { SubmissionPlan } from "./batch-plan";
import { makeIssue, type Issue } from "./issues";
import type { BatchFile, BatchOrigin } from "./journal-records";
import type { ColumnAssignment, SheetMapping } from "./mapping/sheet-mapping";
import type { ResultCell, ResultSheetData } from "./result-sheet-data";
import { pluralise } from "./plural";
import type { CellValue, SheetRow } from "./sheet-model";

/**
 * Several order sheets in one session: each file's rows keep their own row numbers, carried in one number per row (the
 * session row number) so the engine, the journal and the result sheet need no second key. File 0's rows keep their
 * numbers unchanged, so a single file's session is exactly as it was.
 */

/** More rows than any sheet can have (a 64 MB CSV has fewer lines): file i's rows are numbered from i times this. */
export const FILE_ROW_SPAN = 100_000_000;

/** Where a session row comes from: its file (0-based, in the order given) and its row number there (1-based). */
export interface SourceRow {
  readonly fileIndex: number;
  readonly rowNumber: number;
}

export const sessionRowNumber = (fileIndex: number, rowNumber: number): number => fileIndex * FILE_ROW_SPAN + rowNumber;

export const sourceRowOf = (sessionRow: number): SourceRow => ({
  fileIndex: Math.floor(sessionRow / FILE_ROW_SPAN),
  rowNumber: sessionRow % FILE_ROW_SPAN,
});

/** A row's number in its own file, as the user sees it there. */
export const ownRowNumber = (sessionRow: number): number => sessionRow % FILE_ROW_SPAN;

/** One file's sheet as read and mapped on its own. */
export interface SourceSheet {
  /** The file's name, as messages name it ("clubA.csv"). */
  readonly name: string;
  readonly headers: readonly string[];
  readonly rows: readonly SheetRow[];
  readonly mapping: SheetMapping;
}

/** A file of the session: its name and, for each column of the session, its own header (when it has that column). */
export interface SourceFile {
  readonly name: string;
  readonly headerOf: readonly (string | undefined)[];
}

/** The files' rows as one sheet: one column per target (or, unmapped, per header), rows renumbered by file. */
export interface CombinedSheets {
  readonly headers: readonly string[];
  readonly rows: readonly SheetRow[];
  readonly mapping: SheetMapping;
  readonly files: readonly SourceFile[];
}

/** The files' columns as one sheet's: where each file's columns go (`placed[file][column]`). */
export interface CombinedColumns {
  readonly headers: readonly string[];
  readonly mapping: SheetMapping;
  readonly files: readonly SourceFile[];
  /** `placed[file][column]`: where a file's column (by its own index) is in the combined sheet. */
  readonly placed: readonly (readonly (number | undefined)[])[];
  /** The leading column naming each row's file, when asked for. */
  readonly fileColumn: boolean;
}

/** What makes a column of one file the same column as one of another: its target, or its header when unmapped. */
const columnKey = (column: ColumnAssignment): string =>
  column.target === null ? `header:${column.header.trim().toLowerCase()}` : `target:${JSON.stringify(column.target)}`;

/**
 * The sheets' columns as one: a column for each field, size or question any file maps (headed as the first file that
 * has it names it) and for each unmapped header; first, when `fileColumn` names it, a column saying each row's file.
 */
export function combineColumns(
  sheets: readonly Pick<SourceSheet, "name" | "mapping">[],
  options: { readonly fileColumn?: string } = {},
): CombinedColumns {
  const headers: string[] = [];
  const columns: ColumnAssignment[] = [];
  const positions = new Map<string, number>();
  const taken = new Set<string>();
  if (options.fileColumn !== undefined) {
    headers.push(options.fileColumn);
    columns.push({ column: 0, header: options.fileColumn, target: null, confidence: 1, reason: null });
    taken.add(options.fileColumn.toLowerCase());
  }
  const placed = sheets.map((sheet) => {
    const own: (number | undefined)[] = [];
    for (const column of sheet.mapping.columns) {
      const key = columnKey(column);
      let at = positions.get(key);
      if (at === undefined) {
        at = headers.length;
        positions.set(key, at);
        // Two files may head different things alike: the later one's header says whose it is.
        const header = taken.has(column.header.toLowerCase()) ? `${column.header} (${sheet.name})` : column.header;
        taken.add(header.toLowerCase());
        headers.push(header);
        columns.push({ ...column, column: at, header });
      }
      own[column.column] = at;
    }
    return own;
  });
  const files = sheets.map((sheet, fileIndex) => {
    const headerOf: (string | undefined)[] = headers.map(() => undefined);
    for (const column of sheet.mapping.columns) {
      const at = placed[fileIndex]?.[column.column];
      if (at !== undefined) headerOf[at] = column.header;
    }
    return { name: sheet.name, headerOf };
  });
  return { headers, mapping: { columns }, files, placed, fileColumn: options.fileColumn !== undefined };
}

/** A row of one file as a row of the combined sheet: its cells in their columns, its number a session row number. */
export function combinedRow(combined: CombinedColumns, fileIndex: number, row: SheetRow): SheetRow {
  const cells: CellValue[] = combined.headers.map(() => null);
  if (combined.fileColumn) cells[0] = combined.files[fileIndex]?.name ?? null;
  const placed = combined.placed[fileIndex] ?? [];
  placed.forEach((at, column) => {
    if (at !== undefined) cells[at] = row.cells[column] ?? null;
  });
  return { rowNumber: sessionRowNumber(fileIndex, row.rowNumber), cells };
}

/** The sheets as one (see `combineColumns`), every row moved to its columns. A single sheet comes back as it is. */
export function combineSheets(sheets: readonly SourceSheet[]): CombinedSheets {
  if (sheets.length === 1 && sheets[0]) {
    const [only] = sheets;
    return {
      headers: only.headers,
      rows: only.rows,
      mapping: only.mapping,
      files: [{ name: only.name, headerOf: only.headers }],
    };
  }
  const combined = combineColumns(sheets);
  const rows = sheets.flatMap((sheet, fileIndex) => sheet.rows.map((row) => combinedRow(combined, fileIndex, row)));
  return { headers: combined.headers, rows, mapping: combined.mapping, files: combined.files };
}

/** "clubB.csv row 12": a session row as its file names it. */
export function sourceRowText(files: readonly SourceFile[], sessionRow: number): string {
  const { fileIndex, rowNumber } = sourceRowOf(sessionRow);
  return `${files[fileIndex]?.name ?? `file ${fileIndex + 1}`} row ${rowNumber}`;
}

/**
 * A message of the session in the words of the files: an opening "Row 100000012, column Qty:" becomes "clubB.csv row
 * 12, column Quantity:" (the file's own header), and a session row number later in the text becomes the file's own
 * (naming its file when it is another). Text already in the files' words comes back unchanged.
 */
export function sourceText(files: readonly SourceFile[], text: string): string {
  if (files.length < 2) return text;
  const opening = /^((?:note|warning): )?Row (\d+)/.exec(text);
  let context: number | undefined;
  let rest = text;
  let head = "";
  if (opening) {
    const sessionRow = Number(opening[2]);
    context = sourceRowOf(sessionRow).fileIndex;
    head = `${opening[1] ?? ""}${sourceRowText(files, sessionRow)}`;
    rest = text.slice(opening[0].length);
    const file = files[context];
    const column = /^, column /.exec(rest);
    if (column && file) {
      const after = rest.slice(column[0].length);
      // The session's header of the column (the first file's), replaced by this file's own.
      const combined = combinedHeaders(files)
        .filter((h) => after.startsWith(`${h.header}:`))
        .sort((a, b) => b.header.length - a.header.length)[0];
      const own = combined === undefined ? undefined : file.headerOf[combined.at];
      if (combined && own !== undefined) rest = `, column ${own}${after.slice(combined.header.length)}`;
    }
  }
  const body = rest.replace(/\b([Rr]ows?) (\d+(?:(?:,\s?| and )\d+)*)/g, (_all, word, list) => {
    const numbers = String(list).replace(/\d+/g, (digits) => {
      const n = Number(digits);
      if (n < FILE_ROW_SPAN) return digits;
      const { fileIndex, rowNumber } = sourceRowOf(n);
      return fileIndex === context ? String(rowNumber) : `${rowNumber} of ${files[fileIndex]?.name ?? "another file"}`;
    });
    return `${word} ${numbers}`;
  });
  return head + body;
}

/**
 * A message of a session of several files with each row number its file's own: for beside the row, where its file is
 * shown (an order's rows are all in one file, so the rows a message names are in the same file).
 */
export const ownRowsText = (text: string): string =>
  text.replace(/\d{9,}/g, (digits) => {
    const n = Number(digits);
    return n >= FILE_ROW_SPAN && /\b[Rr]ows?\b/.test(text) ? String(ownRowNumber(n)) : digits;
  });

/** Each session column's header as the first file having it heads it: for recognising it in messages. */
function combinedHeaders(files: readonly SourceFile[]): { header: string; at: number }[] {
  const width = Math.max(0, ...files.map((f) => f.headerOf.length));
  const out: { header: string; at: number }[] = [];
  for (let at = 0; at < width; at++) {
    const header = files.map((f) => f.headerOf[at]).find((h) => h !== undefined);
    if (header !== undefined) out.push({ header, at });
  }
  return out;
}

/** An issue as the files name it: with its file, its row number there, its column's own header and its message. */
export interface SourceIssue extends Issue {
  /** The file the issue's row is in (or, for an order's issue, the files its rows are in). */
  readonly file?: string;
}

/** An issue of the session told in the files' words; `orderFiles` names the files of an order's issue. */
export function sourceIssue(
  files: readonly SourceFile[],
  issue: Issue,
  orderFiles: ReadonlyMap<string, readonly number[]>,
): SourceIssue {
  if (files.length < 2) return issue;
  if (issue.rowNumber === null) {
    const of = issue.orderNumber === undefined ? [] : (orderFiles.get(issue.orderNumber) ?? []);
    const names = of.map((i) => files[i]?.name ?? "");
    return { ...issue, message: sourceText(files, issue.message), ...(names.length ? { file: names.join(", ") } : {}) };
  }
  const { fileIndex, rowNumber } = sourceRowOf(issue.rowNumber);
  const file = files[fileIndex];
  const at = issue.column === undefined ? -1 : combinedHeaders(files).find((h) => h.header === issue.column)?.at;
  const own = at === undefined || at < 0 ? undefined : file?.headerOf[at];
  return {
    ...issue,
    rowNumber,
    ...(file ? { file: file.name } : {}),
    ...(own !== undefined ? { column: own } : {}),
    message: sourceText(files, issue.message),
  };
}

/** Every order number of a plan with the files its rows come from (0-based, in order). */
export function filesOfOrders(plan: SubmissionPlan): Map<string, number[]> {
  const files = new Map<string, Set<number>>();
  for (const { rowNumber, orderNumber } of rowsOfPlan(plan)) {
    if (orderNumber === undefined) continue;
    const set = files.get(orderNumber) ?? new Set<number>();
    set.add(sourceRowOf(rowNumber).fileIndex);
    files.set(orderNumber, set);
  }
  return new Map([...files].map(([orderNumber, set]) => [orderNumber, [...set].sort((a, b) => a - b)]));
}

/** For each of `fileCount` files, the order numbers of its rows: the jobs its own result sheet lists. */
export function orderNumbersOfEachFile(
  rows: Iterable<{ readonly rowNumber: number; readonly orderNumber?: string | undefined }>,
  fileCount: number,
): Set<string>[] {
  const each = Array.from({ length: fileCount }, () => new Set<string>());
  for (const { rowNumber, orderNumber } of rows)
    if (orderNumber !== undefined) each[sourceRowOf(rowNumber).fileIndex]?.add(orderNumber);
  return each;
}

/** Every row of a plan with its order number: the orders' lines and the rows left behind. */
export function rowsOfPlan(plan: SubmissionPlan): { rowNumber: number; orderNumber?: string | undefined }[] {
  return [
    ...plan.orders.flatMap((o) => o.lineRows.map((rowNumber) => ({ rowNumber, orderNumber: o.orderNumber }))),
    ...plan.otherRows,
  ];
}

/** Several files as the journal writes their batch down: each one's sheet, header row and the rows it holds. */
export function batchFilesOf(files: readonly ResultFilePart[], plan: SubmissionPlan): BatchFile[] {
  const own = files.map(() => [] as number[]);
  for (const { rowNumber } of rowsOfPlan(plan)) own[sourceRowOf(rowNumber).fileIndex]?.push(ownRowNumber(rowNumber));
  return files.map((file, index) => {
    const rows = own[index] ?? [];
    // Not Math.min(...rows): a file of 200,000 rows is more arguments than a call takes.
    const first = rows.reduce((least, row) => Math.min(least, row), Number.POSITIVE_INFINITY);
    const last = rows.reduce((most, row) => Math.max(most, row), Number.NEGATIVE_INFINITY);
    return {
      fileName: file.name,
      sheetName: file.sheetName,
      headerRowNumber: file.headerRowNumber,
      rowOffset: sessionRowNumber(index, 0),
      rowCount: rows.length,
      ...(rows.length > 0 ? { firstRowNumber: first, lastRowNumber: last } : {}),
    };
  });
}

/** One of several files dropped together, as its results are written: its sheet and header row, its own mapping. */
export interface ResultFilePart {
  readonly name: string;
  readonly sheetName: string;
  readonly headerRowNumber: number;
  /** Its own mapping, when known: messages then name its columns by its own headers. */
  readonly mapping?: SheetMapping | undefined;
}

/** Several files' results to write: each file, and the order numbers of its rows (for its Jobs sheet). */
export interface SeveralFiles {
  readonly files: readonly ResultFilePart[];
  readonly orderNumbersOf: readonly ReadonlySet<string>[];
}

/** Several files sent together: each one's columns, and its sheet and header row. */
export interface PlanFiles {
  readonly sources: readonly SourceFile[];
  readonly sheets: readonly ResultFilePart[];
}

/**
 * A confirmed plan as the journal writes it down, with where it comes from; with several files, each row is told by
 * its own file's number and each file is written down.
 */
export function batchPlanOf(
  plan: SubmissionPlan,
  origin: Omit<BatchOrigin, "files">,
  files?: PlanFiles,
): SubmissionPlan & BatchOrigin {
  if (!files) return { ...plan, ...origin };
  return { ...planOfFiles(files.sources, plan).plan, files: batchFilesOf(files.sheets, plan), ...origin };
}

/** Order numbers whose rows come from more than one file: two clubs' orders are never merged into one job. */
export function ordersInSeveralFiles(plan: SubmissionPlan): Map<string, number[]> {
  return new Map([...filesOfOrders(plan)].filter(([, of]) => of.length > 1));
}

/** The rows of an order number, file by file: "clubA.csv (rows 2, 3) and clubB.csv (row 2)". */
function rowsByFileText(files: readonly Pick<SourceFile, "name">[], sessionRows: readonly number[]): string {
  const byFile = new Map<number, number[]>();
  for (const row of sessionRows) {
    const { fileIndex, rowNumber } = sourceRowOf(row);
    byFile.set(fileIndex, [...(byFile.get(fileIndex) ?? []), rowNumber]);
  }
  return [...byFile]
    .sort(([a], [b]) => a - b)
    .map(([fileIndex, rows]) => {
      const name = files[fileIndex]?.name ?? `file ${fileIndex + 1}`;
      return `${name} (${pluralise(rows.length, "row", "rows")} ${rows.join(", ")})`;
    })
    .join(" and ");
}

/** The issue on each row of an order number that comes from several files: an error, so the order is not sent. */
export function severalFilesIssues(
  files: readonly Pick<SourceFile, "name">[],
  orderNumber: string,
  sessionRows: readonly number[],
): Issue[] {
  const message =
    `order number ${orderNumber} is in ${rowsByFileText(files, sessionRows)}; ` +
    "two files may not share an order number, so their rows were not merged into one job and nothing of it is sent. " +
    "Give one file's order another number.";
  return sessionRows.map((rowNumber) =>
    makeIssue("ORDER_NUMBER_IN_SEVERAL_FILES", { rowNumber, orderNumber, field: "orderNumber" }, message),
  );
}

/**
 * The plan in the files' words; the order numbers found in several files come with their rows (the engine keeps them
 * out of the plan, each row saying why).
 */
export function planOfFiles(
  files: readonly SourceFile[],
  plan: SubmissionPlan,
): { readonly plan: SubmissionPlan; readonly conflicts: ReadonlyMap<string, readonly number[]> } {
  if (files.length < 2) return { plan, conflicts: new Map() };
  const conflicts = new Map<string, number[]>();
  for (const orderNumber of ordersInSeveralFiles(plan).keys())
    conflicts.set(
      orderNumber,
      plan.otherRows
        .filter((r) => r.orderNumber === orderNumber)
        .map((r) => r.rowNumber)
        .sort((a, b) => a - b),
    );
  const words = (text: string) => sourceText(files, text);
  const orders = plan.orders.map((o) => ({ ...o, notes: o.notes.map((n) => ({ ...n, text: words(n.text) })) }));
  const otherRows = plan.otherRows.map((r) => ({ ...r, messages: r.messages.map(words) }));
  const ownColumn = (sessionRow: number, column: string) => {
    const at = combinedHeaders(files).find((h) => h.header === column)?.at;
    return (at === undefined ? undefined : files[sourceRowOf(sessionRow).fileIndex]?.headerOf[at]) ?? column;
  };
  const rowDetails = plan.rowDetails?.map((detail) =>
    detail.sent
      ? {
          ...detail,
          sent: detail.sent.map((value) => ({ ...value, column: ownColumn(detail.rowNumber, value.column) })),
        }
      : detail,
  );
  return { plan: { ...plan, orders, otherRows, ...(rowDetails ? { rowDetails } : {}) }, conflicts };
}

/**
 * One file's part of the result (or problem) sheet of a session: its rows by its own row numbers, its messages in the
 * files' words, its own header row, and the jobs of its own orders.
 */
export function resultSheetDataOfFile(
  files: readonly SourceFile[],
  data: ResultSheetData,
  file: { readonly index: number; readonly headerRowNumber: number; readonly orderNumbers: ReadonlySet<string> },
): ResultSheetData {
  if (files.length < 2) return data;
  const messagesAt = data.columns.indexOf("Messages");
  const rows = new Map<number, readonly ResultCell[]>();
  for (const [sessionRow, cells] of data.rows) {
    const { fileIndex: of, rowNumber } = sourceRowOf(sessionRow);
    if (of !== file.index) continue;
    const message = cells[messagesAt];
    rows.set(
      rowNumber,
      typeof message === "string"
        ? cells.map((cell, i) => (i === messagesAt ? sourceText(files, message) : cell))
        : cells,
    );
  }
  return {
    ...data,
    headerRowNumber: file.headerRowNumber,
    rows,
    jobs: {
      headers: data.jobs.headers,
      rows: data.jobs.rows.filter((row) => {
        const orderNumber = row[0];
        return typeof orderNumber === "string" && file.orderNumbers.has(orderNumber);
      }),
    },
  };
}
