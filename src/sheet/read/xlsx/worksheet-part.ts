import { columnLetter } from "../../../core/sheet-model";
import { SHEET_LIMITS } from "../../limits";
import { isoToSerial } from "./cell-values";
import { GRID_ROWS, parseCellRange, parseCellRef } from "../../formats/cell-ref";
import type { Relationship } from "./package-parts";
import { cellTooLong, missingSharedText, rowBeyondGrid, tooManyCells, tooManyColumns, tooManyMergedCells, tooManyRows } from "./refusals";
import { SheetStoreBuilder, type SharedStrings, type SheetStore } from "./sheet-store";
import { HAS_TEXT } from "./value-tests";
import { isTrue } from "../../xml/xml-attributes";
import { decodeEscapedCharacters } from "../../xml/xml-text";
import type { XmlStartTag } from "../../xml/xml-event-scanner";

/** What all sheets of a workbook share while they are read, and the counts that bound them together. */
export interface WorkbookContext {
  readonly fileName: string;
  readonly strings: SharedStrings;
  /** For each cell format, 1 when it shows numbers as dates. */
  readonly dateStyles: Uint8Array;
  readonly is1904: boolean;
  /** Cells kept (values and links), all sheets together. */
  cells: number;
  /** Rows that are not blank, all sheets together. */
  orderRows: number;
}

/** A shared-text cell's value: the index of its text among the workbook's shared texts. */
const SHARED_INDEX = /^\s*\d+\s*$/;

const enum Capture {
  None,
  Value,
  Inline,
}

/**
 * Reads one worksheet part as it is scanned, keeping each cell that holds a value in the
 * sheet's store as soon as its tag closes: shared strings by index, numbers (dates by their
 * cell format), booleans, errors and inline or formula text, a formula as its cached result.
 * Hidden rows, merged ranges and links follow the cells and are read into the store too.
 * The limits (rows, columns, cells, text, merged cells) stop the reading when passed.
 */
