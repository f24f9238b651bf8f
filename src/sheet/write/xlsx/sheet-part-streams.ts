import { byteScannedStream } from "../../xml/byte-scanned-stream";
import {
  partDecoder,
  textRewriterOf,
  type PartOutput,
  type PartRewriter,
  type TextRewriter,
} from "../../zip/part-text";
import type { ResultColumnsRewriter } from "./result-columns-rewriter";
import type { UsedRangeScan } from "./used-range-scan";
import { WholeRowScanner, type WholeRowReader } from "./whole-row-scanner";
import type { RowPlaces } from "../../read/xlsx/row-places";

/**
 * The byte scanner reads the rows of `<sheetData>`; it stops only between rows, so the text side never takes over
 * inside an element.
 */
const SHEET_DATA = "sheetData";

/** Where what the used-range scan would write goes: it writes nothing. */
const IGNORED: PartOutput = { bytes() {}, text() {} };

/**
 * The order sheet's bytes, as they inflate, through `rewriter`: the rows read whole from the bytes where they can be,
 * everything else as text. `places`, where the reading of the same part found its rows, spares searching their ends.
 */
export function resultColumnsPart(rewriter: ResultColumnsRewriter, out: PartOutput, places?: RowPlaces): PartRewriter {
  return byteScannedStream(
    { ...textRewriterOf(rewriter, out), isInside: () => rewriter.isBetweenRows, takeOver: () => {} },
    new WholeRowScanner(rewriter, out, places),
    SHEET_DATA,
  );
}

/**
 * `resultColumnsPart`, with `scan` reading the same rows as they pass, before the rewriter does (so the header row's
 * look is known when its new cells are written): the used range found in the same pass. Each row goes to both as
 * bytes, or to both as text. Should the two ever part ways (a row one of them took from the bytes and the other
 * would not), `onOutOfStep` is told: the scan's used range then says nothing.
 */
export function checkedResultColumnsPart(
  rewriter: ResultColumnsRewriter,
  scan: UsedRangeScan,
  out: PartOutput,
  places: RowPlaces | undefined,
  onOutOfStep: () => void,
): PartRewriter {
  const bothAsText: TextRewriter = {
    push(text) {
      scan.push(text);
      return rewriter.push(text);
    },
    finish: () => rewriter.finish(),
  };
  const bothAsBytes: WholeRowReader = {
    wholeRow(bytes, row, edit) {
      if (!scan.wholeRow(bytes, row)) return false;
      if (rewriter.wholeRow(bytes, row, edit)) return true;
      onOutOfStep();
      return false;
    },
  };
  return byteScannedStream(
    {
      ...textRewriterOf(bothAsText, out),
      isInside: () => rewriter.isBetweenRows && scan.isBetweenRows,
      takeOver: () => {},
    },
    new WholeRowScanner(bothAsBytes, out, places),
    SHEET_DATA,
  );
}

/** The order sheet's bytes, as they inflate, through `scan`, read as `resultColumnsPart` reads them. */
export function usedRangePart(scan: UsedRangeScan, places?: RowPlaces): PartRewriter {
  const decoder = partDecoder();
  return byteScannedStream(
    {
      push: (bytes) => scan.push(decoder.decode(bytes)),
      end: () => scan.push(decoder.end()),
      isInside: () => scan.isBetweenRows,
      takeOver: () => {},
    },
    new WholeRowScanner(scan, IGNORED, places),
    SHEET_DATA,
  );
}
