import { SHEET_LIMITS } from "../../limits";
import { partEncodingOf } from "../../zip/part-text";
import { xmlRefused, type PartDescription } from "./refusals";
import { XmlEventScanner, type XmlHandler } from "../../xml/xml-event-scanner";
import { XmlRefusal } from "../../xml/xml-refusal";

export interface PartReader {
  /** The next inflated bytes of the part. */
  push(chunk: Uint8Array): void;
  /** The part has ended. */
  end(): void;
}

/** A part reader whose XML reader others may read alongside (see `worksheetPartReader`). */
export interface XmlPartReader extends PartReader {
  readonly scanner: XmlEventScanner;
}

/**
 * Feeds one part's bytes, as they inflate, through a decoder (UTF-8, or UTF-16 when the part
 * starts with its byte-order mark) to the scanner and `handler`. What the scanner refuses
 * comes out as a failure naming the part as the user knows it.
 */
export function partReader(handler: XmlHandler, fileName: string, part: PartDescription): XmlPartReader {
  const scanner = new XmlEventScanner(handler, {
    maxDepth: SHEET_LIMITS.xlsx.maxXmlDepth,
    maxMarkupLength: SHEET_LIMITS.xlsx.maxMarkupChars,
  });
  let decoder: TextDecoder | undefined;
  const guarded = (step: () => void) => {
    try {
      step();
    } catch (error) {
      throw error instanceof XmlRefusal ? xmlRefused(fileName, error, part) : error;
    }
  };
  return {
    scanner,
    push(chunk) {
      if (chunk.length === 0) return;
      decoder ??= new TextDecoder(partEncodingOf(chunk));
      const text = decoder.decode(chunk, { stream: true });
      guarded(() => scanner.push(text));
    },
    end() {
      const rest = decoder?.decode() ?? "";
      guarded(() => {
        if (rest) scanner.push(rest);
        scanner.end();
      });
    },
  };
}
