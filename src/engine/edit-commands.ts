import { priceCodeKey } from "../core/catalogue";
import type { IssueCode } from "../core/issues";
import type { Change } from "../core/session-edits";
import type { QuestionNames } from "../core/resolve";
import { cellText, type CellValue } from "../core/sheet-model";
import type { PriceCode } from "../core/vendor";
import type { SessionState } from "./engine-session";
import { rowsTakingOrderNumberAbove, withOrderNumberAbove } from "./order-number-above";
import { issuesOfRow } from "./row-issues";

/** A cell to set, by row number and column (position or header). */
export interface CellEdit {
  readonly rowNumber: number;
  readonly column: number | string;
  readonly value: CellValue;
}

/** Which rows an attribute's answer goes on: one row, or every row of a price code. */
export type AnswerScope = { readonly rowNumber: number } | { readonly code: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A cell's change from what it holds now to `value`. */
export function cellChange(session: SessionState, index: number, column: number, value: CellValue): Change {
  return {
    kind: "cell",
    rowNumber: session.rows.rowNumberAt(index),
    column,
    before: session.rows.cellAt(index, column),
    after: value,
  };
}

/** Cells set by row number and column. */
export function cellEditChanges(session: SessionState, cells: readonly CellEdit[]): Change[] {
  const { rows } = session;
  return cells.map((cell) =>
    cellChange(session, rows.indexFor(cell.rowNumber), rows.columnIndex(cell.column), cell.value),
  );
}

/** The same value into a column, on the given rows or on every row that is a line. */
export function fillChanges(
  session: SessionState,
  column: number | string,
  value: CellValue,
  rowNumbers?: readonly number[],
): Change[] {
  const { rows, index } = session;
  const c = rows.columnIndex(column);
  const indexes: number[] = [];
  if (rowNumbers) for (const rowNumber of rowNumbers) indexes.push(rows.indexFor(rowNumber));
  else for (let i = 0; i < index.lineCount; i++) if (index.line(i)) indexes.push(i);
  return indexes.map((i) => cellChange(session, i, c, value));
}

/** How many cells of a column contain the text, for a count before replacing. */
export function countInColumn(session: SessionState, column: number | string, find: string, matchCase = true): number {
  const { rows } = session;
  const c = rows.columnIndex(column);
  if (find === "") return 0;
  const needle = matchCase ? find : find.toLowerCase();
  let count = 0;
  for (let i = 0; i < rows.count; i++) {
    const text = cellText(rows.cellAt(i, c));
    if ((matchCase ? text : text.toLowerCase()).includes(needle)) count++;
  }
  return count;
}

/** Text replaced in one column, everywhere it occurs (case-sensitively unless told). */
export function replaceChanges(
  session: SessionState,
  column: number | string,
  find: string,
  replacement: string,
  matchCase = true,
): Change[] {
  const { rows } = session;
  const c = rows.columnIndex(column);
  if (find === "") return [];
  const pattern = new RegExp(escapeRegExp(find), matchCase ? "g" : "gi");
  const changes: Change[] = [];
  for (let i = 0; i < rows.count; i++) {
    const text = cellText(rows.cellAt(i, c));
    // A function, so "$&" or "$$" in the replacement are put in as typed.
    if (pattern.test(text))
      changes.push(
        cellChange(
          session,
          i,
          c,
          text.replace(pattern, () => replacement),
        ),
      );
    pattern.lastIndex = 0;
  }
  return changes;
}

/** A value an issue offers for the cell it names. */
interface Suggestion {
  readonly rowNumber: number;
  readonly column: string;
  readonly suggestion: string;
}

/** What a row's issue of this code (in this column, when given) suggests; undefined when it suggests nothing. */
function suggestionOf(
  session: SessionState,
  rowNumber: number,
  code: IssueCode,
  column?: string,
): Suggestion | undefined {
  const index = session.rows.indexFor(rowNumber);
  const issue = withOrderNumberAbove(session, index, issuesOfRow(session, index)).find(
    (i) => i.code === code && (column === undefined || i.column === column),
  );
  if (!issue?.suggestion || !issue.column || issue.rowNumber === null) return undefined;
  return { rowNumber: issue.rowNumber, column: issue.column, suggestion: issue.suggestion };
}

/** An issue's suggestion put into the cell it names. */
export function suggestionChanges(
  session: SessionState,
  rowNumber: number,
  code: IssueCode,
  column?: string,
): Change[] {
  const issue = suggestionOf(session, rowNumber, code, column);
  if (!issue) return [];
  return [
    cellChange(
      session,
      session.rows.indexFor(issue.rowNumber),
      session.rows.columnIndex(issue.column),
      issue.suggestion,
    ),
  ];
}

/**
 * An issue's suggestion put into every cell with the same issue and the same value (every
 * "cotton" in the Fabric column, say).
 */
export function suggestionToAllChanges(
  session: SessionState,
  rowNumber: number,
  code: IssueCode,
  column?: string,
): Change[] {
  const issue = suggestionOf(session, rowNumber, code, column);
  if (!issue) return [];
  const { rows } = session;
  const c = rows.columnIndex(issue.column);
  const original = cellText(rows.cellAt(rows.indexFor(issue.rowNumber), c));
  const changes: Change[] = [];
  for (let i = 0; i < rows.count; i++) {
    if (cellText(rows.cellAt(i, c)) !== original) continue;
    if (issuesOfRow(session, i).some((other) => other.code === code && other.column === issue.column))
      changes.push(cellChange(session, i, c, issue.suggestion));
  }
  return changes;
}

/**
 * The order number above put into every row lacking one, in a sheet that gives it on each order's first row only;
 * none when no column holds order numbers.
 */
export function orderNumbersAboveChanges(session: SessionState): Change[] {
  const header = session.columns.columnOf("orderNumber");
  if (header === undefined) return [];
  const column = session.rows.columnIndex(header);
  return rowsTakingOrderNumberAbove(session).map(({ index, orderNumber }) =>
    cellChange(session, index, column, orderNumber),
  );
}

/**
 * Whether a row's code reads as this price code, as resolution reads it: exactly, written
 * with other case, spacing or quotes ("dtf 4x4" for "DTF 4x4"), or as a code fetched by name.
 * `key` is the price code's priceCodeKey, worked out once for a pass over every row.
 */
function isRowOfPriceCode(session: SessionState, index: number, priceCode: string, key: string): boolean {
  const text = session.index.orderRowAt(index)?.values.code;
  if (text === undefined) return false;
  if (text === priceCode || priceCodeKey(text) === key) return true;
  const { catalogue, facts } = session.index.context();
  return (
    (catalogue.priceCode(text) ?? catalogue.priceCodeLoosely(text) ?? facts.metadataCodes.get(text))?.priceCode ===
    priceCode
  );
}

/** The price code a row's code reads as, as resolution reads it. */
function priceCodeOfText(session: SessionState, text: string | undefined): PriceCode | undefined {
  if (text === undefined) return undefined;
  const { catalogue, facts } = session.index.context();
  return catalogue.priceCode(text) ?? catalogue.priceCodeLoosely(text) ?? facts.metadataCodes.get(text) ?? undefined;
}

/**
 * The question an answer is for, by its name: as the price code of the rows it goes on asks it, else as any price code
 * of the account does; by its name alone when none asks it.
 */
export function questionAsked(session: SessionState, attribute: string, scope: AnswerScope): QuestionNames {
  const text =
    "rowNumber" in scope ? session.index.orderRowAt(session.rows.indexFor(scope.rowNumber))?.values.code : scope.code;
  const own = priceCodeOfText(session, text)?.attributes?.find((a) => a.name === attribute);
  if (own) return own;
  for (const code of session.index.context().catalogue.snapshot.priceCodes) {
    const asked = code.attributes?.find((a) => a.name === attribute);
    if (asked) return asked;
  }
  return { name: attribute, label: null };
}

/** An answer to a price code's question, in its column: on one row, or on every row of that price code. */
export function answerChanges(session: SessionState, column: number, value: string, scope: AnswerScope): Change[] {
  const { rows } = session;
  if ("rowNumber" in scope) return [cellChange(session, rows.indexFor(scope.rowNumber), column, value)];
  const changes: Change[] = [];
  const key = priceCodeKey(scope.code);
  for (let i = 0; i < rows.count; i++)
    if (isRowOfPriceCode(session, i, scope.code, key)) changes.push(cellChange(session, i, column, value));
  return changes;
}

/**
 * The cells to set so each order's job-level value in `column` says `value`: where the order gives
 * it, or its first row.
 */
export function jobValueChanges(
  session: SessionState,
  orderNumbers: readonly string[],
  column: number,
  value: string,
): Change[] {
  const { rows } = session;
  return orderNumbers.flatMap((orderNumber) => {
    const members = session.index.rowsOf(orderNumber);
    const holding = members.filter((i) => cellText(rows.cellAt(i, column)) !== "");
    const targets = holding.length > 0 ? holding : members.slice(0, 1);
    return targets.map((i) => cellChange(session, i, column, value));
  });
}

/** Rows left out of the import (or brought back). */
export function skipChanges(session: SessionState, rowNumbers: readonly number[], skip = true): Change[] {
  const { rows } = session;
  return rowNumbers.map(
    (rowNumber): Change => ({ kind: "skip", rowNumber, before: rows.isSkipped(rows.indexFor(rowNumber)), after: skip }),
  );
}

/** The numbers of an order's rows, skipped or not. */
export function rowNumbersOfOrder(session: SessionState, orderNumber: string): number[] {
  const { rows } = session;
  const rowNumbers: number[] = [];
  for (let i = 0; i < rows.count; i++)
    if (session.index.orderNumberAt(i) === orderNumber) rowNumbers.push(rows.rowNumberAt(i));
  return rowNumbers;
}

/** The rows an earlier import created that are still left out. */
export function importedRowsSkipped(session: SessionState): number[] {
  const { rows } = session;
  return [...session.settings.importedBefore.keys()].filter((n) => rows.isSkipped(rows.indexOf(n) ?? -1));
}
