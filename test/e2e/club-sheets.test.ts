import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkTheRows, openAndConnect, useBuiltAppInChromium } from "./harness";

const clubSheet = (name: string) => fileURLToPath(new URL(`../fixtures/club-sheets/${name}`, import.meta.url));

const e2e = useBuiltAppInChromium();

const summary = (page: Page) => page.getByTestId("summary").textContent();

/** The mapping step's choice for one of the importer's fields, as its select shows it. */
const mappedTo = (page: Page, field: string) =>
  page
    .getByTestId(`field-${field}`)
    .locator("select")
    .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? "");

describe("a club's own sheet", () => {
  it("maps German headers by itself, and fills each order's number from its first row in one step", async () => {
    const page = await e2e.browser.newPage();
    await openAndConnect(page, e2e.app.url);
    await page.getByLabel("Order sheet").setInputFiles(clubSheet("verein-erste-zeile.csv"));
    await page.getByTestId("field-orderNumber").waitFor();
    expect(await mappedTo(page, "orderNumber")).toBe("Bestellnr.");
    expect(await mappedTo(page, "quantity")).toBe("Menge");
    expect(await mappedTo(page, "code")).toBe("Artikel-Nr.");
    expect(await mappedTo(page, "deliveryMethod")).toBe("Lieferung");
    expect(await mappedTo(page, "organisation")).toBe("Verein");
    // What was matched, and what the values are, in words.
    expect(await page.getByTestId("field-quantity").locator(".confidence").textContent()).toBe(
      "95% · a usual name for it: 5 of 5 values are whole numbers",
    );
    await checkTheRows(page);

    const offer = page.getByTestId("order-numbers-above");
    const counts = () => page.getByTestId("issue-counts").textContent();
    await expect.poll(() => offer.textContent()).toContain("3 rows have no order number");
    expect(await counts()).toMatch(/^3 errors/);
    // A row of its own: the number above it, on that row alone.
    await page.locator('[role="row"][data-row-number="3"] [role="gridcell"][aria-colindex="2"]').click();
    await expect.poll(() => page.getByRole("button", { name: "Use “TSV-01”" }).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole("button", { name: "Use the order number above for 3 rows" }).count()).toBe(2);

    await offer.getByRole("button", { name: "Use the order number above for 3 rows" }).click();
    await expect.poll(() => offer.count()).toBe(0);
    await expect.poll(counts).toMatch(/^0 errors/);
    expect(await summary(page)).toMatch(/^6 rows, 2 jobs/);
    // Focus is back in the grid, so the keyboard goes on where the user was (the grid takes it as it draws the fix).
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null)).toBe(true);

    await page.keyboard.press("Control+z");
    await expect.poll(() => offer.textContent()).toContain("3 rows have no order number");
    expect(await counts()).toMatch(/^3 errors/);
  });

  it("knows columns by their values when their headers name something else, and says so", async () => {
    const page = await e2e.browser.newPage();
    await openAndConnect(page, e2e.app.url);
    await page.getByLabel("Order sheet").setInputFiles(clubSheet("codes-under-artwork.csv"));
    await page.getByTestId("field-orderNumber").waitFor();
    expect(await mappedTo(page, "code")).toBe("Artwork ref");
    expect(await page.getByTestId("field-code").locator(".confidence").textContent()).toBe(
      "80% · its values: 4 of 4 values are price codes, asset tags or stock codes",
    );
    expect(await mappedTo(page, "orderNumber")).toBe("Ref");
    expect(await page.getByTestId("field-orderNumber").locator(".confidence").textContent()).toContain(
      "2 values repeat down the rows as order numbers do, and no header names the order number",
    );
    await checkTheRows(page);
    await expect.poll(() => summary(page)).toMatch(/^4 rows, 2 jobs: 2 ready/);
  });
});
