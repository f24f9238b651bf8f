/**
 * The order sheet rewritten with its result columns. The columns start right of the sheet's used range, which a
 * worksheet only tells by all its rows (and merged ranges, listed after them). Where the reading of the file found it
 * already, the sheet is rewritten in one pass on that word, the used range found again in passing and compared: only
 * where they differ (the file is not the one read, say) is it rewritten a second time. Otherwise the used range is
 * found in a pass of its own first. Where the reading found the rows of the same part, their ends are not searched for.
 */
import { RESULT_COLUMN } from "../../../core/result-rows";
import type { ResultCell, ResultSheetData } from "../../../core/result-sheet-data";
import { SHEET_LIMITS } from "../../limits";
import { GRID_COLUMNS } from "../../formats/cell-ref";
import { repackPart, type PackedPart } from "../../zip/part-text";
import { inflateEntry, type ZipEntry } from "../../zip/zip-guard";
import { safeText, type DateCells } from "./cell-xml";
import { clampWidth, contentWidths } from "./column-widths";
import { ResultColumnsRewriter } from "./result-columns-rewriter";
import { rowsToWrite, type RowsToWrite } from "./rows-to-write";
import { checkedResultColumnsPart, resultColumnsPart, usedRangePart } from "./sheet-part-streams";
import { StylesPatch } from "./styles-patch";
import { UsedRangeScan, type UsedRange } from "./used-range-scan";
import { isSamePart, type RowPlaces } from "../../read/xlsx/row-places";

const MONEY_COLUMNS: ReadonlySet<string> = new Set([RESULT_COLUMN.lineEstimate, RESULT_COLUMN.jobTotal]);

/** The order sheet and what it needs written with it. */
export interface OrderSheetSource {
  readonly original: Uint8Array;
  readonly entry: ZipEntry;
  readonly data: ResultSheetData;
  /** Names the file in messages. */
  readonly fileLabel: string;
  /** The workbook's stylesheet as it was: the formats the new cells take are added to a fresh copy each pass. */
  readonly stylesXml: string;
  /** The workbook's date cells over a stylesheet. */
  readonly datesOf: (styles: StylesPatch) => DateCells;
}

/** The order sheet rewritten, with the stylesheet holding the formats its new cells took. */
export interface RewrittenOrderSheet {
  readonly part: PackedPart;
  readonly styles: StylesPatch;
  readonly dates: DateCells;
  /**
   * How many times the sheet was inflated and read: 1 when the used range was known and held; 2 when it did not hold
   * (the range was found in that pass) or was not known (a pass finds it first).
   */
  readonly passes: number;
}

/** The columns the sheet already uses, when the results would not fit beside them. */
export interface TooManyColumns {
  readonly tooManyColumns: number;
}

/** What reading the file found of the order sheet, which writing results back into the same file starts on. */
export interface SheetAsRead {
  /** Its rightmost column holding a value. */
  readonly lastColumn: number;
  /** Where its rows lie in its part, when they were read from the bytes. */
  readonly rowPlaces?: RowPlaces;
}

/** The order sheet with its result columns, right of its used range, on what reading the file found, if it was read. */
export async function rewriteOrderSheet(
  source: OrderSheetSource,
  asRead?: SheetAsRead,
): Promise<RewrittenOrderSheet | TooManyColumns> {
  const columns = resultColumnsOf(source.data);
  // Another part's places could fall on some other row's `</row>`: they are taken only for the part they were found in.
  const places = asRead?.rowPlaces && isSamePart(asRead.rowPlaces.part, source.entry) ? asRead.rowPlaces : undefined;
  let found: UsedRange | undefined;
  let passes = 0;
  if (asRead !== undefined && fitsBeside(asRead.lastColumn, source.data)) {
    // A sheet that cannot be rewritten is refused by the passes below, in their words.
    const attempt = await rewriteOnWord(source, columns, asRead.lastColumn, places).catch(() => undefined);
    if (attempt && "part" in attempt) return attempt;
    found = attempt?.found;
    passes++;
  }
  if (found === undefined) {
    found = await scanUsedRange(source, columns, places);
    passes++;
  }
  const lastUsed = lastUsedColumn(found, source.data);
  if (!fitsBeside(lastUsed, source.data)) return { tooManyColumns: lastUsed };
  const styles = new StylesPatch(source.stylesXml);
  const headerStyle = styles.boldFormat(found.headerStyle ?? 0);
  const { rewriter, dates } = rewriterOf(source, columns, styles, lastUsed + 1, () => headerStyle);
  const part = await repackPart(source.original, source.entry, (out) => resultColumnsPart(rewriter, out, places));
  return { part, styles, dates, passes: passes + 1 };
}

