import { describe, expect, it } from "vitest";
import { ordersToList, type OrderState } from "../../src/core/journal";
import { orderRecord } from "../helpers/journal-records";

const LISTED_ORDERS = 200;

const order = (n: number, state: OrderState, duplicates?: number[]) =>
  orderRecord("b1", `PO-${n}`, { state, ...(duplicates ? { duplicateJobNumbers: duplicates } : {}) });

describe("ordersToList: the orders the results page lists", () => {
  it("lists every order of a batch that fits", () => {
    const orders = Array.from({ length: LISTED_ORDERS }, (_, i) => order(i, "created"));
    expect(ordersToList(orders, LISTED_ORDERS)).toBe(orders);
  });

  it("lists every order needing the user, wherever it is, then the first created ones, in their own order", () => {
    const orders = Array.from({ length: 5_000 }, (_, i) =>
      i === 4_321 ? order(i, "not-found") : i === 4_999 ? order(i, "created", [77]) : order(i, "created"),
    );
    const listed = ordersToList(orders, LISTED_ORDERS);
    expect(listed).toHaveLength(LISTED_ORDERS);
    expect(listed.map((o) => o.orderNumber).slice(0, 3)).toEqual(["PO-0", "PO-1", "PO-2"]);
    expect(listed.at(-2)?.orderNumber).toBe("PO-4321");
    expect(listed.at(-1)?.orderNumber).toBe("PO-4999");
  });

  it("never leaves out an order needing the user, however many there are", () => {
    const orders = Array.from({ length: 1_000 }, (_, i) => order(i, i % 2 ? "rejected" : "created"));
    const listed = ordersToList(orders, LISTED_ORDERS);
    expect(listed.filter((o) => o.state === "rejected")).toHaveLength(500);
    expect(listed.filter((o) => o.state === "created")).toHaveLength(0);
  });
});
