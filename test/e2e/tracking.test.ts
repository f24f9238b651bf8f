import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { openAndConnect, useBuiltAppInChromium, submitAndConfirm } from "./harness";
import { samplePath } from "../helpers/samples";

const SAMPLE = samplePath("price-code-orders.csv");

const e2e = useBuiltAppInChromium();

describe("the submitted jobs view in Chromium", () => {
  it(
    "lists what was submitted with the vendor's status, " +
      "opens a job, changes it, cancels one, and fits a narrow window",
    async () => {
      const page = await e2e.browser.newPage({ viewport: { width: 390, height: 844 } });
      await openAndConnect(page, e2e.app.url);
      await page.getByLabel("Order sheet").setInputFiles(SAMPLE);
      await page.getByRole("button", { name: "Check the rows" }).click();
      await submitAndConfirm(page, 4);
      await page.getByTestId("results-summary").waitFor();
      const jobs = e2e.app.simulator?.simulator.jobsByOrderNumber(1042) ?? new Map<string, number[]>();
      const [first, second] = ["KTP-24001", "KTP-24002"].map((order) => jobs.get(order)?.[0] ?? 0) as [number, number];

      await page.getByRole("button", { name: "Submitted jobs" }).click();
      await page.getByTestId(`tracked-job-${first}`).waitFor();
      for (const jobNumber of [...jobs.values()].flat()) {
        await expect
          .poll(() => page.getByTestId(`tracked-job-${jobNumber}`).getByTestId("tracked-status-cell").textContent())
          .toMatch(/Received|Awaiting Artwork/);
      }
      // The page itself never scrolls sideways at 390 px; wide tables scroll inside themselves.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoAxeViolations(page, "submitted jobs, in a narrow window");

      await page.getByRole("button", { name: `Show job ${first}` }).click();
      await page.getByTestId("job-lines").waitFor();
      expect(await page.getByTestId("job-lines").locator("tbody tr").count()).toBe(3);
      await expectNoAxeViolations(page, "job detail, in a narrow window");
      await page.getByLabel("Description").fill("Karori seniors, reprint");
      await page.getByTestId("job-save").click();
      await expect.poll(() => page.getByTestId("job-status-message").textContent()).toMatch(/saved|changed/i);
      const changed = await e2e.app.simulator?.simulator.findJob(first);
      expect(changed?.description).toBe("Karori seniors, reprint");

      await page.getByRole("button", { name: `Show job ${second}` }).click();
      await page.getByTestId("job-cancel").click();
      await page.getByTestId("job-cancel-yes").click();
      await expect.poll(() => page.getByTestId("job-status").textContent()).toBe("Cancelled");
      await expect
        .poll(() => page.getByTestId(`tracked-job-${second}`).getByTestId("tracked-status-cell").textContent())
        .toBe("Cancelled");
      // Closing the job gives focus back to the job's button in the list.
      await page.getByTestId("job-close").click();
      await page.getByTestId("job-detail").waitFor({ state: "detached" });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
        .toBe(`Show job ${second}`);
      await page.close();
    },
  );
});
