import { byteScannedStream, type ByteScanner } from "../../xml/byte-scanned-stream";
import type { XmlHandler } from "../../xml/xml-event-scanner";
import { partReader, type PartReader } from "./part-reader";
import type { PartDescription } from "./refusals";

/** The element whose content the byte scanner reads, and how deep the XML reader is inside it. */
export interface ScannedElement {
  readonly name: string;
  readonly depth: number;
}

/**
 * Reads a part with both readers: the XML reader for everything around one element, and a byte scanner for that
 * element's content, both passing what they read to the same handler (see `byteScannedStream`).
 */
export function byteScannedPartReader(
  handler: XmlHandler,
  scanner: ByteScanner,
  element: ScannedElement,
  fileName: string,
  part: PartDescription,
): PartReader {
  const xml = partReader(handler, fileName, part);
  return byteScannedStream(
    {
      push: (bytes) => xml.push(bytes),
      end: () => xml.end(),
      isInside: () => xml.scanner.isBetweenTokens && xml.scanner.openElements === element.depth,
      takeOver: (openElements) => xml.scanner.enterOpened(openElements),
    },
    scanner,
    element.name,
  );
}
