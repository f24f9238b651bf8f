import type { FieldId } from "../core/fields";
import { columnForField, sameTarget, type MappingTarget, type SheetMapping } from "../core/mapping/sheet-mapping";
import { orderRowReader, type OrderRow } from "../core/order-rows";
import type { AddedColumn } from "../core/session-edits";
import type { SheetRow } from "../core/sheet-model";
import type { SessionRows } from "./session-rows";

/** The columns as the session has them, for a view that shows or maps them. */
export interface SessionColumnsView {
  readonly headers: readonly string[];
  readonly mapping: SheetMapping;
}

/**
 * The mapping in force, the columns the session added to it (for a job value or an answer
 * the sheet has no column for), and the reader of rows through it, made again whenever the
 * mapping changes.
 */
export function createSessionColumns(rows: SessionRows) {
  let mapping: SheetMapping = { columns: [] };
  let added: AddedColumn[] = [];
  /** Columns added since the last edit's answer, so that answer can say so. */
  let addedSinceTaken = false;
  let read: (row: SheetRow) => OrderRow | undefined = () => undefined;

  function addColumn(column: AddedColumn): number {
    let header = column.header;
    for (let n = 2; rows.headers.includes(header); n++) header = `${column.header} (${n})`;
    const position = rows.addColumn(header);
    added.push({ header, target: column.target });
    addedSinceTaken = true;
    mapping = {
      columns: [
        ...mapping.columns,
        { column: position, header, target: column.target, confidence: 1, reason: "manual" },
      ],
    };
    read = orderRowReader(rows.headers, mapping);
    return position;
  }

  return {
    /** The sheet's mapping, for a session on the rows just loaded. */
    load(sheetMapping: SheetMapping): void {
      mapping = sheetMapping;
      added = [];
      read = orderRowReader(rows.headers, mapping);
    },
    get mapping(): SheetMapping {
      return mapping;
    },
    /** The columns added so far, for keeping the session's edits. */
    added: (): AddedColumn[] => [...added],
    /** A row read through the mapping; undefined when it is blank. */
    read: (row: SheetRow): OrderRow | undefined => read(row),
    /** The header of the column mapped to a field. */
    columnOf: (field: FieldId): string | undefined => columnForField(mapping, field)?.header,
    /** The mapping's column for a target, adding a blank one (named `header`) when the sheet has none. */
    columnFor(target: MappingTarget, header: string): number {
      const existing = mapping.columns.find((c) => sameTarget(c.target, target));
      return existing ? existing.column : addColumn({ header, target });
    },
    /** The columns, when one was added since this was last asked; undefined when none was. */
    takeAdded(): SessionColumnsView | undefined {
      const columns = addedSinceTaken ? { headers: [...rows.headers], mapping } : undefined;
      addedSinceTaken = false;
      return columns;
    },
  };
}

export type SessionColumns = ReturnType<typeof createSessionColumns>;
