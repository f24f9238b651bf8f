import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import Papa from "papaparse";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { allActiveJobs, createVendorClient, type VendorClient } from "../../src/api";
import { openAndConnect, useBuiltAppInChromium, submitAndConfirm } from "./harness";
import { gridCell } from "./grid-cells";
import { samplePath } from "../helpers/samples";

const SAMPLE = samplePath("price-code-orders.csv");
const UNKNOWN_CODE = fileURLToPath(new URL("../fixtures/unknown-price-code.csv", import.meta.url));

const e2e = useBuiltAppInChromium();
let api: VendorClient;

beforeAll(() => {
  api = createVendorClient({ baseUrl: `${e2e.app.url}/api/demo`, headers: { "X-Requested-With": "e2e" } });
});

async function openConnected(): Promise<Page> {
  const page = await e2e.browser.newPage();
  await openAndConnect(page, e2e.app.url);
  await expect.poll(() => page.getByTestId("account").textContent()).toContain("Kiwi Team Print Ltd · NZD");
  return page;
}

async function dropSheet(page: Page, path: string): Promise<void> {
  await page.getByLabel("Order sheet").setInputFiles(path);
  await page.getByRole("button", { name: "Check the rows" }).click();
  await page.getByTestId("summary").waitFor();
}

function parseCsv(bytes: Buffer): Record<string, string>[] {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

describe("walking skeleton in Chromium", () => {
  it("turns the sample sheet into jobs and a per-row result sheet", async () => {
    const page = await openConnected();
    await dropSheet(page, SAMPLE);
    expect(await page.getByTestId("summary").textContent()).toBe("10 rows, 4 jobs: 4 ready, 0 need attention.");
    // The sheet was read by the sheet worker, not on the page's thread.
    const workerScripts = await page.evaluate(
      () => performance.getEntriesByType("resource").filter((entry) => entry.name.includes("sheet.worker")).length,
    );
    expect(workerScripts).toBe(1);

    await submitAndConfirm(page, 4);
    await page.getByTestId("results-summary").waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download result sheet" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("price-code-orders - results.csv");
    const resultRows = parseCsv(await readFile(await download.path()));
    const sampleRows = parseCsv(await readFile(SAMPLE));

    expect(resultRows).toHaveLength(sampleRows.length);
    resultRows.forEach((row, index) => {
      const original = sampleRows[index] as Record<string, string>;
      // The user's own cells come back untouched, in their order.
      for (const [header, value] of Object.entries(original)) expect(row[header]).toBe(value);
      expect(row["Import result"]).toBe("Created");
      expect(row["Job number"]).toMatch(/^\d+$/);
      expect(row["New asset tag"]).toMatch(/^A1042\d+$/);
    });

    // Each order became one job; the API confirms its lines and quantities.
    const byOrder = new Map<string, Record<string, string>[]>();
    for (const row of resultRows)
      byOrder.set(row["Order No"] as string, [...(byOrder.get(row["Order No"] as string) ?? []), row]);
    expect([...byOrder.keys()]).toEqual(["KTP-24001", "KTP-24002", "KTP-24003", "KTP-24004"]);
    for (const [orderNumber, rows] of byOrder) {
      const jobNumbers = new Set(rows.map((row) => Number(row["Job number"])));
      expect(jobNumbers.size).toBe(1);
      const job = await api.getJob([...jobNumbers][0] as number);
      if (!job.ok) throw new Error(job.problem.title);
      expect(job.value.orderNumber).toBe(orderNumber);
      expect(job.value.lines.map((line) => line.quantity)).toEqual(rows.map((row) => Number(row["Qty"])));
      expect(job.value.lines.map((line) => line.assetSku)).toEqual(rows.map((row) => row["New asset tag"]));
    }
    await page.close();
  });

  it("reports an unknown price code on its row and does not submit that order", async () => {
    const page = await openConnected();
    await dropSheet(page, UNKNOWN_CODE);
    expect(await page.getByTestId("summary").textContent()).toBe("10 rows, 4 jobs: 3 ready, 1 needs attention.");
    // The grid marks the cell; the row panel says why, and the order panel that the order needs fixing.
    const badCell = await gridCell(page, 6, "Price Code");
    expect(await badCell.getAttribute("aria-invalid")).toBe("true");
    await badCell.click();
    await expect
      .poll(() => page.getByTestId("row-panel").locator('[data-code="CODE_UNKNOWN"] .message').textContent())
      .toBe(
        '"HTV Name 2in: Single Colour" is not a price code, asset tag or stock ' +
          'code of your account. Did you mean "HTV Name 2": Single Colour" or "HTV Name 3": Single Colour"?',
      );
    await expect.poll(() => page.getByTestId("order-state").locator(".badge").textContent()).toBe("Needs fixing");

    await submitAndConfirm(page, 3);
    await page.getByTestId("results-summary").waitFor();
    for (const rowNumber of [5, 6, 7, 8]) {
      expect(await page.getByTestId(`result-${rowNumber}`).locator("td").nth(1).textContent()).toBe("Not sent");
    }
    expect(await page.getByTestId("result-2").locator("td").nth(1).textContent()).toBe("Created");

    const active = await allActiveJobs(api, { searchText: "KTP-25", includeClosedJobs: true });
    if (!active.ok) throw new Error(active.problem.title);
    expect(active.value.map((job) => job.orderNumber).sort()).toEqual(["KTP-25001", "KTP-25003", "KTP-25004"]);
    await page.close();
  });
});
