import { isBuiltInDateFormat, isDateFormat } from "./cell-values";
import type { XmlHandler, XmlStartTag } from "../../xml/xml-event-scanner";

/** Excel allows 64,000 cell formats; more are not read (their cells read as plain numbers). */
const MAX_CELL_FORMATS = 65_536;

/**
 * Reads `xl/styles.xml` for the one thing reading needs from it: which cell formats (the `s`
 * of a cell) show numbers as dates. A format's number format is a built-in one by id, or one
 * of the workbook's own (`<numFmts>`), which may also redefine a built-in id.
 */
export function createStylesReader() {
  const customFormats = new Map<number, string>();
  const formatIds: number[] = [];
  let isInNumFmts = false;
  let isInCellXfs = false;
  const handler: XmlHandler = {
    wantsText: false,
    open(tag: XmlStartTag) {
      switch (tag.name) {
        case "numFmts":
          isInNumFmts = true;
          break;
        case "cellXfs":
          isInCellXfs = true;
          break;
        case "numFmt":
          if (isInNumFmts) {
            const id = Number(tag.attr("numFmtId"));
            const code = tag.attr("formatCode");
            if (Number.isInteger(id) && code !== undefined) customFormats.set(id, code);
          }
          break;
        case "xf":
          if (isInCellXfs && formatIds.length < MAX_CELL_FORMATS)
            formatIds.push(Number(tag.attr("numFmtId") ?? 0) || 0);
          break;
      }
    },
    close(name: string) {
      if (name === "numFmts") isInNumFmts = false;
      else if (name === "cellXfs") isInCellXfs = false;
    },
    text() {},
  };
  return {
    handler,
    /** For each cell format by index, 1 when it shows a date. */
    dateStyles(): Uint8Array {
      const flags = new Uint8Array(formatIds.length);
      formatIds.forEach((id, index) => {
        const custom = customFormats.get(id);
        flags[index] = (custom !== undefined ? isDateFormat(custom) : id !== 0 && isBuiltInDateFormat(id)) ? 1 : 0;
      });
      return flags;
    },
  };
}
