import { readAttribute, withAttribute } from "../../xml/xml-attributes";
import { childElements, openTagOf } from "../../xml/xml-elements";

export interface PatchedCols {
  /** What replaces the sheet's `<cols>` (or goes before `<sheetData>` when it had none). */
  readonly xml: string;
  /** The style each result column had in the sheet's own `<cols>`, which its new cells take. */
  readonly styles: readonly (number | undefined)[];
}

interface Piece {
  readonly min: number;
  readonly xml: string;
}

/**
 * The sheet's column definitions with the result columns' widths: a definition of the
 * sheet's that covers result columns (often one hiding every unused column) is split around
 * them, so every other column keeps what it had and the results show. `held` is the sheet's
 * XML from its first `<cols>` to `<sheetData>` ("" when it has none); any further `<cols>`
 * there are merged into the first, anything else is kept. New elements take the prefix of
 * the sheet's `<cols>`, else `prefix`.
 */
export function patchCols(held: string, prefix: string, firstColumn: number, widths: readonly number[]): PatchedCols {
  const lastColumn = firstColumn + widths.length - 1;
  const groups = childElements(held);
  const p = groups.find((element) => element.name === "cols")?.prefix ?? prefix;
  const pieces: Piece[] = [];
  const covering: (string | undefined)[] = widths.map(() => undefined);
  for (const group of groups.filter((element) => element.name === "cols")) {
    for (const col of childElements(held, group)) {
      const xml = held.slice(col.start, col.end);
      const tag = openTagOf(held, col);
      const min = Number(readAttribute(tag, "min"));
      const max = Number(readAttribute(tag, "max"));
      if (!(min <= max) || max < firstColumn || min > lastColumn) {
        pieces.push({ min: Number.isFinite(min) ? min : 0, xml });
        continue;
      }
      const content = xml.slice(tag.length);
      if (min < firstColumn) pieces.push({ min, xml: withAttribute(tag, "max", firstColumn - 1) + content });
      if (max > lastColumn)
        pieces.push({ min: lastColumn + 1, xml: withAttribute(tag, "min", lastColumn + 1) + content });
      for (let column = Math.max(min, firstColumn); column <= Math.min(max, lastColumn); column++)
        covering[column - firstColumn] = tag;
    }
  }
  const styles = covering.map((tag) => {
    const style = tag === undefined ? undefined : readAttribute(tag, "style");
    return style === undefined ? undefined : Number(style);
  });
  widths.forEach((width, i) => {
    const style = styles[i];
    const column = firstColumn + i;
    pieces.push({
      min: column,
      xml:
        `<${p}col min="${column}" max="${column}" width="${width}" ` +
        `customWidth="1"${style === undefined ? "" : ` style="${style}"`}/>`,
    });
  });
  const cols = `<${p}cols>${pieces
    .sort((a, b) => a.min - b.min)
    .map((piece) => piece.xml)
    .join("")}</${p}cols>`;

  let xml = "";
  let at = 0;
  let isColsWritten = false;
  for (const group of groups) {
    xml += held.slice(at, group.start);
    at = group.end;
    if (group.name !== "cols") xml += held.slice(group.start, group.end);
    else if (!isColsWritten) {
      xml += cols;
      isColsWritten = true;
    }
  }
  return { xml: (isColsWritten ? xml : cols + xml) + held.slice(at), styles };
}
