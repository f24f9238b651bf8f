import { parse } from "papaparse";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { samplePath } from "../helpers/samples";
import { checkTheRows, download, openAndConnect, submitAndConfirm, useBuiltAppInChromium } from "./harness";
import { gridCell } from "./grid-cells";

const e2e = useBuiltAppInChromium();

const summary = (page: Page) => page.getByTestId("summary").textContent();

const cell = gridCell;

/** A row's artwork cell: its picture (or marker), and its text. */
async function artworkCell(page: Page, rowNumber: number) {
  const found = await cell(page, rowNumber, "Artwork link");
  return { thumb: found.getByTestId("artwork-thumb"), text: () => found.textContent() };
}

describe("artwork links on the page", () => {
  it("are checked with the dry runs: every state on its row, pictures in the grid, the share page fixed", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openAndConnect(page, e2e.app.url);
    await page.getByLabel("Order sheet").setInputFiles(samplePath("artwork-links.csv"));
    await checkTheRows(page);
    // Nine orders: a large and a small picture, a PDF and a link expiring early pass; the rest need fixing.
    await expect.poll(() => summary(page)).toMatch(/^9 rows, 9 jobs: 4 ready, 5 need attention/);

    // The large picture is shown from the app's own copy, and loads.
    const large = await artworkCell(page, 2);
    await expect.poll(() => large.thumb.getAttribute("src")).toBe("/demo-artwork/crest-large.png");
    await expect
      .poll(() => large.thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await large.thumb.getAttribute("alt")).toMatch(/^PNG image, 4,200 × 4,200 px/);
    expect(await (await artworkCell(page, 4)).thumb.textContent()).toBe("PDF");
    expect(await (await artworkCell(page, 6)).thumb.getAttribute("aria-label")).toBe(
      "This link needs a login; share it publicly or upload it elsewhere.",
    );

    // The small picture: a warning with the numbers, on its row.
    await (await cell(page, 3, "Artwork link")).click();
    const panel = page.getByTestId("row-panel");
    await expect
      .poll(() => panel.locator('[data-code="ARTWORK_LOW_RESOLUTION"] .message').textContent())
      .toBe("400 × 300 px printed 4 × 4 in is 75 DPI; print shops ask for 300.");

    // The share page: its file's own address in one click, undone with Ctrl+Z.
    await (await cell(page, 5, "Artwork link")).click();
    const direct = "https://www.dropbox.com/s/h4rb0urc1ty/crest-front.png?dl=1";
    await panel.getByRole("button", { name: `Use “${direct}”` }).click();
    await expect.poll(async () => (await cell(page, 5, "Artwork link")).textContent()).toContain(direct);
    await expect.poll(() => summary(page)).toMatch(/^9 rows, 9 jobs: .*4 need attention/);
    await page.keyboard.press("Control+z");
    await expect
      .poll(async () => (await cell(page, 5, "Artwork link")).textContent())
      .toBe("https://www.dropbox.com/s/h4rb0urc1ty/crest-front.png?dl=0");

    // The order panel shows the order's artwork larger.
    await (await cell(page, 2, "Artwork link")).click();
    await expect.poll(() => page.getByTestId("order-artwork").locator("img").count()).toBe(1);
    await page.close();
  });

  it("lists the artwork warnings and pictures in the confirmation; the result sheet says what was found", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openAndConnect(page, e2e.app.url);
    await page.getByLabel("Order sheet").setInputFiles(samplePath("artwork-links.csv"));
    await checkTheRows(page);
    await page.getByRole("button", { name: /^Submit \d+ jobs?…$/ }).click();
    const confirm = page.getByTestId("confirm-summary");
    await confirm.waitFor({ timeout: 60_000 });
    expect(await confirm.textContent()).toContain(
      "Artwork to look at (sent as it is): HCR-302, row 3: 400 × 300 px printed 4 × 4 in is 75 DPI; " +
        "print shops ask for 300.",
    );
    expect(await confirm.textContent()).toContain("HCR-308, row 9: This signed link stops working on");
    await page.getByTestId("confirm-artwork").locator("summary").click();
    // The list is drawn once it is opened.
    await expect.poll(() => page.getByTestId("confirm-artwork").getByTestId("artwork-thumb").count()).toBe(4);
    await page.getByRole("button", { name: "Back to the review" }).click();
    await submitAndConfirm(page, 4);
    await page.getByTestId("results-summary").waitFor({ timeout: 60_000 });

    const results = await download(page.getByRole("button", { name: "Download result sheet" }));
    const rows = parse<Record<string, string>>(results.bytes.toString("utf8"), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows[0]?.["Artwork check"]).toMatch(
      /^Artwork found: PNG image, 4,200 × 4,200 px, \d+ KB\. Checked \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    // A row not sent says what its link gave, too.
    expect(rows[4]?.["Artwork check"]).toMatch(
      /^This link needs a login; share it publicly or upload it elsewhere\. Checked \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    await page.close();
  });
});
