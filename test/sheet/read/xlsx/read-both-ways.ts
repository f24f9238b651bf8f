import { SheetReadError } from "../../../../src/sheet/read-failure";
import { byteScannedPartReader } from "../../../../src/sheet/read/xlsx/byte-scanned-part";
import type { ByteScanner } from "../../../../src/sheet/xml/byte-scanned-stream";
import { partReader } from "../../../../src/sheet/read/xlsx/part-reader";
import type { XmlHandler } from "../../../../src/sheet/xml/xml-event-scanner";

/** A part and what reads it: the XML reader's handler and, for the byte scanner's way, the scanner of its element. */
export interface PartUnderTest<T> {
  readonly handler: XmlHandler;
  readonly scanner: ByteScanner;
  readonly element: { readonly name: string; readonly depth: number };
  /** What was read, once the part has ended. */
  readonly result: () => T;
}

/**
 * What a part's bytes read as, pushed in the pieces `cuts` makes (at those offsets): by the byte scanner with the XML
 * reader around it, or by the XML reader alone; a refusal is given as its failure.
 */
export function readInPieces<T>(
  part: PartUnderTest<T>,
  bytes: Uint8Array,
  cuts: readonly number[],
  reader: "bytes" | "xml",
): T | SheetReadError["failure"] {
  const description = "the part under test";
  const read =
    reader === "bytes"
      ? byteScannedPartReader(part.handler, part.scanner, part.element, "orders.xlsx", description)
      : partReader(part.handler, "orders.xlsx", description);
  // Each piece is pushed in the same memory and scribbled over once pushed, as an inflater writing the next piece
  // where the last one was does: what a reader keeps of a piece without copying it reads wrong.
  const memory = new Uint8Array(bytes.length);
  const push = (piece: Uint8Array) => {
    const reused = memory.subarray(0, piece.length);
    reused.set(piece);
    read.push(reused);
    reused.fill(0xff);
  };
  try {
    let at = 0;
    for (const cut of [...cuts].sort((a, b) => a - b)) {
      push(bytes.subarray(at, Math.max(at, cut)));
      at = Math.max(at, cut);
    }
    push(bytes.subarray(at));
    read.end();
    return part.result();
  } catch (error) {
    if (error instanceof SheetReadError) return error.failure;
    throw error;
  }
}

/**
 * A part's text read both ways: by the byte scanner in the pieces `cuts` makes (taken modulo its length), and by the
 * XML reader alone in one piece; `makePart` gives a fresh part each time.
 */
export function readBothWays<T>(makePart: () => PartUnderTest<T>, xml: string, cuts: readonly number[]) {
  const bytes = new TextEncoder().encode(xml);
  return {
    scanned: readInPieces(
      makePart(),
      bytes,
      cuts.map((cut) => cut % (bytes.length + 1)),
      "bytes",
    ),
    whole: readInPieces(makePart(), bytes, [], "xml"),
  };
}
