import { formatCount } from "../../../core/plural";
import { columnLetter } from "../../../core/sheet-model";
import { SHEET_LIMITS } from "../../limits";
import { failure, SheetReadError } from "../../read-failure";
import type { XmlRefusal } from "../../xml/xml-refusal";

/**
 * Why a workbook is not read, in the user's words: what the file holds and what to do. Each
 * is thrown as a SheetReadError and returned as data at the reader's edge.
 */
const { xlsx } = SHEET_LIMITS;
const SAVE_AGAIN = "save it again and drop the new file";

/** A part of the workbook as the user may think of it: `its sheet "Orders"`, `its table of shared texts`. */
export type PartDescription = string;

export function xmlRefused(fileName: string, refusal: XmlRefusal, part: PartDescription): SheetReadError {
  const unsafe = (what: string) =>
    new SheetReadError(
      failure(
        "UNSAFE_CONTENT",
        `${fileName} is not a workbook this importer can read safely: ${part} ${what}, ` +
          "which no spreadsheet program writes. If the file comes from someone you trust, " +
          "open it in your spreadsheet program, save it as a new .xlsx and drop that file.",
      ),
    );
  switch (refusal.kind) {
    case "doctype":
      return unsafe("holds a document type declaration (definitions that can make a reader expand text without end)");
    case "depth":
      return unsafe(`is built of parts inside parts more than ${xlsx.maxXmlDepth} levels deep`);
    case "markup-size":
      return unsafe(`holds a single entry of more than ${formatCount(xlsx.maxMarkupChars)} characters`);
    case "malformed":
      return new SheetReadError(
        failure(
          "CORRUPT",
          `${fileName} looks damaged (${part} is cut short or garbled). ` +
            `Open it in your spreadsheet program, ${SAVE_AGAIN}.`,
        ),
      );
  }
}

/** `where` names the cell: `cell B7 of sheet "Orders"`, or `one of the shared texts`. */
export function cellTooLong(fileName: string, where: string): SheetReadError {
  return new SheetReadError(
    failure(
      "CELL_TOO_LONG",
      `In ${fileName}, ${where} holds more than ${formatCount(xlsx.maxCellChars)} characters, ` +
        `more than a spreadsheet cell can hold. Shorten that cell in your spreadsheet program, ${SAVE_AGAIN}.`,
    ),
  );
}

export function tooManyColumns(
  fileName: string,
  sheet: string,
  rowNumber: number,
  columnIndex: number,
): SheetReadError {
  const column = columnLetter(columnIndex);
  return new SheetReadError(
    failure(
      "TOO_MANY_COLUMNS",
      `Sheet "${sheet}" of ${fileName} has a value in column ${column} (cell ${column}${rowNumber}); ` +
        `an order sheet may have up to ${formatCount(SHEET_LIMITS.maxColumns)} columns. Is it really an order sheet? ` +
        `Delete what lies to the right of the order table, ${SAVE_AGAIN}.`,
    ),
  );
}

export function tooManyRows(fileName: string, sheet: string, sheetRows: number): SheetReadError {
  return new SheetReadError(
    failure(
      "TOO_MANY_ROWS",
      `${fileName} has more than ${formatCount(xlsx.maxRows + SHEET_LIMITS.headerAllowance)} rows ` +
        `(sheet "${sheet}" alone has ${formatCount(sheetRows)} so far); ` +
        `workbooks up to ${formatCount(xlsx.maxRows)} order rows can be read (blank rows are not counted). ` +
        "Split the order sheet into smaller files.",
    ),
  );
}

export function tooManyCells(fileName: string): SheetReadError {
  return new SheetReadError(
    failure(
      "TOO_LARGE",
      `${fileName} holds more than ${formatCount(xlsx.maxCells)} filled cells, the most a workbook may have here. ` +
        "Save the order sheet alone in a workbook of its own, or split it.",
    ),
  );
}

export function tooManyMergedCells(fileName: string, sheet: string): SheetReadError {
  return new SheetReadError(
    failure(
      "TOO_LARGE",
      `Sheet "${sheet}" of ${fileName} has merged cells covering more than ${formatCount(xlsx.maxMergedCells)} ` +
        "cells of its table; an order sheet needs far fewer. " +
        `Unmerge the cells in your spreadsheet program, ${SAVE_AGAIN}.`,
    ),
  );
}

export function missingSharedText(
  fileName: string,
  sheet: string,
  rowNumber: number,
  columnIndex: number,
): SheetReadError {
  return new SheetReadError(
    failure(
      "CORRUPT",
      `${fileName} is damaged: cell ${columnLetter(columnIndex)}${rowNumber} of sheet "${sheet}" ` +
        "refers to text that is not in the workbook, so its value is lost. " +
        `Open it in your spreadsheet program (it may offer to repair it), check that cell, ${SAVE_AGAIN}.`,
      { rowNumber, columnIndex },
    ),
  );
}

export function rowBeyondGrid(fileName: string, sheet: string, rowNumber: number): SheetReadError {
  return new SheetReadError(
    failure(
      "CORRUPT",
      `${fileName} looks damaged (sheet "${sheet}" has a row numbered ${formatCount(rowNumber)}, ` +
        `past the 1,048,576 rows a sheet can have). Open it in your spreadsheet program, ${SAVE_AGAIN}.`,
    ),
  );
}
