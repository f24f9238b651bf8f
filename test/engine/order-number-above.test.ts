import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkRows, startProxiedAccount, type ProxiedAccount } from "../helpers/engine-session";
import { priceCodeRow } from "../helpers/order-records";

let account: ProxiedAccount;
beforeAll(async () => {
  account = await startProxiedAccount();
});
afterAll(async () => account?.close());

/** A follow-on row of an order, as clubs write them: the order's details left to its first row. */
const followOn = (overrides: Record<string, string> = {}) =>
  priceCodeRow({ "Order No": "", "Due date": "", Delivery: "", Street: "", City: "", Postcode: "", ...overrides });

describe("order numbers given on each order's first row only", () => {
  it("suggests the number above on each row lacking one, and uses it for all of them as one step", async () => {
    const engine = await checkRows(account, [
      priceCodeRow({ "Order No": "CLUB-1" }),
      followOn({ Qty: "12" }),
      followOn({ Qty: "14" }),
      priceCodeRow({ "Order No": "CLUB-2" }),
      followOn({ Qty: "16" }),
    ]);
    expect(engine.summary().rowsTakingOrderNumberAbove).toBe(3);
    const [, third] = engine.rowsByNumber([2, 4]);
    expect(third?.issues.find((i) => i.code === "ORDER_NUMBER_MISSING")?.suggestion).toBe("CLUB-1");
    expect(engine.rowsByNumber([6])[0]?.issues.find((i) => i.code === "ORDER_NUMBER_MISSING")?.suggestion).toBe(
      "CLUB-2",
    );

    const used = await engine.fillOrderNumbersFromAbove();
    expect(used.changedCells).toBe(3);
    expect(used.summary.rowsTakingOrderNumberAbove).toBe(0);
    expect(used.summary.issues.byCode.ORDER_NUMBER_MISSING ?? 0).toBe(0);
    expect(engine.jobs().map((job) => [job.orderNumber, job.lineCount])).toEqual([
      ["CLUB-1", 3],
      ["CLUB-2", 2],
    ]);

    // One step: one undo brings every blank back.
    const undone = await engine.undo();
    expect(undone.summary.rowsTakingOrderNumberAbove).toBe(3);
    expect(engine.jobs().map((job) => [job.orderNumber, job.lineCount])).toEqual([
      ["CLUB-1", 1],
      ["CLUB-2", 1],
    ]);
  });

  it("takes a single row's suggestion alone", async () => {
    const engine = await checkRows(account, [priceCodeRow({ "Order No": "CLUB-7" }), followOn(), followOn()]);
    await engine.applySuggestion(3, "ORDER_NUMBER_MISSING", "Order No");
    expect(engine.jobs().map((job) => [job.orderNumber, job.lineCount])).toEqual([["CLUB-7", 2]]);
    expect(engine.summary().rowsTakingOrderNumberAbove).toBe(1);
  });

  it("looks no further up than a totals row, a skipped row or the top of the sheet", async () => {
    const engine = await checkRows(account, [
      followOn(),
      priceCodeRow({ "Order No": "CLUB-3" }),
      { "Order No": "Total", Qty: "20" },
      followOn(),
      priceCodeRow({ "Order No": "CLUB-4" }),
      followOn(),
    ]);
    const suggestions = engine
      .rowsByNumber([2, 5, 7])
      .map((row) => row.issues.find((i) => i.code === "ORDER_NUMBER_MISSING")?.suggestion ?? null);
    expect(suggestions).toEqual([null, null, "CLUB-4"]);
    expect(engine.summary().rowsTakingOrderNumberAbove).toBe(1);

    await engine.skipRow(6);
    expect(engine.summary().rowsTakingOrderNumberAbove).toBe(0);
    expect(engine.rowsByNumber([7])[0]?.issues.find((i) => i.code === "ORDER_NUMBER_MISSING")?.suggestion).toBe(
      undefined,
    );
  });
});
