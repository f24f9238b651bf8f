import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { validCandidate } from "../helpers/job-candidates";
import { ordersSheet } from "../helpers/order-sheets";
import { simClient } from "../helpers/sim-client";
import { expectNoAxeViolations } from "./axe";
import { openAndConnect, submitAndConfirm, useBuiltAppInChromium } from "./harness";

const ACCOUNT_ID = 1042;
const e2e = useBuiltAppInChromium();

const simulator = () => {
  const running = e2e.app.simulator?.simulator;
  if (!running) throw new Error("no embedded simulator");
  return running;
};

/** The jobs the vendor holds per order number, cancelled ones left out. */
function liveJobs(): Map<string, number[]> {
  const live = new Map<string, number[]>();
  for (const [orderNumber, jobNumbers] of simulator().jobsByOrderNumber(ACCOUNT_ID)) {
    const kept = jobNumbers.filter((n) => simulator().findJob(n)?.cancelledAt === null);
    if (kept.length > 0) live.set(orderNumber, kept);
  }
  return live;
}

/** A page in a browser profile of its own (its own storage, journal and tab ids), connected, with a sheet checked. */
async function profileWithSheet(path: string): Promise<Page> {
  const profile = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await profile.newPage();
  await openAndConnect(page, e2e.app.url);
  await page.getByLabel("Order sheet").setInputFiles(path);
  await page.getByRole("button", { name: "Check the rows" }).click();
  await page.getByTestId("summary").waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId("review-busy").count(), { timeout: 30_000 }).toBe(0);
  return page;
}

