import { SHEET_LIMITS } from "../limits";
import { joinBytes } from "../zip/join-bytes";
import { partEncodingOf } from "../zip/part-text";
import {
  asciiBytes,
  type ByteAttribute,
  endsName,
  indexOfBytes,
  NEEDS_MORE,
  nextAttribute,
  NOT_PLAIN,
  OPEN_TAG,
} from "./xml-bytes";

/** Why a byte scanner stopped; its `stoppedAt` says where. */
export const enum ByteScanStop {
  /** The bytes ran out part-way through what it reads whole: scan again from there with more. */
  NeedsMore,
  /** Something it leaves to the text reader, which goes on from there. */
  NotPlain,
  /** The end tag of the element it reads the content of is next. */
  End,
}

/** Reads the content of one element of a part straight from its UTF-8 bytes, as the text reader would. */
export interface ByteScanner {
  /**
   * Scans `bytes` from `from`; every byte before where it stops is dealt with. `origin` is where `bytes` start in the
   * part's bytes: the same byte has the same place however the part comes in pieces.
   */
  scan(bytes: Uint8Array, from: number, origin: number): ByteScanStop;
  /** Where the last scan stopped: the `<` of what it did not read. */
  readonly stoppedAt: number;
  /** Elements it has open where it stopped, within the one whose content it reads. */
  readonly openElements: number;
}

/** What reads a part as text: everything around the element the byte scanner reads, and whatever it leaves. */
export interface TextSide {
  /** The next bytes, to be decoded and read as text. */
  push(bytes: Uint8Array): void;
  end(): void;
  /** Whether it stands just inside the element, between tokens: the byte scanner may read the content from here. */
  isInside(): boolean;
  /** It reads on from where the byte scanner stopped, with `openElements` of the scanner's open within the element. */
  takeOver(openElements: number): void;
}

/** A part's bytes as they inflate. */
export interface ByteStream {
  /** The next bytes, only valid during the call (an inflater may write the next ones into the same memory). */
  push(chunk: Uint8Array): void;
  end(): void;
}

/** A piece cut short at its end is joined with this much of the next to finish it, not with the whole piece. */
const BRIDGE_BYTES = 4096;
/** Content still cut short after this many bytes is left to the text reader, whose limits then apply. */
const MAX_HELD_BYTES = SHEET_LIMITS.xlsx.maxMarkupChars;
const NOTHING = new Uint8Array(0);

const enum Mode {
  /** Before the element's start tag: everything goes to the text reader, and the bytes are searched for the tag. */
  Head,
  /** The element's content, by the byte scanner. */
  Content,
  /** The text reader alone, to the end. */
  Text,
}

/**
 * Reads a part with two readers: the text reader for everything around one element (`<name>`, without a prefix), and a
 * byte scanner for that element's content. Where the scanner meets what it leaves alone, the text reader takes the rest
 * of the part from there; a part in UTF-16, or whose element is not where the text reader expects it, is the text
 * reader's alone.
 */
export function byteScannedStream(text: TextSide, scanner: ByteScanner, elementName: string): ByteStream {
  const startTag = asciiBytes(`<${elementName}`);
  const attribute: ByteAttribute = { nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0, end: 0 };
  let mode = Mode.Head;
  /** The end of a piece, cut short, copied: the piece's memory may hold the next one by the time it is joined. */
  let held: Uint8Array = NOTHING;
  let isFirst = true;
  /** Where the piece being pushed starts in the part's bytes (what is held comes just before it), and its length. */
  let pieceStart = 0;
  let pieceLength = 0;

  /** The text reader reads on from here; the elements the scanner has open are its now. */
  const toText = (...rest: Uint8Array[]) => {
    mode = Mode.Text;
    held = NOTHING;
    text.takeOver(scanner.openElements);
    for (const bytes of rest) text.push(bytes);
  };

  const scanFrom = (bytes: Uint8Array, from: number, origin: number) => {
    const stop = scanner.scan(bytes, from, origin);
    if (stop !== ByteScanStop.NeedsMore) return toText(bytes.subarray(scanner.stoppedAt));
    held = bytes.slice(scanner.stoppedAt);
    if (held.length > MAX_HELD_BYTES) toText(held);
  };

  const pushContent = (chunk: Uint8Array) => {
    if (held.length === 0) return scanFrom(chunk, 0, pieceStart);
    const heldStart = pieceStart - held.length;
    // Only what was cut short is joined with the start of this piece, reaching further until it is whole.
    for (let reach = BRIDGE_BYTES; ; reach *= 2) {
      if (reach >= chunk.length) return scanFrom(joinBytes([held, chunk]), 0, heldStart);
      const bridge = joinBytes([held, chunk.subarray(0, reach)]);
      const stop = scanner.scan(bridge, 0, heldStart);
      const at = scanner.stoppedAt;
      if (at < held.length) {
        if (stop === ByteScanStop.NeedsMore) continue;
        return toText(bridge.subarray(at, held.length), chunk);
      }
      const offset = at - held.length;
      held = NOTHING;
      return stop === ByteScanStop.NeedsMore ? scanFrom(chunk, offset, pieceStart) : toText(chunk.subarray(offset));
    }
  };

  /** `bytes` start at `origin` in the part's bytes. */
  const pushHead = (bytes: Uint8Array, origin: number) => {
    const at = indexOfBytes(bytes, startTag, 0);
    if (at < 0) {
      // The start tag may begin at the end, cut short.
      const keep = Math.min(bytes.length, startTag.length);
      text.push(bytes.subarray(0, bytes.length - keep));
      held = bytes.slice(bytes.length - keep);
      return;
    }
    const nameEnd = at + startTag.length;
    let kind = nameEnd >= bytes.length ? NEEDS_MORE : NOT_PLAIN;
    if (nameEnd < bytes.length && endsName(bytes[nameEnd] as number)) kind = nextAttribute(bytes, nameEnd, attribute);
    while (kind === 0) kind = nextAttribute(bytes, attribute.end, attribute);
    if (kind === NEEDS_MORE && nameEnd + MAX_HELD_BYTES > bytes.length) {
      text.push(bytes.subarray(0, at));
      held = bytes.slice(at);
      return;
    }
    if (kind !== OPEN_TAG) return toText(bytes);
    text.push(bytes.subarray(0, attribute.end));
    // The content is scanned only where the text reader is, as it must be, just inside the element.
    held = NOTHING;
    if (text.isInside()) {
      mode = Mode.Content;
      scanFrom(bytes, attribute.end, origin);
    } else toText(bytes.subarray(attribute.end));
  };

  return {
    push(chunk) {
      if (chunk.length === 0) return;
      pieceStart += pieceLength;
      pieceLength = chunk.length;
      if (isFirst) {
        isFirst = false;
        if (partEncodingOf(chunk) !== "utf-8") mode = Mode.Text;
      }
      if (mode === Mode.Text) text.push(chunk);
      else if (mode === Mode.Content) pushContent(chunk);
      else pushHead(held.length === 0 ? chunk : joinBytes([held, chunk]), pieceStart - held.length);
    },
    end() {
      if (held.length > 0) {
        if (mode === Mode.Content) toText(held);
        else text.push(held);
      }
      text.end();
    },
  };
}
