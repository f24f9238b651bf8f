import { describe, expect, it } from "vitest";
import {
  countRowOutcomes,
  countStates,
  describeCounts,
  describeResults,
  type OrderState,
} from "../../src/core/journal";
import type { RowOutcome } from "../../src/core/result-rows";

const orders = (...states: OrderState[]) => states.map((state) => ({ state }));
const rows = (...outcomes: [RowOutcome, number][]) =>
  outcomes.flatMap(([outcome, count]) => Array.from({ length: count }, () => ({ outcome })));

describe("what became of a batch, in words", () => {
  it.each([
    [
      "every order created",
      orders("created", "created"),
      rows(["created", 5]),
      "2 jobs created from 5 rows. Orders: 2 created.",
    ],
    [
      "one order already at the vendor, counted apart from those not created",
      orders("created", "existing"),
      rows(["created", 3], ["existing", 2]),
      "1 job created from 3 rows; 2 rows already at the vendor. Orders: 1 created, 1 already at the vendor.",
    ],
    [
      "one row of it alone",
      orders("existing"),
      rows(["existing", 1]),
      "0 jobs created from 0 rows; 1 row already at the vendor. Orders: 1 already at the vendor.",
    ],
    [
      "skipped rows and rows with errors",
      orders("created", "rejected"),
      rows(["created", 1], ["skipped", 1], ["not-sent", 2], ["rejected", 1]),
      "1 job created from 1 row; 1 row skipped; 3 rows not created. Orders: 1 created, 1 rejected by the vendor.",
    ],
    [
      "nothing sent",
      orders(),
      rows(["not-sent", 10]),
      "0 jobs created from 0 rows; 10 rows not created. Orders: nothing.",
    ],
  ])("%s", (_what, batchOrders, batchRows, expected) => {
    expect(describeResults(countStates(batchOrders), countRowOutcomes(batchRows))).toBe(expected);
  });

  it("counts orders with their numbers grouped", () => {
    const many = orders(...Array.from({ length: 1200 }, (): OrderState => "created"), "existing", "planned");
    expect(describeCounts(countStates(many))).toBe("1,200 created, 1 already at the vendor, 1 not sent yet");
  });
});