export function createWorksheetReader(context: WorkbookContext, sheetName: string, relationships: ReadonlyMap<string, Relationship>) {
  const { fileName, strings, dateStyles, is1904 } = context;
  const { maxCellChars, maxCells, maxMergedCells, maxRows } = SHEET_LIMITS.xlsx;
  const { maxColumns, headerAllowance } = SHEET_LIMITS;
  const maxOrderRows = maxRows + headerAllowance;
  const builder = new SheetStoreBuilder(strings, is1904);

  let isInData = false;
  let isInRow = false;
  let isInCell = false;
  let isInInline = false;
  let phoneticDepth = 0;
  let capture = Capture.None;
  let rowNumber = 0;
  let nextColumn = 0;
  let sheetOrderRows = 0;
  let mergedCells = 0;
  // The cell being read.
  let columnIndex = 0;
  let styleIndex = 0;
  let type = "n";
  let value = "";
  let inline = "";
  let hasInline = false;

  const cellName = () => `cell ${columnLetter(columnIndex)}${rowNumber} of sheet "${sheetName}"`;

  function keepCell(): void {
    if (type === "inlineStr" || hasInline) {
      const text = decodeEscapedCharacters(hasInline ? inline : value);
      if (text.length > maxCellChars) throw cellTooLong(fileName, cellName());
      if (text !== "") keepText(text);
      return;
    }
    if (value === "") return;
    switch (type) {
      case "s": {
        // A cell naming text the workbook does not hold is damage, not a blank cell: reading on would lose the value unseen.
        const index = SHARED_INDEX.test(value) ? parseInt(value, 10) : -1;
        if (index < 0 || index >= strings.texts.length) throw missingSharedText(fileName, sheetName, rowNumber, columnIndex);
        if (admit(strings.isBlank[index] === 0)) builder.addShared(columnIndex, index);
        return;
      }
      case "str":
      case "e":
        keepText(value);
        return;
      case "b":
        if (admit(true)) builder.addBoolean(columnIndex, parseInt(value, 10) !== 0);
        return;
      case "d": {
        const serial = isoToSerial(value.trim(), is1904);
        if (!Number.isFinite(serial)) keepText(value);
        else if (admit(true)) builder.addNumber(columnIndex, serial, true);
        return;
      }
      default: {
        const number = parseFloat(value);
        if (Number.isNaN(number)) keepText(value);
        else if (admit(true)) builder.addNumber(columnIndex, number, dateStyles[styleIndex] === 1);
      }
    }
  }

  /** Keeps a text cell if `admit` takes it, testing it for non-blank text once for both. */
  function keepText(text: string): void {
    const isFilled = HAS_TEXT.test(text);
    if (admit(isFilled)) builder.addText(columnIndex, text, isFilled);
  }

  /** Whether the cell is kept: within the columns (blank text far to the right is left out) and the cells a workbook may have. */
  function admit(isFilled: boolean): boolean {
    if (columnIndex >= maxColumns) {
      if (isFilled) throw tooManyColumns(fileName, sheetName, rowNumber, columnIndex);
      return false;
    }
    if (++context.cells > maxCells) throw tooManyCells(fileName);
    return true;
  }

  function countOrderRows(count: number): void {
    sheetOrderRows += count;
    context.orderRows += count;
    if (context.orderRows > maxOrderRows) throw tooManyRows(fileName, sheetName, sheetOrderRows);
  }

  const handler = {
    wantsText: false,
    open(tag: XmlStartTag): void {
      switch (tag.name) {
        case "c": {
          if (!isInRow) return;
          const column = tag.attrColumn("r");
          columnIndex = column >= 0 ? column : nextColumn;
          nextColumn = columnIndex + 1;
          styleIndex = tag.attrInteger("s") || 0;
          type = tag.attr("t") ?? "n";
          value = "";
          inline = "";
          hasInline = false;
          isInCell = true;
          return;
        }
        case "v":
          if (isInCell) {
            capture = Capture.Value;
            handler.wantsText = true;
          }
          return;
        case "is":
          if (isInCell) isInInline = hasInline = true;
          return;
        case "t":
          if (isInInline && phoneticDepth === 0) {
            capture = Capture.Inline;
            handler.wantsText = true;
          }
          return;
        case "rPh":
          if (isInInline) phoneticDepth++;
          return;
        case "row": {
          if (!isInData) return;
          const number = tag.attrInteger("r");
          rowNumber = number >= 1 ? number : rowNumber + 1;
          if (rowNumber > GRID_ROWS) throw rowBeyondGrid(fileName, sheetName, rowNumber);
          if (isTrue(tag.attr("hidden"))) builder.hideRow(rowNumber);
          builder.startRow(rowNumber);
          nextColumn = 0;
          isInRow = true;
          return;
        }
        case "sheetData":
          isInData = true;
          return;
        case "mergeCell": {
          const range = parseCellRange(tag.attr("ref") ?? "");
          if (range === undefined) return;
          mergedCells += builder.addMerge(range);
          if (mergedCells > maxMergedCells) throw tooManyMergedCells(fileName, sheetName);
          return;
        }
        case "hyperlink": {
          const ref = tag.attr("ref") ?? "";
          const link = relationships.get(tag.attr("id") ?? "");
          // As Excel relates them: a link to a web or mail address, on the one cell named.
          if (link === undefined || ref.includes(":")) return;
          const place = parseCellRef(ref);
          if (builder.addLink(place.rowNumber, place.columnIndex, link.target) && ++context.cells > maxCells) throw tooManyCells(fileName);
          return;
        }
      }
    },
    close(name: string): void {
      switch (name) {
        case "v":
        case "t":
          if (capture !== Capture.None) {
            capture = Capture.None;
            handler.wantsText = false;
          }
          return;
        case "c":
          if (isInCell) keepCell();
          isInCell = false;
          return;
        case "is":
          isInInline = false;
          return;
        case "rPh":
          if (isInInline) phoneticDepth--;
          return;
        case "row":
          if (isInRow && builder.endRow()) countOrderRows(1);
          isInRow = false;
          return;
        case "sheetData":
          isInData = false;
          builder.endCells();
          return;
      }
    },
    text(text: string): void {
      if (capture === Capture.Value) {
        value += text;
        if (value.length > maxCellChars) throw cellTooLong(fileName, cellName());
      } else if (capture === Capture.Inline) {
        inline += text;
        // `_x000D_` escapes are 7 characters for one; the decoded text is measured when the cell ends.
        if (inline.length > maxCellChars * 7) throw cellTooLong(fileName, cellName());
      }
    },
  };

  return {
    handler,
    /** The sheet once its part has ended; rows that only merges or links fill count as order rows now. */
    finish(): SheetStore {
      const sheet = builder.finish();
      if (sheet.filledRowCount > sheetOrderRows) countOrderRows(sheet.filledRowCount - sheetOrderRows);
      return sheet;
    },
    get orderRows(): number {
      return sheetOrderRows;
    },
  };
}
