/** Why a file could not be read, as data (it crosses the worker boundary intact). */
export type SheetFailureCode =
  | "EMPTY_FILE"
  | "TOO_LARGE"
  | "TOO_MANY_ROWS"
  | "TOO_MANY_COLUMNS"
  | "NOT_A_SPREADSHEET"
  | "LEGACY_XLS"
  | "ENCRYPTED"
  /**
   * A workbook holding what no spreadsheet program writes (a document type declaration, elements nested far deeper than
   * workbooks are): not read.
   */
  | "UNSAFE_CONTENT"
  | "UNSUPPORTED_FORMAT"
  | "CORRUPT"
  | "ZIP_BOMB"
  | "NO_TABLE"
  /** A quoted value opens and the file ends inside it. */
  | "UNTERMINATED_QUOTE"
  /** One row runs on for more text than any order row holds (a stray quote, or not a sheet at all). */
  | "ROW_TOO_LONG"
  /** A cell below the header holds more text than a spreadsheet cell can. */
  | "CELL_TOO_LONG"
  /** The header has nothing but blank rows (or nothing at all) under it. */
  | "NO_ORDER_ROWS";

export interface SheetReadFailure {
  readonly ok: false;
  readonly code: SheetFailureCode;
  /** A sentence for the user: what is wrong and what to do about it. */
  readonly message: string;
  /** The row it is about, as the user numbers rows, when it is about one. */
  readonly rowNumber?: number;
  /** The 0-based column of the cell it is about, when it is about one. */
  readonly columnIndex?: number;
}

export function failure(
  code: SheetFailureCode,
  message: string,
  at: { readonly rowNumber?: number; readonly columnIndex?: number } = {},
): SheetReadFailure {
  return { ok: false, code, message, ...at };
}

/** Thrown inside a reader to stop at once; caught at the reader's edge and returned as data. */
export class SheetReadError extends Error {
  constructor(readonly failure: SheetReadFailure) {
    super(failure.message);
    this.name = "SheetReadError";
  }
}
