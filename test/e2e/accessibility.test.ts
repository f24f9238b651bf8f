import { rm } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { ordersSheet } from "../helpers/order-sheets";
import { openAndConnect, useBuiltAppInChromium, withFaults } from "./harness";

const e2e = useBuiltAppInChromium();
const written: string[] = [];

afterAll(async () => {
  await Promise.all(written.map((path) => rm(path, { force: true })));
});

async function waitForCatalogue(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId("catalogue").textContent(), { timeout: 30_000 }).toMatch(/45 price codes/);
}

/** Starts counting the changes of a region's text, from now. */
async function watchChanges(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).evaluate((region, id) => {
    const counts = ((window as unknown as { textChanges?: Record<string, number> }).textChanges ??= {});
    counts[id] = 0;
    new MutationObserver(() => void (counts[id] = (counts[id] ?? 0) + 1)).observe(region, { childList: true, characterData: true, subtree: true });
  }, testId);
}

const changesOf = (page: Page, testId: string) => page.evaluate((id) => (window as unknown as { textChanges?: Record<string, number> }).textChanges?.[id] ?? 0, testId);

/** A region's role and aria-live. */
async function liveSettings(page: Page, testId: string): Promise<[string | null, string | null]> {
  const region = page.getByTestId(testId);
  return [await region.getAttribute("role"), await region.getAttribute("aria-live")];
}

const said = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe("the app for keyboard and screen reader users, in Chromium", () => {
  it("says how the checks and the sending go in polite status regions, at a pace a screen reader can follow", async () => {
    const { path } = await ordersSheet("LIVE", 3);
    written.push(path);
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openAndConnect(page, e2e.app.url);
    await waitForCatalogue(page);
    expect(await liveSettings(page, "catalogue-status")).toEqual(["status", "polite"]);
    expect(await said(page, "catalogue-status")).toBe("Your catalogue is loaded: 45 price codes.");
    await page.getByLabel("Order sheet").setInputFiles(path);
    await page.getByRole("heading", { name: /Map the columns/ }).waitFor();

    await withFaults(e2e.app, { delayMs: 1_000, endpoints: ["createJob"] }, async () => {
      await page.getByRole("button", { name: "Check the rows" }).click();
      await page.getByTestId("review-busy").waitFor({ timeout: 30_000 });
      expect(await liveSettings(page, "review-status")).toEqual(["status", "polite"]);
      await watchChanges(page, "review-status");
      await watchChanges(page, "review-busy");
      // Progress is said while the vendor checks the twelve jobs, then the counts once it has.
      await expect.poll(() => said(page, "review-status"), { timeout: 30_000 }).toMatch(/^Checking the jobs with the vendor: \d+ of 12/);
      await expect.poll(() => said(page, "review-status"), { timeout: 30_000 }).toBe("30 rows, 12 jobs: 12 ready, 0 need attention. 0 errors, 0 warnings, 0 notes.");
    });
    // Not at every tick: the page showed each answer as it came, the region said a few of them.
    const shown = await changesOf(page, "review-busy");
    expect(shown).toBeGreaterThan(3);
    expect(await changesOf(page, "review-status")).toBeLessThan(shown);

    // An edit's new counts are said too.
    const names = await page.locator('[role="columnheader"] .grid-header-name').allTextContents();
    await page.locator(`[role="row"][data-row-number="2"] [role="gridcell"][aria-colindex="${names.indexOf("Qty") + 2}"]`).click();
    await page.keyboard.press("Delete");
    await expect.poll(() => said(page, "review-status"), { timeout: 15_000 }).toMatch(/^30 rows, 12 jobs: 11 ready, 1 needs attention\. [1-9]\d* errors?, /);

    await withFaults(e2e.app, { delayMs: 1_000, endpoints: ["createJob"] }, async () => {
      await page.getByRole("button", { name: "Submit 11 ready jobs" }).click();
      await page.getByTestId("submit-progress").waitFor({ timeout: 30_000 });
      expect(await liveSettings(page, "submit-status")).toEqual(["status", "polite"]);
      await expect.poll(() => said(page, "submit-status"), { timeout: 30_000 }).toMatch(/^Creating jobs: \d+ of 11/);
    });
    await expect.poll(() => said(page, "results-live"), { timeout: 60_000 }).toMatch(/^11 jobs created from \d+ rows/);
    expect(await liveSettings(page, "results-live")).toEqual(["status", "polite"]);
    await page.close();
  });
});
