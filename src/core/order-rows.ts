import type { FieldId } from "./fields";
import type { SheetMapping } from "./mapping/sheet-mapping";
import { cellText, type SheetTable } from "./sheet-model";

/** A cell answering something the service defines: an attribute question or a size. */
export interface Answer {
  /** The attribute name or label, or the size, as the column header gave it. */
  readonly key: string;
  /** The header of the column it came from, for messages. */
  readonly column: string;
  readonly value: string;
}

/** One sheet row read through a mapping: field values as text, attribute and size answers. */
export interface OrderRow {
  readonly rowNumber: number;
  readonly values: Readonly<Partial<Record<FieldId, string>>>;
  readonly attributes: readonly Answer[];
  /** Quantities from the size columns of a wide layout. */
  readonly sizes: readonly Answer[];
}

/** Reads every non-blank row of the table through the mapping. */
export function toOrderRows(table: SheetTable, mapping: SheetMapping): OrderRow[] {
  const fields: [FieldId, number][] = [];
  const attributes: [string, number][] = [];
  const sizes: [string, number][] = [];
  for (const { column, target } of mapping.columns) {
    if (target?.kind === "field") fields.push([target.field, column]);
    else if (target?.kind === "attribute") attributes.push([target.attribute, column]);
    else if (target?.kind === "size") sizes.push([target.size, column]);
  }
  const answers = (cells: SheetTable["rows"][number]["cells"], columns: readonly [string, number][]) =>
    columns
      .map(([key, column]) => ({ key, column: table.headers[column] ?? "", value: cellText(cells[column]) }))
      .filter((answer) => answer.value !== "");

  const rows: OrderRow[] = [];
  for (const row of table.rows) {
    if (row.cells.every((cell) => cellText(cell) === "")) continue;
    const values: Partial<Record<FieldId, string>> = {};
    for (const [field, column] of fields) {
      const text = cellText(row.cells[column]);
      if (text !== "") values[field] = text;
    }
    rows.push({ rowNumber: row.rowNumber, values, attributes: answers(row.cells, attributes), sizes: answers(row.cells, sizes) });
  }
  return rows;
}
