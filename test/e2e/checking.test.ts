import { rm } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { FaultSettings } from "../../src/server/simulator/simulator";
import { ordersSheet } from "../helpers/order-sheets";
import { openAndConnect, useBuiltAppInChromium } from "./harness";

const e2e = useBuiltAppInChromium();
const written: string[] = [];

afterAll(async () => {
  await Promise.all(written.map((path) => rm(path, { force: true })));
});

const faults = (settings: FaultSettings) => {
  const simulator = e2e.app.simulator?.simulator;
  if (!simulator) throw new Error("no embedded simulator");
  simulator.faults = settings;
};

/** A sheet of `copies × 4` orders, mapped and ready to check. */
async function mapped(page: Page, prefix: string, copies: number): Promise<void> {
  const { path } = await ordersSheet(prefix, copies);
  written.push(path);
  await openAndConnect(page, e2e.app.url);
  await expect.poll(() => page.getByTestId("catalogue").textContent(), { timeout: 30_000 }).toMatch(/45 price codes/);
  await page.getByLabel("Order sheet").setInputFiles(path);
  await page.getByRole("heading", { name: /Map the columns/ }).waitFor();
}

describe("checking the rows in Chromium", () => {
  it("stops checking, back at the mapping with nothing kept, and checks again", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await mapped(page, "CHECK-STOP", 1);
    // The vendor answers nothing for a while: checking waits on it.
    faults({ delayMs: 20_000 });
    try {
      await page.getByRole("button", { name: "Check the rows" }).click();
      await expect.poll(() => page.locator("section[aria-busy] [role=status]").textContent()).toBe("Checking 10 rows against your catalogue…");
      await page.getByRole("button", { name: "Stop checking" }).click();
      await page.getByRole("heading", { name: /Map the columns/ }).waitFor();
    } finally {
      faults({});
    }
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.getByRole("button", { name: "Check the rows" }).click();
    await page.getByTestId("summary").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("summary").textContent()).toMatch(/^10 rows, 4 jobs/);
    await page.close();
  });
});
