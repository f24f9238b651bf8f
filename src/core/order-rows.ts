import type { FieldId } from "./fields";
import type { SheetMapping } from "./mapping/sheet-mapping";
import { cellText, isBlankCell, type SheetRow, type SheetTable } from "./sheet-model";

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
  /** Cells of the columns the mapping keeps as they are: read only to tell a note or a total from an order line. */
  readonly unmapped: readonly Answer[];
}

const NO_ANSWERS: readonly Answer[] = Object.freeze([]);

/**
 * A reader of rows through a mapping, worked out once: it returns undefined for a row with
 * nothing in it, so blank rows between orders make no line.
 */
export function orderRowReader(
  headers: readonly string[],
  mapping: SheetMapping,
): (row: SheetRow) => OrderRow | undefined {
  const fields: [FieldId, number][] = [];
  const attributes: [string, number][] = [];
  const sizes: [string, number][] = [];
  const unmapped: [string, number][] = [];
  for (const { column, target } of mapping.columns) {
    if (target?.kind === "field") fields.push([target.field, column]);
    else if (target?.kind === "attribute") attributes.push([target.attribute, column]);
    else if (target?.kind === "size") sizes.push([target.size, column]);
    else if (target === null) unmapped.push([headers[column] ?? "", column]);
  }
  // Every row is read through this: rows with no answers of a kind share one empty list, and loops make no callbacks.
  const answers = (cells: SheetRow["cells"], columns: readonly [string, number][]): readonly Answer[] => {
    let found: Answer[] | undefined;
    for (const [key, column] of columns) {
      const value = cellText(cells[column]);
      if (value !== "") (found ??= []).push({ key, column: headers[column] ?? "", value });
    }
    return found ?? NO_ANSWERS;
  };
  const isBlank = (cells: SheetRow["cells"]) => {
    for (const cell of cells) if (!isBlankCell(cell)) return false;
    return true;
  };
  return (row) => {
    if (isBlank(row.cells)) return undefined;
    const values: Partial<Record<FieldId, string>> = {};
    for (const [field, column] of fields) {
      const text = cellText(row.cells[column]);
      if (text !== "") values[field] = text;
    }
    return {
      rowNumber: row.rowNumber,
      values,
      attributes: answers(row.cells, attributes),
      sizes: answers(row.cells, sizes),
      unmapped: answers(row.cells, unmapped),
    };
  };
}

/** Reads every non-blank row of the table through the mapping. */
export function toOrderRows(table: SheetTable, mapping: SheetMapping): OrderRow[] {
  const read = orderRowReader(table.headers, mapping);
  const rows: OrderRow[] = [];
  for (const row of table.rows) {
    const orderRow = read(row);
    if (orderRow) rows.push(orderRow);
  }
  return rows;
}
