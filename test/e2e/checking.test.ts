import { rm } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { ordersSheet } from "../helpers/order-sheets";
import { openAndConnect, useBuiltAppInChromium, withFaults } from "./harness";

const ACCOUNT_ID = 1042;
const e2e = useBuiltAppInChromium();
const written: string[] = [];

afterAll(async () => {
  await Promise.all(written.map((path) => rm(path, { force: true })));
});

const vendorJobs = () => e2e.app.simulator?.simulator.jobsByOrderNumber(ACCOUNT_ID) ?? new Map();

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
    await withFaults(e2e.app, { delayMs: 20_000 }, async () => {
      await page.getByRole("button", { name: "Check the rows" }).click();
      await expect
        .poll(() => page.getByTestId("checking").getByRole("status").textContent())
        .toBe("Checking 10 rows against your catalogue…");
      await page.getByRole("button", { name: "Stop checking" }).click();
      await page.getByRole("heading", { name: /Map the columns/ }).waitFor();
    });
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.getByRole("button", { name: "Check the rows" }).click();
    await page.getByTestId("summary").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("summary").textContent()).toMatch(/^10 rows, 4 jobs/);
    await page.close();
  });

  it("sends nothing when the check Submit runs first is stopped, and says so", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await mapped(page, "SUBMIT-STOP", 3);
    // Slow answers, so the check can be stopped with most jobs not yet checked.
    await withFaults(e2e.app, { delayMs: 1_500 }, async () => {
      await page.getByRole("button", { name: "Check the rows" }).click();
      await page.getByTestId("review-busy").waitFor({ timeout: 30_000 });
      await page.getByRole("button", { name: "Stop checking" }).click();
      await expect.poll(() => page.getByTestId("review-busy").count(), { timeout: 30_000 }).toBe(0);
      // Jobs are left unchecked, so Submit checks them first.
      const submit = page.getByRole("button", { name: "Check and submit…" });
      await submit.click();
      // From the first click, Submit waits: it cannot be clicked again.
      expect(await page.getByRole("button", { name: "Checking before you confirm…" }).isDisabled()).toBe(true);
      await page.getByTestId("review-busy").getByRole("button", { name: "Stop checking" }).click();
      await expect
        .poll(() => page.getByRole("alert").first().textContent(), { timeout: 30_000 })
        .toBe(
          "Nothing was sent: you stopped the check before it finished. " +
            "Submit again when you are ready; every job is checked with the vendor first.",
        );
    });
    expect(vendorJobs().size).toBe(0);
    expect(await page.getByRole("button", { name: "Check and submit…" }).isEnabled()).toBe(true);
    await page.close();
  });
});
