import { describe, expect, it } from "vitest";
import { packRows } from "../../src/core/row-windows";
import { createSessionColumns } from "../../src/engine/session-columns";
import { createSessionRows } from "../../src/engine/session-rows";

describe("the session's columns", () => {
  it("finds a target's column, or adds one under a header of its own, and says so once", () => {
    const rows = createSessionRows();
    rows.begin(["Order No", "City"]);
    rows.appendPacked(packRows([{ rowNumber: 2, cells: ["E-1", "Auckland"] }]));
    const columns = createSessionColumns(rows);
    columns.load({
      columns: [
        {
          column: 0,
          header: "Order No",
          target: { kind: "field", field: "orderNumber" },
          confidence: 1,
          reason: "label",
        },
      ],
    });
    expect([columns.columnFor({ kind: "field", field: "orderNumber" }, "Order number"), columns.takeAdded()]).toEqual([
      0,
      undefined,
    ]);
    // The sheet has a City column mapped to nothing: the one added for the field is named apart.
    expect(columns.columnFor({ kind: "field", field: "city" }, "City")).toBe(2);
    expect(columns.columnFor({ kind: "field", field: "city" }, "City")).toBe(2);
    expect([columns.columnOf("city"), rows.headers]).toEqual(["City (2)", ["Order No", "City", "City (2)"]]);
    expect(columns.added()).toEqual([{ header: "City (2)", target: { kind: "field", field: "city" } }]);
    expect(columns.takeAdded()?.headers).toEqual(["Order No", "City", "City (2)"]);
    expect(columns.takeAdded()).toBeUndefined();
    rows.setCell(0, 2, "Hamilton");
    expect(columns.read(rows.sheetRow(0))?.values).toEqual({ orderNumber: "E-1", city: "Hamilton" });
  });
});
