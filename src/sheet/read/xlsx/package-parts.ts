import { resolvePartPath } from "../../formats/part-paths";
import { isTrue } from "../../xml/xml-attributes";
import type { XmlHandler, XmlStartTag } from "../../xml/xml-event-scanner";

/** One relationship of a part: where `r:id="rId3"` leads. */
export interface Relationship {
  /** The type's last word: `worksheet`, `sharedStrings`, `styles`, `hyperlink`… */
  readonly type: string;
  /** A path inside the zip (no leading slash), or the address itself when external. */
  readonly target: string;
  readonly isExternal: boolean;
}

export interface ListedSheet {
  readonly name: string;
  readonly relationshipId: string;
  /** `state="hidden"` or `"veryHidden"`. */
  readonly isHidden: boolean;
}

/** What `xl/workbook.xml` says: its sheets in their order, and its date system. */
export interface WorkbookListing {
  readonly sheets: ListedSheet[];
  is1904: boolean;
}

/** Reads a `.rels` part into `into`, keyed by relationship id. */
export function relationshipsHandler(sourcePart: string, into: Map<string, Relationship>): XmlHandler {
  return {
    wantsText: false,
    open(tag: XmlStartTag) {
      if (tag.name !== "Relationship") return;
      const id = tag.attr("Id");
      const target = tag.attr("Target");
      if (id === undefined || target === undefined) return;
      const isExternal = tag.attr("TargetMode") === "External";
      const type = tag.attr("Type") ?? "";
      into.set(id, {
        type: type.slice(type.lastIndexOf("/") + 1),
        target: isExternal ? target : resolvePartPath(sourcePart, target),
        isExternal,
      });
    },
    close() {},
    text() {},
  };
}

/** Reads `xl/workbook.xml`: the sheets as listed (their order is the workbook's) and the date system. */
export function workbookHandler(into: WorkbookListing): XmlHandler {
  return {
    wantsText: false,
    open(tag: XmlStartTag) {
      if (tag.name === "sheet") {
        const name = tag.attr("name");
        const relationshipId = tag.attr("id");
        const state = tag.attr("state");
        if (name !== undefined && relationshipId !== undefined)
          into.sheets.push({ name, relationshipId, isHidden: state === "hidden" || state === "veryHidden" });
      } else if (tag.name === "workbookPr") into.is1904 = isTrue(tag.attr("date1904"));
    },
    close() {},
    text() {},
  };
}
