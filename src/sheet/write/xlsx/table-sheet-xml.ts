import { isResultDate, type ResultTable } from "../../../core/result-sheet-data";
import { cellAddress } from "../../formats/cell-ref";
import { cellXml, resultValue, safeText, type DateCells } from "./cell-xml";
import { clampWidth, contentWidths } from "./column-widths";
import { escapeAttribute } from "../../xml/xml-attributes";

/**
 * A new worksheet part holding `table`: its headers in bold (`headerStyle`) on a frozen first
 * row, text as inline strings, numbers as numbers, dates as date cells, never a formula. Given in pieces, a row at
 * a time, so a long table is never one string.
 */
export function* tableSheetXml(
  table: ResultTable,
  namespace: string,
  headerStyle: number,
  dates: DateCells,
): Generator<string> {
  const widths = contentWidths(table.headers, table.rows);
  const lastRow = table.rows.length + 1;
  const range = widths.length === 0 ? "A1" : `A1:${cellAddress(widths.length, lastRow)}`;
  const cols = widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${clampWidth(width ?? 0)}" customWidth="1"/>`)
    .join("");
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<worksheet xmlns="${escapeAttribute(namespace)}"><dimension ref="${range}"/>`;
  yield '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>';
  yield `${cols ? `<cols>${cols}</cols>` : ""}<sheetData>`;
  const headerCells = table.headers.map((header, i) =>
    header === "" ? "" : cellXml("", cellAddress(i + 1, 1), safeText(header), headerStyle),
  );
  yield `<row r="1">${headerCells.join("")}</row>`;
  for (let r = 0; r < table.rows.length; r++) {
    const rowNumber = r + 2;
    let cells = "";
    (table.rows[r] ?? []).forEach((value, i) => {
      const written = resultValue(value, dates);
      const style = isResultDate(value) ? dates.style(value.kind, 0) : 0;
      if (written !== null) cells += cellXml("", cellAddress(i + 1, rowNumber), written, style);
    });
    yield `<row r="${rowNumber}">${cells}</row>`;
  }
  yield "</sheetData></worksheet>";
}
