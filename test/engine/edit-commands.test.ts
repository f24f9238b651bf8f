import { describe, expect, it } from "vitest";
import {
  answerChanges,
  cellEditChanges,
  countInColumn,
  fillChanges,
  jobValueChanges,
  questionAsked,
  replaceChanges,
  rowNumbersOfOrder,
  skipChanges,
  suggestionChanges,
  suggestionToAllChanges,
} from "../../src/engine/edit-commands";
import { line, startSmallSession } from "./small-session";

/** A change as the tests compare it: its row and what it sets. */
const sets = (changes: readonly { rowNumber: number; after: unknown }[]) => changes.map((c) => [c.rowNumber, c.after]);

describe("edit commands", () => {
  it("address cells by row number and by column position or header, from what they hold now", async () => {
    const session = await startSmallSession([line(), line({ Qty: "30" })]);
    const qty = session.rows.columnIndex("Qty");
    expect(
      cellEditChanges(session, [
        { rowNumber: 3, column: "Qty", value: 40 },
        { rowNumber: 2, column: qty, value: "" },
      ]),
    ).toEqual([
      { kind: "cell", rowNumber: 3, column: qty, before: "30", after: 40 },
      { kind: "cell", rowNumber: 2, column: qty, before: "20", after: "" },
    ]);
    expect(() => cellEditChanges(session, [{ rowNumber: 9, column: "Qty", value: 1 }])).toThrow(
      "No row 9 in the session",
    );
    expect(() => cellEditChanges(session, [{ rowNumber: 2, column: "Nope", value: 1 }])).toThrow(
      "No column Nope in the session",
    );
  });

  it("fill a column on every row that is a line, or on the rows given", async () => {
    const session = await startSmallSession([line(), { "Order No": "" }, line({ "Order No": "E-2" })]);
    expect(sets(fillChanges(session, "Delivery", "Pick-up"))).toEqual([
      [2, "Pick-up"],
      [4, "Pick-up"],
    ]);
    expect(sets(fillChanges(session, "Delivery", "Pick-up", [3]))).toEqual([[3, "Pick-up"]]);
  });

  it(
    "count and replace text in one column, " + "case-sensitively unless told, putting the replacement in as typed",
    async () => {
      const session = await startSmallSession([
        line({ Street: "1 Queen St" }),
        line({ Street: "2 queen st" }),
        line({ Street: "3 King St" }),
      ]);
      expect([
        countInColumn(session, "Street", "Queen"),
        countInColumn(session, "Street", "queen", false),
        countInColumn(session, "Street", ""),
      ]).toEqual([1, 2, 0]);
      expect(sets(replaceChanges(session, "Street", "queen st", "$& Road", false))).toEqual([
        [2, "1 $& Road"],
        [3, "2 $& Road"],
      ]);
      expect(replaceChanges(session, "Street", "", "x")).toEqual([]);
    },
  );

  it("put an issue's suggestion in its cell, or in every cell with the same issue and value", async () => {
    const session = await startSmallSession([
      line({ Fabric: "cotton" }),
      line({ Fabric: "cotton", Code: "SCR A4" }),
      line({ Fabric: "cotton", "Order No": "E-2" }),
      line({ Fabric: "COTTON", "Order No": "E-3" }),
    ]);
    expect(sets(suggestionChanges(session, 4, "ATTRIBUTE_VALUE_CASE", "Fabric"))).toEqual([[4, "Cotton"]]);
    // Row 3's code asks no question about fabric; row 5 holds another value.
    expect(sets(suggestionToAllChanges(session, 2, "ATTRIBUTE_VALUE_CASE"))).toEqual([
      [2, "Cotton"],
      [4, "Cotton"],
    ]);
    expect(suggestionChanges(session, 2, "QUANTITY_BELOW_MINIMUM")).toEqual([]);
  });

  it("answer a question on one row, or on every row of a price code however it is written", async () => {
    const session = await startSmallSession([line(), line({ Code: "dtf  4X4" }), line({ Code: "SCR A4" })]);
    const column = session.rows.columnIndex("Fabric");
    expect(sets(answerChanges(session, column, "Polyester", { rowNumber: 4 }))).toEqual([[4, "Polyester"]]);
    expect(sets(answerChanges(session, column, "Polyester", { code: "DTF 4x4" }))).toEqual([
      [2, "Polyester"],
      [3, "Polyester"],
    ]);
  });

  it("find the question an answer is for: as its rows' price code asks it, else any code, else by name", async () => {
    const session = await startSmallSession([line(), line({ Code: "dtf  4X4" }), line({ Code: "Nothing" })]);
    expect(questionAsked(session, "Fabric", { rowNumber: 3 })).toMatchObject({ name: "Fabric", label: "Fabric" });
    expect(questionAsked(session, "Fabric", { code: "DTF 4x4" })).toMatchObject({ name: "Fabric", label: "Fabric" });
    expect(questionAsked(session, "Fabric", { rowNumber: 4 })).toMatchObject({ name: "Fabric", label: "Fabric" });
    expect(questionAsked(session, "Lining", { rowNumber: 2 })).toEqual({ name: "Lining", label: null });
  });

  it("set a job value where the order gives it, else on its first row", async () => {
    const session = await startSmallSession([
      line({ City: "" }),
      line({ City: "Hamilton" }),
      line({ "Order No": "E-2", City: "" }),
    ]);
    const city = session.rows.columnIndex("City");
    expect(sets(jobValueChanges(session, ["E-1", "E-2"], city, "Auckland"))).toEqual([
      [3, "Auckland"],
      [4, "Auckland"],
    ]);
  });

  it("skip the rows of an order, skipped already or not", async () => {
    const session = await startSmallSession([line(), line({ "Order No": "E-2" }), line()]);
    session.rows.setSkipped(2, true);
    expect(rowNumbersOfOrder(session, "E-1")).toEqual([2, 4]);
    expect(skipChanges(session, [2, 4])).toEqual([
      { kind: "skip", rowNumber: 2, before: false, after: true },
      { kind: "skip", rowNumber: 4, before: true, after: true },
    ]);
  });
});
