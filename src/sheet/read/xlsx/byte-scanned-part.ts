import { SHEET_LIMITS } from "../../limits";
import { joinBytes, partEncodingOf } from "../../zip/part-text";
import {
  asciiBytes,
  type ByteAttribute,
  endsName,
  indexOfBytes,
  NEEDS_MORE,
  nextAttribute,
  NOT_PLAIN,
  OPEN_TAG,
} from "../../xml/xml-bytes";
import type { XmlHandler } from "../../xml/xml-event-scanner";
import { partReader, type PartReader } from "./part-reader";
import type { PartDescription } from "./refusals";

/** Why a byte scanner stopped; its `stoppedAt` says where. */
export const enum ByteScanStop {
  /** The bytes ran out part-way through what it reads whole: scan again from there with more. */
  NeedsMore,
  /** Something it leaves to the XML reader, which goes on from there. */
  NotPlain,
  /** The end tag of the element it reads the content of is next. */
  End,
}

/** Reads the content of one element of a part straight from its UTF-8 bytes, as the XML reader would pass it on. */
export interface ByteScanner {
  scan(bytes: Uint8Array, from: number): ByteScanStop;
  /** Where the last scan stopped: the `<` of what it did not read. */
  readonly stoppedAt: number;
  /** Elements it has open where it stopped, within the one whose content it reads. */
  readonly openElements: number;
}

/** The element whose content the byte scanner reads, and how deep the XML reader is inside it. */
export interface ScannedElement {
  readonly name: string;
  readonly depth: number;
}

/** A piece cut short at its end is joined with this much of the next to finish it, not with the whole piece. */
const BRIDGE_BYTES = 4096;
/** Content still cut short after this many bytes is left to the XML reader, whose limits then apply. */
const MAX_HELD_BYTES = SHEET_LIMITS.xlsx.maxMarkupChars;
const NOTHING = new Uint8Array(0);

const enum Mode {
  /** Before the element's start tag: everything goes to the XML reader, and the bytes are searched for the tag. */
  Head,
  /** The element's content, by the byte scanner. */
  Content,
  /** The XML reader alone, to the end. */
  Xml,
}

/**
 * Reads a part with both readers: the XML reader for everything around one element, and a
 * byte scanner for that element's content, both passing what they read to the same handler.
 * Where the scanner meets what it leaves alone, the XML reader takes the rest of the part from
 * there; a part in UTF-16, or whose element is not where the XML reader expects it, is the XML
 * reader's alone.
 */
export function byteScannedPartReader(
  handler: XmlHandler,
  scanner: ByteScanner,
  element: ScannedElement,
  fileName: string,
  part: PartDescription,
): PartReader {
  const xml = partReader(handler, fileName, part);
  const startTag = asciiBytes(`<${element.name}`);
  const attribute: ByteAttribute = { nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0, end: 0 };
  let mode = Mode.Head;
  let held: Uint8Array = NOTHING;
  let isFirst = true;

  /** The XML reader reads on from here; the elements the scanner has open are its now. */
  const toXml = (...rest: Uint8Array[]) => {
    mode = Mode.Xml;
    held = NOTHING;
    xml.scanner.enterOpened(scanner.openElements);
    for (const bytes of rest) xml.push(bytes);
  };

  const scanFrom = (bytes: Uint8Array, from: number) => {
    const stop = scanner.scan(bytes, from);
    if (stop !== ByteScanStop.NeedsMore) return toXml(bytes.subarray(scanner.stoppedAt));
    held = bytes.subarray(scanner.stoppedAt);
    if (held.length > MAX_HELD_BYTES) toXml(held);
  };

  const pushContent = (chunk: Uint8Array) => {
    if (held.length === 0) return scanFrom(chunk, 0);
    // Only what was cut short is joined with the start of this piece, reaching further until it is whole.
    for (let reach = BRIDGE_BYTES; ; reach *= 2) {
      if (reach >= chunk.length) return scanFrom(joinBytes([held, chunk]), 0);
      const bridge = joinBytes([held, chunk.subarray(0, reach)]);
      const stop = scanner.scan(bridge, 0);
      const at = scanner.stoppedAt;
      if (at < held.length) {
        if (stop === ByteScanStop.NeedsMore) continue;
        return toXml(bridge.subarray(at, held.length), chunk);
      }
      const offset = at - held.length;
      held = NOTHING;
      return stop === ByteScanStop.NeedsMore ? scanFrom(chunk, offset) : toXml(chunk.subarray(offset));
    }
  };

  const pushHead = (bytes: Uint8Array) => {
    const at = indexOfBytes(bytes, startTag, 0);
    if (at < 0) {
      // The start tag may begin at the end, cut short.
      const keep = Math.min(bytes.length, startTag.length);
      xml.push(bytes.subarray(0, bytes.length - keep));
      held = bytes.subarray(bytes.length - keep);
      return;
    }
    const nameEnd = at + startTag.length;
    let kind = nameEnd >= bytes.length ? NEEDS_MORE : NOT_PLAIN;
    if (nameEnd < bytes.length && endsName(bytes[nameEnd] as number)) kind = nextAttribute(bytes, nameEnd, attribute);
    while (kind === 0) kind = nextAttribute(bytes, attribute.end, attribute);
    if (kind === NEEDS_MORE && nameEnd + MAX_HELD_BYTES > bytes.length) {
      xml.push(bytes.subarray(0, at));
      held = bytes.subarray(at);
      return;
    }
    if (kind !== OPEN_TAG) return toXml(bytes);
    xml.push(bytes.subarray(0, attribute.end));
    // The content is scanned only where the XML reader is, as it must be, just inside the element.
    const isInside = xml.scanner.isBetweenTokens && xml.scanner.openElements === element.depth;
    held = NOTHING;
    if (isInside) {
      mode = Mode.Content;
      scanFrom(bytes, attribute.end);
    } else toXml(bytes.subarray(attribute.end));
  };

  return {
    push(chunk) {
      if (chunk.length === 0) return;
      if (isFirst) {
        isFirst = false;
        if (partEncodingOf(chunk) !== "utf-8") mode = Mode.Xml;
      }
      if (mode === Mode.Xml) xml.push(chunk);
      else if (mode === Mode.Content) pushContent(chunk);
      else pushHead(held.length === 0 ? chunk : joinBytes([held, chunk]));
    },
    end() {
      if (held.length > 0) {
        if (mode === Mode.Content) toXml(held);
        else xml.push(held);
      }
      xml.end();
    },
  };
}