describe("trust at the money moment, in Chromium", () => {
  it(
    "two browser profiles through one proxy: one creates, " +
      "the other waits at its confirmation and then has nothing left to create",
    async () => {
      const { path, orderNumbers } = await ordersSheet("PROFILES", 2);
      const [a, b] = await Promise.all([profileWithSheet(path), profileWithSheet(path)]);
      simulator().faults = { delayMs: 300, endpoints: ["createJob"] };
      try {
        // Both confirm the same eight orders at once.
        await Promise.all([submitAndConfirm(a, 8), submitAndConfirm(b, 8)]);
        const done = async (page: Page) => (await page.getByTestId("results-summary").count()) > 0;
        const waiting = async (page: Page) => (await page.getByTestId("confirm-waiting").count()) > 0;
        await expect
          .poll(async () => [await done(a), await done(b), await waiting(a), await waiting(b)].filter(Boolean).length, {
            timeout: 60_000,
          })
          .toBe(2);
        const [sender, waiter] = (await waiting(b)) ? [a, b] : [b, a];
        expect(await waiter.getByTestId("confirm-waiting").textContent()).toMatch(
          /being submitted elsewhere \(another tab, browser or computer\) since/,
        );
        // Once the lease is free, the waiting profile looks again and finds every order at the vendor.
        await expect
          .poll(() => waiter.getByTestId("confirm").textContent(), { timeout: 60_000 })
          .toContain("The other submission has finished");
        expect(await waiter.getByTestId("confirm-create").count()).toBe(0);
        expect(await sender.getByTestId("results-summary").textContent()).toContain("8 jobs created");
      } finally {
        simulator().faults = {};
      }
      for (const orderNumber of orderNumbers) expect(liveJobs().get(orderNumber), orderNumber).toHaveLength(1);
      await Promise.all([a.context().close(), b.context().close()]);
    },
  );

  it(
    "confirms what it is about to create, " +
      "with the total and the order found at the vendor left out, and passes axe there",
    async () => {
      const { path } = await ordersSheet("CONFIRM", 1);
      // One order of the four is made elsewhere first: the confirmation leaves it out and counts three.
      const running = e2e.app.simulator;
      if (!running) throw new Error("no embedded simulator");
      const made = await simClient(running).createJob({
        ...validCandidate({ orderNumber: "CONFIRM-1-2" }),
        validateOnly: false,
      });
      expect(made.ok).toBe(true);
      const page = await profileWithSheet(path);
      // Where focus is when the confirmation first shows, in the task that draws it.
      const focusedAsShown = page.evaluate(
        () =>
          new Promise<string | undefined>((resolve) => {
            const observer = new MutationObserver(() => {
              if (!document.querySelector('[data-testid="confirm"]')) return;
              observer.disconnect();
              resolve(document.activeElement?.id);
            });
            observer.observe(document.body, { childList: true, subtree: true });
          }),
      );
      await page.getByRole("button", { name: /^(Submit \d+ jobs?…|Check and submit…)$/ }).click();
      await page.getByTestId("confirm-create").waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("confirm-create").textContent()).toBe("Create 3 jobs");
      expect(await page.getByTestId("confirm-total").textContent()).toMatch(
        /^(NZ)?\$[\d,]+\.\d\d \(NZD, from your tier's prices; an estimate, not an invoice\)$/,
      );
      const summary = await page.getByTestId("confirm-summary").textContent();
      expect(summary).toMatch(/due (between )?\d{4}-\d\d-\d\d/);
      expect(summary).toContain("Delivery:");
      expect(summary).toContain("1 order is already at the vendor (CONFIRM-1-2: job");
      // Focus is on the confirmation's heading, where the page changed, from the moment it shows.
      expect(await focusedAsShown).toBe("confirm-heading");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("confirm-heading");
      await expectNoAxeViolations(page, "confirmation");
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoAxeViolations(page, "confirmation, in a narrow window");
      await page.setViewportSize({ width: 1280, height: 900 });

      // Back to the review: nothing was sent; then confirmed, exactly the three are created.
      await page.getByRole("button", { name: "Back to the review" }).click();
      expect([...liveJobs().keys()].filter((n) => n.startsWith("CONFIRM-"))).toEqual(["CONFIRM-1-2"]);
      await submitAndConfirm(page, 3);
      await page.getByTestId("results-summary").waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("results-summary").textContent()).toContain("3 jobs created");
      for (const orderNumber of ["CONFIRM-1-1", "CONFIRM-1-2", "CONFIRM-1-3", "CONFIRM-1-4"])
        expect(liveJobs().get(orderNumber), orderNumber).toHaveLength(1);
      await page.context().close();
    },
  );

  it(
    "warns before a PO number is changed in Submitted jobs, " +
      "and still recognises the order when the sheet comes again",
    async () => {
      const { path, orderNumbers } = await ordersSheet("PAGEPO", 1);
      const page = await profileWithSheet(path);
      await submitAndConfirm(page, 4);
      await page.getByTestId("results-summary").waitFor({ timeout: 30_000 });
      const [edited] = orderNumbers as [string];
      const [jobNumber] = liveJobs().get(edited) as [number];

      await page.getByRole("button", { name: "Submitted jobs" }).click();
      await page.getByRole("button", { name: `Show job ${jobNumber}` }).click();
      await page.getByLabel("PO number").fill("RENAMED-PAGE");
      expect(await page.getByTestId("po-number-warning").textContent()).toContain("could create the order again");
      await page.getByTestId("job-save").click();
      await expect.poll(() => simulator().findJob(jobNumber)?.orderNumber).toBe("RENAMED-PAGE");
      await page.getByRole("button", { name: "Hide submitted jobs" }).click();

      // The same sheet again in this browser: the renamed order is recognised by its lines, not sent again.
      await page.getByRole("button", { name: "Import another sheet" }).click();
      await page.getByLabel("Order sheet").setInputFiles(path);
      await page.getByRole("button", { name: "Check the rows" }).click();
      await expect
        .poll(() => page.getByTestId("summary").textContent(), { timeout: 30_000 })
        .toContain("4 already at the vendor");
      await page.locator('[role="row"][data-row-number="2"] [role="gridcell"][aria-colindex="2"]').click();
      expect(await page.getByTestId("order-panel").textContent()).toContain(
        `Already created by an earlier import as job ${jobNumber}`,
      );
      expect(await page.getByTestId("order-panel").textContent()).toContain("its PO number is now RENAMED-PAGE");
      expect(liveJobs().get(edited)).toBeUndefined();
      expect(liveJobs().get("RENAMED-PAGE")).toEqual([jobNumber]);
      await page.context().close();
    },
  );
});
