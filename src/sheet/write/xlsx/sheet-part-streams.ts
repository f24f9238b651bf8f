import { byteScannedStream } from "../../xml/byte-scanned-stream";
import { partDecoder, textRewriterOf, type PartOutput, type PartRewriter } from "../../zip/part-text";
import type { ResultColumnsRewriter } from "./result-columns-rewriter";
import type { UsedRangeScan } from "./used-range-scan";
import { WholeRowScanner } from "./whole-row-scanner";

/**
 * The byte scanner reads the rows of `<sheetData>`; it stops only between rows, so the text side never takes over
 * inside an element.
 */
const SHEET_DATA = "sheetData";

/** Where what the used-range scan would write goes: it writes nothing. */
const IGNORED: PartOutput = { bytes() {}, text() {} };

/**
 * The order sheet's bytes, as they inflate, through `rewriter`: the rows read whole from the bytes where they can be,
 * everything else as text.
 */
export function resultColumnsPart(rewriter: ResultColumnsRewriter, out: PartOutput): PartRewriter {
  return byteScannedStream(
    { ...textRewriterOf(rewriter, out), isInside: () => rewriter.isBetweenRows, takeOver: () => {} },
    new WholeRowScanner(rewriter, out),
    SHEET_DATA,
  );
}

/** The order sheet's bytes, as they inflate, through `scan`, read as `resultColumnsPart` reads them. */
export function usedRangePart(scan: UsedRangeScan): PartRewriter {
  const decoder = partDecoder();
  return byteScannedStream(
    {
      push: (bytes) => scan.push(decoder.decode(bytes)),
      end: () => scan.push(decoder.end()),
      isInside: () => scan.isBetweenRows,
      takeOver: () => {},
    },
    new WholeRowScanner(scan, IGNORED),
    SHEET_DATA,
  );
}
