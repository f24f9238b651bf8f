import { SHEET_LIMITS } from "../../limits";
import { cellTooLong, tooManyCells } from "./refusals";
import { SharedTexts } from "./shared-texts";
import { decodeEscapedCharacters } from "../../xml/xml-text";
import { AMPERSAND, CR, xmlTextAt } from "../../xml/xml-bytes";
import type { XmlStartTag } from "../../xml/xml-event-scanner";

/** `_x000D_` is 7 characters standing for one: a text can be that much longer as written. */
const ESCAPE_LENGTH = 7;
const UNDERSCORE = 0x5f;

/** Whether text in XML needs more than UTF-8 decoding: a reference (`&amp;`), a line end to normalise, an `_xHHHH_`. */
function needsDecoding(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    if (byte === AMPERSAND || byte === CR || byte === UNDERSCORE) return true;
  }
  return false;
}

/**
 * Reads `xl/sharedStrings.xml`: each `<si>` as plain text, rich text runs joined, phonetic
 * guides (`<rPh>`) left out, Excel's `_xHHHH_` escapes decoded. A text longer than a cell
 * can hold, or more texts than cells a workbook may have, stop the reading.
 */
export function createSharedStringsReader(fileName: string) {
  const { maxCellChars, maxCells } = SHEET_LIMITS.xlsx;
  const texts = new SharedTexts();
  let current = "";
  let isInItem = false;
  let phoneticDepth = 0;
  /** An item's text as written (XML-decoded), at its end. */
  const addText = (written: string) => {
    const text = decodeEscapedCharacters(written);
    if (text.length > maxCellChars) throw cellTooLong(fileName, "one of the shared texts");
    if (texts.count >= maxCells) throw tooManyCells(fileName);
    texts.addText(text);
  };
  const handler = {
    wantsText: false,
    open(tag: XmlStartTag) {
      switch (tag.name) {
        case "si":
          isInItem = true;
          current = "";
          break;
        case "t":
          handler.wantsText = isInItem && phoneticDepth === 0;
          break;
        case "rPh":
          phoneticDepth++;
          break;
      }
    },
    close(name: string) {
      switch (name) {
        case "t":
          handler.wantsText = false;
          break;
        case "rPh":
          phoneticDepth--;
          break;
        case "si":
          addText(current);
          isInItem = false;
          current = "";
          break;
      }
    },
    text(text: string) {
      current += text;
      if (current.length > maxCellChars * ESCAPE_LENGTH) throw cellTooLong(fileName, "one of the shared texts");
    },
  };
  return {
    handler,
    /**
     * The same reader, for the items the byte scanner reads: an item's text as written, `bytes[start..end)`. Most need
     * no decoding and are kept as they are.
     */
    addBytes(bytes: Uint8Array, start: number, end: number) {
      if (end - start > maxCellChars || needsDecoding(bytes, start, end)) addText(xmlTextAt(bytes, start, end));
      else {
        if (texts.count >= maxCells) throw tooManyCells(fileName);
        texts.addBytes(bytes, start, end);
      }
    },
    strings(): SharedTexts {
      return texts;
    },
  };
}
