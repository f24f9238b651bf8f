import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningAppServer } from "../../src/server/app-server";
import { launchChromium, openAndConnect, startBuiltApp } from "./harness";

const SAMPLE = fileURLToPath(new URL("../../samples/price-code-orders.csv", import.meta.url));

let app: RunningAppServer;
let browser: Browser;
beforeAll(async () => {
  app = await startBuiltApp();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe("the submitted jobs view in Chromium", () => {
  it("lists what was submitted with the vendor's status, opens a job, changes it, cancels one, and fits a narrow window", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await openAndConnect(page, app.url);
    await page.getByLabel("Order sheet").setInputFiles(SAMPLE);
    await page.getByRole("button", { name: "Check the rows" }).click();
    await page.getByRole("button", { name: "Submit 4 ready jobs" }).click();
    await page.getByTestId("results-summary").waitFor();
    const jobs = app.simulator?.simulator.jobsByOrderNumber(1042) ?? new Map<string, number[]>();
    const [first, second] = ["KTP-24001", "KTP-24002"].map((order) => jobs.get(order)?.[0] ?? 0) as [number, number];

    await page.getByRole("button", { name: "Submitted jobs" }).click();
    await page.getByTestId(`tracked-job-${first}`).waitFor();
    for (const jobNumber of [...jobs.values()].flat()) {
      await expect.poll(() => page.getByTestId(`tracked-job-${jobNumber}`).getByTestId("tracked-status-cell").textContent()).toMatch(/Received|Awaiting Artwork/);
    }
    // The page itself never scrolls sideways at 390 px; wide tables scroll inside themselves.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole("button", { name: `Show job ${first}` }).click();
    await page.getByTestId("job-lines").waitFor();
    expect(await page.getByTestId("job-lines").locator("tbody tr").count()).toBe(3);
    await page.getByLabel("Description").fill("Karori seniors, reprint");
    await page.getByTestId("job-save").click();
    await expect.poll(() => page.getByTestId("job-status-message").textContent()).toMatch(/saved|changed/i);
    const changed = await app.simulator?.simulator.findJob(first);
    expect(changed?.description).toBe("Karori seniors, reprint");

    await page.getByRole("button", { name: `Show job ${second}` }).click();
    await page.getByTestId("job-cancel").click();
    await page.getByTestId("job-cancel-yes").click();
    await expect.poll(() => page.getByTestId("job-status").textContent()).toBe("Cancelled");
    await expect.poll(() => page.getByTestId(`tracked-job-${second}`).getByTestId("tracked-status-cell").textContent()).toBe("Cancelled");
    await page.close();
  });
});
