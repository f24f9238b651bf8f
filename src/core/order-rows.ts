import type { FieldId } from "./fields";
import type { ColumnMapping } from "./mapping";
import { cellText, type SheetTable } from "./sheet-model";

/** One sheet row read through a mapping: field values as text, attribute answers by key. */
export interface OrderRow {
  readonly rowNumber: number;
  readonly values: Readonly<Partial<Record<FieldId, string>>>;
  readonly attributes: readonly { readonly key: string; readonly column: string; readonly value: string }[];
}

/** Reads every non-blank row of the table through the mapping. */
export function toOrderRows(table: SheetTable, mapping: ColumnMapping): OrderRow[] {
  const mapped = Object.entries(mapping.fields) as [FieldId, number][];
  const rows: OrderRow[] = [];
  for (const row of table.rows) {
    if (row.cells.every((cell) => cellText(cell) === "")) continue;
    const values: Partial<Record<FieldId, string>> = {};
    for (const [field, column] of mapped) {
      const text = cellText(row.cells[column]);
      if (text !== "") values[field] = text;
    }
    const attributes = mapping.attributes
      .map(({ column, key }) => ({ key, column: table.headers[column] ?? "", value: cellText(row.cells[column]) }))
      .filter((answer) => answer.value !== "");
    rows.push({ rowNumber: row.rowNumber, values, attributes });
  }
  return rows;
}
