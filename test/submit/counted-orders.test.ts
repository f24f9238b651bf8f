import { describe, expect, it } from "vitest";
import { countStates, type OrderRecord } from "../../src/core/journal";
import { CountedOrders } from "../../src/submit/batch-run";
import { orderRecord } from "../helpers/journal-records";

const order = (orderNumber: string, patch: Partial<OrderRecord> = {}) => orderRecord("b", orderNumber, patch);

describe("a run's orders, counted by state as they change", () => {
  it("counts as counting every order would, through new orders, changed ones, and ones taken out", () => {
    const orders = new CountedOrders([order("A"), order("B"), order("C", { state: "created", jobNumber: 1 })]);
    const counted = () => expect(orders.counts()).toEqual(countStates([...orders.values()]));
    counted();
    expect(orders.counts()).toMatchObject({ planned: 2, created: 1 });
    orders.set("A", order("A", { state: "sending" }));
    counted();
    orders.set("A", order("A", { state: "created", jobNumber: 2 }));
    orders.set("D", order("D", { state: "rejected" }));
    counted();
    expect(orders.counts()).toMatchObject({ planned: 1, sending: 0, created: 2, rejected: 1 });
    orders.delete("B");
    orders.delete("no such order");
    counted();
    orders.clear();
    counted();
    expect(orders.counts().created).toBe(0);
  });

  it("hands out counts that later changes leave alone", () => {
    const orders = new CountedOrders([order("A")]);
    const before = orders.counts();
    orders.set("A", order("A", { state: "sending" }));
    expect(before.planned).toBe(1);
    expect(orders.counts().planned).toBe(0);
  });
});
