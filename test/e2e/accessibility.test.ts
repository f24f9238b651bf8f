import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { ordersSheet } from "../helpers/order-sheets";
import { expectNoAxeViolations } from "./axe";
import { download, openAndConnect, useBuiltAppInChromium, withFaults, submitAndConfirm } from "./harness";
import { gridCell } from "./grid-cells";

const UNKNOWN_CODE = fileURLToPath(new URL("../fixtures/unknown-price-code.csv", import.meta.url));

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
    new MutationObserver(() => void (counts[id] = (counts[id] ?? 0) + 1)).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  }, testId);
}

const changesOf = (page: Page, testId: string) =>
  page.evaluate((id) => (window as unknown as { textChanges?: Record<string, number> }).textChanges?.[id] ?? 0, testId);

/** A region's role and aria-live. */
async function liveSettings(page: Page, testId: string): Promise<[string | null, string | null]> {
  const region = page.getByTestId(testId);
  return [await region.getAttribute("role"), await region.getAttribute("aria-live")];
}

const said = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe("the app for keyboard and screen reader users, in Chromium", () => {
  it("passes axe's WCAG 2 A/AA and best-practice rules on every screen", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(e2e.app.url);
    await page.getByLabel("Connection").selectOption("demo");
    await expectNoAxeViolations(page, "connect");
    await page.getByRole("button", { name: "Connect" }).click();
    await page.getByLabel("Order sheet").waitFor();
    await waitForCatalogue(page);
    await expectNoAxeViolations(page, "upload");

    await page.getByLabel("Order sheet").setInputFiles(UNKNOWN_CODE);
    await page.getByRole("heading", { name: /Map the columns/ }).waitFor();
    await expectNoAxeViolations(page, "mapping");
    await withFaults(e2e.app, { delayMs: 20_000 }, async () => {
      await page.getByRole("button", { name: "Check the rows" }).click();
      await expect.poll(() => said(page, "checking-status")).toBe("Checking 10 rows against your catalogue…");
      await expectNoAxeViolations(page, "checking");
      await page.getByRole("button", { name: "Stop checking" }).click();
      await page.getByRole("heading", { name: /Map the columns/ }).waitFor();
    });

    // The review, with a row with a problem and its fixes in the side panel, its order, and find and replace.
    await page.getByRole("button", { name: "Check the rows" }).click();
    await page.getByTestId("summary").waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId("review-busy").count(), { timeout: 30_000 }).toBe(0);
    await (await gridCell(page, 6, "Price Code")).click();
    await page.getByTestId("row-panel").locator('[data-code="CODE_UNKNOWN"]').waitFor();
    await expect.poll(() => page.getByTestId("order-state").locator(".badge").textContent()).toBe("Needs fixing");
    await page.getByRole("button", { name: "Find and replace" }).click();
    await expectNoAxeViolations(page, "review");

    await withFaults(e2e.app, { delayMs: 4_000, endpoints: ["createJob"] }, async () => {
      await submitAndConfirm(page, 3);
      await page.getByTestId("submit-progress").waitFor({ timeout: 30_000 });
      await expectNoAxeViolations(page, "submitting");
      await page.getByTestId("results-summary").waitFor({ timeout: 60_000 });
    });
    await expectNoAxeViolations(page, "results");

    await page.getByRole("button", { name: "Submitted jobs" }).click();
    const jobButtons = page.locator("[data-job-number]");
    await expect.poll(() => jobButtons.count()).toBe(3);
    await expect.poll(() => page.getByTestId("tracked-status").textContent()).toBe("");
    await expectNoAxeViolations(page, "submitted jobs");
    await jobButtons.first().click();
    await page.getByTestId("job-lines").waitFor();
    await expectNoAxeViolations(page, "job detail");
    await page.getByRole("button", { name: "Hide submitted jobs" }).click();

    // The assets: the cards (archived ones too), one chosen, and the campaign sheet downloaded.
    await page.getByRole("button", { name: "Assets", exact: true }).click();
    await page.getByTestId("assets-count").waitFor();
    await page.getByLabel("Show archived assets").check();
    await page.locator(".asset-card.archived").first().waitFor();
    await page.locator(".asset-card:not(.archived) input[type=checkbox]").first().check();
    await download(page.getByTestId("download-campaign"));
    await expect.poll(() => page.getByTestId("assets-message").textContent()).toMatch(/^Downloaded /);
    await expectNoAxeViolations(page, "assets");
    await page.getByRole("button", { name: "Hide assets" }).click();

    // The upload step again, with the import just made among the recent ones.
    await page.getByRole("button", { name: "Import another sheet" }).click();
    await page.getByTestId("recent-imports").waitFor();
    await expectNoAxeViolations(page, "upload with recent imports");
    await page.close();
  });

  it(
    "says how the checks and the sending go in polite status regions, " + "at a pace a screen reader can follow",
    async () => {
      const { path } = await ordersSheet("LIVE", 3);
      written.push(path);
      const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await openAndConnect(page, e2e.app.url);
      await waitForCatalogue(page);
      expect(await liveSettings(page, "catalogue-status")).toEqual(["status", "polite"]);
      // The region speaks just after the page shows the words (an effect after the render): its turn is awaited.
      await expect.poll(() => said(page, "catalogue-status")).toBe("Your catalogue is loaded: 45 price codes.");
      await page.getByLabel("Order sheet").setInputFiles(path);
      await page.getByRole("heading", { name: /Map the columns/ }).waitFor();

      await withFaults(e2e.app, { delayMs: 1_000, endpoints: ["createJob"] }, async () => {
        await page.getByRole("button", { name: "Check the rows" }).click();
        await page.getByTestId("review-busy").waitFor({ timeout: 30_000 });
        expect(await liveSettings(page, "review-status")).toEqual(["status", "polite"]);
        await watchChanges(page, "review-status");
        await watchChanges(page, "review-busy");
        // Progress is said while the vendor checks the twelve jobs, then the counts once it has.
        await expect
          .poll(() => said(page, "review-status"), { timeout: 30_000 })
          .toMatch(/^Checking the jobs with the vendor: \d+ of 12/);
        await expect
          .poll(() => said(page, "review-status"), { timeout: 30_000 })
          .toBe("30 rows, 12 jobs: 12 ready, 0 need attention. 0 errors, 0 warnings, 9 notes.");
      });
      // Not at every tick: the page showed each answer as it came, the region said a few of them.
      const shown = await changesOf(page, "review-busy");
      expect(shown).toBeGreaterThan(3);
      expect(await changesOf(page, "review-status")).toBeLessThan(shown);

      // An edit's new counts are said too.
      await (await gridCell(page, 2, "Qty")).click();
      await page.keyboard.press("Delete");
      await expect
        .poll(() => said(page, "review-status"), { timeout: 15_000 })
        .toMatch(/^30 rows, 12 jobs: 11 ready, 1 needs attention\. [1-9]\d* errors?, /);

      await withFaults(e2e.app, { delayMs: 1_000, endpoints: ["createJob"] }, async () => {
        await submitAndConfirm(page, 11);
        await page.getByTestId("submit-progress").waitFor({ timeout: 30_000 });
        expect(await liveSettings(page, "submit-status")).toEqual(["status", "polite"]);
        await expect.poll(() => said(page, "submit-status"), { timeout: 30_000 }).toMatch(/^Creating jobs: \d+ of 11/);
      });
      await expect
        .poll(() => said(page, "results-live"), { timeout: 60_000 })
        .toMatch(/^11 jobs created from \d+ rows/);
      expect(await liveSettings(page, "results-live")).toEqual(["status", "polite"]);
      await page.close();
    },
  );
});
