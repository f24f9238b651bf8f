import { SHEET_LIMITS } from "../../limits";
import { partEncodingOf } from "../../zip/part-text";
import { joinBytes } from "../../zip/part-text";
import { asciiBytes, GT, indexOfBytes, skipSpace } from "../../xml/xml-bytes";
import type { XmlHandler } from "../../xml/xml-event-scanner";
import { partReader, type PartReader } from "./part-reader";
import type { PartDescription } from "./refusals";
import { SheetDataScanner, SheetDataStop, type SheetDataSink } from "./sheet-data-scanner";

const SHEET_DATA_START = asciiBytes("<sheetData");
/** Sheet data to the XML reader is `<worksheet><sheetData>`: two elements open. */
const DEPTH_OF_ROWS = 2;
/** A cell still cut short after this many bytes is left to the XML reader, whose limits then apply. */
const MAX_HELD_BYTES = SHEET_LIMITS.xlsx.maxMarkupChars;
const NOTHING = new Uint8Array(0);

const enum Mode {
  /** Before `<sheetData>`: everything goes to the XML reader, and the bytes are searched for it. */
  Head,
  /** Rows and cells by the byte scanner. */
  Rows,
  /** The XML reader alone, to the end. */
  Xml,
}

/**
 * Reads a worksheet part with both readers: the XML reader for everything around the sheet
 * data, and the byte scanner for the rows (see `SheetDataScanner`), both passing what they
 * read to the same worksheet reader. Where the scanner meets what it leaves alone, the XML
 * reader takes the rest of the part from that row or cell; a part in UTF-16 is the XML
 * reader's alone.
 */
export function worksheetPartReader(
  worksheet: { readonly handler: XmlHandler; readonly sink: SheetDataSink },
  fileName: string,
  part: PartDescription,
): PartReader {
  const xml = partReader(worksheet.handler, fileName, part);
  const rows = new SheetDataScanner(worksheet.sink);
  let mode = Mode.Head;
  let held: Uint8Array = NOTHING;
  let isFirst = true;

  const toXml = (bytes: Uint8Array, at: number) => {
    mode = Mode.Xml;
    held = NOTHING;
    if (rows.isInRow) xml.scanner.enterOpened(1);
    xml.push(bytes.subarray(at));
  };

  const pushRows = (bytes: Uint8Array) => {
    const stop = rows.scan(bytes, 0);
    if (stop === SheetDataStop.NeedsMore) {
      held = bytes.subarray(rows.stoppedAt);
      if (held.length > MAX_HELD_BYTES) toXml(held, 0);
    } else if (stop === SheetDataStop.NotPlain) toXml(bytes, rows.stoppedAt);
    else {
      mode = Mode.Xml;
      held = NOTHING;
      xml.push(bytes.subarray(rows.stoppedAt));
    }
  };

  const pushHead = (bytes: Uint8Array) => {
    const at = indexOfBytes(bytes, SHEET_DATA_START, 0);
    if (at < 0) {
      // The start of `<sheetData` may be at the end, cut short.
      const keep = Math.min(bytes.length, SHEET_DATA_START.length - 1);
      xml.push(bytes.subarray(0, bytes.length - keep));
      held = bytes.subarray(bytes.length - keep);
      return;
    }
    const close = skipSpace(bytes, at + SHEET_DATA_START.length);
    if (close >= bytes.length) {
      xml.push(bytes.subarray(0, at));
      held = bytes.subarray(at);
      return;
    }
    xml.push(bytes.subarray(0, bytes[close] === GT ? close + 1 : at));
    // Rows are scanned only where the XML reader is, as it must be, just inside `<worksheet><sheetData>`.
    const isAtRows = bytes[close] === GT && xml.scanner.isBetweenTokens && xml.scanner.openElements === DEPTH_OF_ROWS;
    held = NOTHING;
    if (isAtRows) {
      mode = Mode.Rows;
      pushRows(bytes.subarray(close + 1));
    } else {
      mode = Mode.Xml;
      xml.push(bytes.subarray(bytes[close] === GT ? close + 1 : at));
    }
  };

  return {
    push(chunk) {
      if (chunk.length === 0) return;
      if (isFirst) {
        isFirst = false;
        if (partEncodingOf(chunk) !== "utf-8") mode = Mode.Xml;
      }
      if (mode === Mode.Xml) return xml.push(chunk);
      const bytes = held.length === 0 ? chunk : joinBytes([held, chunk]);
      if (mode === Mode.Head) pushHead(bytes);
      else pushRows(bytes);
    },
    end() {
      if (held.length > 0) {
        if (mode === Mode.Rows) toXml(held, 0);
        else xml.push(held);
      }
      xml.end();
    },
  };
}