/**
 * One pass writing the results right of `lastColumn`, finding the used range as it goes: the sheet written when that
 * is where they belong (and the header's look was known when its row was written), else the used range found.
 */
async function rewriteOnWord(
  source: OrderSheetSource,
  columns: ResultColumns,
  lastColumn: number,
  places: RowPlaces | undefined,
): Promise<RewrittenOrderSheet | { readonly found: UsedRange }> {
  const scan = usedRangeScanOf(source.data, columns);
  const styles = new StylesPatch(source.stylesXml);
  let headerBase: number | undefined;
  let isHeaderWritten = false;
  const { rewriter, dates } = rewriterOf(source, columns, styles, lastColumn + 1, () => {
    headerBase = scan.headerStyleFound;
    isHeaderWritten = true;
    return styles.boldFormat(headerBase ?? 0);
  });
  let isInStep = true;
  const part = await repackPart(source.original, source.entry, (out) =>
    checkedResultColumnsPart(rewriter, scan, out, places, () => {
      isInStep = false;
    }),
  );
  const found = scan.finish();
  const holds =
    isInStep &&
    lastUsedColumn(found, source.data) === lastColumn &&
    (!isHeaderWritten || headerBase === found.headerStyle);
  return holds ? { part, styles, dates, passes: 1 } : { found };
}

/** The rightmost column the results go after: the used range's, or a merged range's across a written row. */
function lastUsedColumn(used: UsedRange, data: ResultSheetData): number {
  // Right of a merged range across a written row, so the results are not hidden under it, where they still fit a sheet
  // the reader takes.
  return used.mergedLastColumn > 0 && used.mergedLastColumn + data.columns.length <= SHEET_LIMITS.maxColumns
    ? used.mergedLastColumn
    : used.lastColumn;
}

const fitsBeside = (lastColumn: number, data: ResultSheetData) => lastColumn + data.columns.length <= GRID_COLUMNS;

const usedRangeScanOf = (data: ResultSheetData, columns: ResultColumns) =>
  new UsedRangeScan(data.headerRowNumber, columns.toWrite.rowNumbers);

/** The order sheet's used range, from its XML as it inflates: its rows read from the bytes where they can be. */
async function scanUsedRange(
  { original, entry, data, fileLabel }: OrderSheetSource,
  columns: ResultColumns,
  places: RowPlaces | undefined,
): Promise<UsedRange> {
  const scan = usedRangeScanOf(data, columns);
  const part = usedRangePart(scan, places);
  await inflateEntry(original, entry, fileLabel, SHEET_LIMITS.zip.maxInflatedBytes, (chunk) => part.push(chunk));
  part.end();
  return scan.finish();
}

/**
 * The result columns' headers as written, which hold money, their widths, and the rows they are written on: the same
 * whatever the pass.
 */
interface ResultColumns {
  readonly headers: readonly string[];
  readonly isMoney: readonly boolean[];
  readonly widths: readonly number[];
  readonly toWrite: RowsToWrite<readonly ResultCell[]>;
}

function resultColumnsOf(data: ResultSheetData): ResultColumns {
  const isMoney = data.columns.map((name) => MONEY_COLUMNS.has(name));
  return {
    headers: data.columns.map(safeText),
    isMoney,
    widths: contentWidths(data.columns, data.rows, isMoney).map(clampWidth),
    toWrite: rowsToWrite(data.headerRowNumber, data.rows),
  };
}

/** A rewriter putting the results from `firstColumn` on, its formats added to `styles`. */
function rewriterOf(
  source: OrderSheetSource,
  columns: ResultColumns,
  styles: StylesPatch,
  firstColumn: number,
  headerStyle: () => number,
): { rewriter: ResultColumnsRewriter; dates: DateCells } {
  const { data } = source;
  const dates = source.datesOf(styles);
  const rewriter = new ResultColumnsRewriter({
    ...columns,
    firstColumn,
    headerRowNumber: data.headerRowNumber,
    rows: data.rows,
    headerStyle,
    moneyStyle: (base) => styles.moneyFormat(base),
    dates,
  });
  return { rewriter, dates };
}
