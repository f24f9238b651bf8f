import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadOrderForm, type OrderFormServices } from "../../../src/app/order-form/order-form-download";
import type { OrderFormData } from "../../../src/core/order-form/order-form-data";
import { formSnapshot } from "../../core/order-form/order-form-fixtures";

function services(parts: Partial<OrderFormServices> = {}): OrderFormServices {
  return {
    snapshot: async () => formSnapshot(),
    writeOrderForm: async (data) => new TextEncoder().encode(data.title),
    today: () => "2026-11-20",
    ...parts,
  };
}

describe("downloadOrderForm", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("writes the form of the whole loaded catalogue and saves it under the day's name", async () => {
    const written: OrderFormData[] = [];
    const saved: [string, string][] = [];
    const outcome = await downloadOrderForm(
      services({
        writeOrderForm: async (data) => {
          written.push(data);
          return new TextEncoder().encode(data.title);
        },
      }),
      (bytes, fileName) => saved.push([new TextDecoder().decode(bytes), fileName]),
    );
    expect(outcome).toEqual({ ok: true, fileName: "Order form 2026-11-20.xlsx" });
    expect(saved).toEqual([["Order form for Test Prints Ltd, made 2026-11-20", "Order form 2026-11-20.xlsx"]]);
    expect(written[0]?.lists.find((list) => list.key === "codes")?.values).toHaveLength(7);
  });

  it.each([
    {
      description: "no catalogue",
      parts: { snapshot: async () => undefined },
      message: /^The catalogue is not loaded/,
    },
    {
      description: "a writer that fails",
      parts: {
        writeOrderForm: async () => {
          throw new Error("worker gone");
        },
      },
      message: /^The order form could not be written/,
    },
  ])("says what to do when there is $description, and saves nothing", async ({ parts, message }) => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const save = vi.fn();
    const outcome = await downloadOrderForm(services(parts), save);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.message).toMatch(message);
    expect(save).not.toHaveBeenCalled();
  });
});
