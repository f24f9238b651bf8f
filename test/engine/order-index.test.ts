import { describe, expect, it } from "vitest";
import { line, startSmallSession } from "./small-session";

describe("the order index", () => {
  it("groups rows by order in sheet order, and moves a row whose order number changes", async () => {
    const session = await startSmallSession([
      line(),
      line({ "Order No": "E-2" }),
      line({ Qty: "30", Fabric: "Polyester" }),
    ]);
    const { index, rows } = session;
    expect([...index.jobs().keys()]).toEqual(["E-1", "E-2"]);
    expect([index.rowsOf("E-1"), index.rowsOf("E-2")]).toEqual([[0, 2], [1]]);
    rows.setCell(2, rows.columnIndex("Order No"), "E-2");
    expect([...index.refresh([2])].sort()).toEqual(["E-1", "E-2"]);
    expect([index.rowsOf("E-1"), index.rowsOf("E-2")]).toEqual([[0], [1, 2]]);
    expect(index.job("E-2")?.rowNumbers).toEqual([3, 4]);
  });

  it("drops an order whose last row leaves it, and forgets what was learnt of its job", async () => {
    const session = await startSmallSession([line(), line({ "Order No": "E-2" })]);
    const { index, rows, dryRuns } = session;
    await dryRuns.run(index.jobs(), () => undefined);
    expect(dryRuns.isValidated("E-2")).toBe(true);
    rows.setSkipped(1, true);
    index.refresh([1]);
    expect([index.job("E-2"), index.rowsOf("E-2"), dryRuns.isValidated("E-2")]).toEqual([undefined, [], false]);
    expect(index.orderNumberAt(1)).toBe("E-2");
    expect(index.line(1)).toBeUndefined();
  });

  it("keeps the tally of issues and the estimate as rows and jobs change", async () => {
    const session = await startSmallSession([line({ Qty: "5" }), line({ "Order No": "E-2", Delivery: "" })]);
    const { index, rows, tally } = session;
    expect(tally.snapshot()).toMatchObject({
      error: 2,
      warning: 0,
      byCode: { QUANTITY_BELOW_MINIMUM: 1, DELIVERY_METHOD_MISSING: 1 },
    });
    rows.setCell(0, rows.columnIndex("Qty"), "10");
    rows.setCell(1, rows.columnIndex("Delivery"), "Pick-up");
    index.refresh([0, 1]);
    expect(tally.snapshot()).toEqual({
      error: 0,
      warning: 0,
      info: 0,
      byCode: {},
      estimate: 10 * 1.5 + 5 + (20 * 1.5 + 5),
    });
  });
});
