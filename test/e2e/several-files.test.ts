import { fileURLToPath } from "node:url";
import { parse } from "papaparse";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { listZipEntries } from "../../src/sheet/zip/zip-guard";
import { entryData } from "../helpers/zip-writer";
import { expectNoAxeViolations } from "./axe";
import { checkTheRows, download, keptValues, openAndConnect, submitAndConfirm, useBuiltAppInChromium } from "./harness";

const clubFile = (name: string) => fileURLToPath(new URL(`../fixtures/several-files/${name}`, import.meta.url));
const RUGBY = clubFile("harbour-city-rugby.csv");
const TSV = clubFile("tsv-gruenwald.csv");
const TSV_SAME_NUMBER = clubFile("tsv-gruenwald-same-number.csv");

const e2e = useBuiltAppInChromium();

const summary = (page: Page) => page.getByTestId("summary").textContent();
/** The grid's row for a row of the review (by its number in the session), once it is drawn. */
const gridRow = (page: Page, sessionRow: number) => page.locator(`[role="row"][data-row-number="${sessionRow}"]`);
/** Row 2 of the second file, as the session numbers it. */
const SECOND_FILE_ROW_2 = 100_000_002;

/** The files of a zip, by name, as text. */
function zippedTexts(bytes: Uint8Array): Map<string, string> {
  return new Map(listZipEntries(bytes, "results.zip").map((e) => [e.name, entryData(bytes, e).toString("utf8")]));
}

describe("several club sheets dropped together", () => {
  it("show their table of files in a narrow window without spilling over, and pass axe", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 390, height: 900 } });
    await openAndConnect(page, e2e.app.url);
    await page.getByLabel("Order sheet").setInputFiles([RUGBY, TSV]);
    await page.getByTestId("files-read").waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectNoAxeViolations(page, "mapping of several files");
    await page.close();
  });

  it("become one review and one batch; rows keep their file and row number; each file gets its results", async () => {
    const page = await e2e.browser.newPage();
    await openAndConnect(page, e2e.app.url);
    await page.getByLabel("Order sheet").setInputFiles([RUGBY, TSV]);

    const files = page.getByTestId("files-read");
    await files.waitFor();
    expect(await files.locator("tbody tr td:first-child").allTextContents()).toEqual([
      "harbour-city-rugby.csv",
      "tsv-gruenwald.csv",
    ]);
    expect(await page.getByTestId("sheet-facts").textContent()).toMatch(/^6 rows from 2 files; sizes/);
    expect(await page.locator("h2").first().textContent()).toBe(
      "Map the columns of harbour-city-rugby.csv and tsv-gruenwald.csv",
    );
    // Each file's header row can be chosen again on its own; the other file stays as it was.
    const headerRow = page.getByLabel("Header row of tsv-gruenwald.csv");
    await headerRow.fill("2");
    await headerRow.dispatchEvent("change");
    await expect.poll(() => page.getByTestId("sheet-facts").textContent()).toMatch(/^5 rows from 2 files/);
    expect(await page.getByTestId("mapping-notice").textContent()).toContain("Read tsv-gruenwald.csv again");
    await headerRow.fill("1");
    await headerRow.dispatchEvent("change");
    await expect.poll(() => page.getByTestId("sheet-facts").textContent()).toMatch(/^6 rows from 2 files/);
    await checkTheRows(page);

    // The second file's rows: its own row numbers, its name in the File column.
    const second = gridRow(page, SECOND_FILE_ROW_2);
    expect(await second.getByRole("rowheader").textContent()).toBe("2");
    expect(await second.locator('[role="gridcell"][aria-colindex="2"]').textContent()).toBe("tsv-gruenwald.csv");
    await second.locator('[role="gridcell"][aria-colindex="3"]').click();
    await expect.poll(() => page.locator("#row-panel-heading").textContent()).toMatch(/^tsv-gruenwald\.csv, row 2/);

    // The second club's follow-on row takes its order number from the row above in its own file.
    const offer = page.getByTestId("order-numbers-above");
    await expect.poll(() => offer.textContent()).toContain("1 row has no order number");
    await offer.getByRole("button", { name: "Use the order number above for 1 row" }).click();
    await expect.poll(() => offer.count()).toBe(0);
    await expect.poll(() => summary(page)).toMatch(/^6 rows, 4 jobs: 4 ready/);
    const counts = () => page.getByTestId("issue-counts").textContent();
    await expect.poll(counts).toMatch(/^0 errors/);
    // The edits are written a moment after they are made: the reload waits until the kept review holds the change.
    await expect.poll(() => keptValues(page)).toContain("TSV-21");

    // A reload reopens the review of both files as it was.
    await page.reload();
    await page.getByLabel("Connection").selectOption("demo");
    await page.getByRole("button", { name: "Connect" }).click();
    await page.getByTestId("review-notice").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("review-notice").textContent()).toContain(
      "Reopened your review of harbour-city-rugby.csv and tsv-gruenwald.csv as you left it",
    );
    await expect.poll(() => summary(page)).toMatch(/^6 rows, 4 jobs: 4 ready/);
    expect(await gridRow(page, SECOND_FILE_ROW_2).getByRole("rowheader").textContent()).toBe("2");
    await expect.poll(() => page.getByTestId("review-busy").count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(counts).toMatch(/^0 errors/);

    await submitAndConfirm(page, 4);
    await page.getByTestId("results-summary").waitFor({ timeout: 60_000 });
    expect(await page.getByTestId(`result-${SECOND_FILE_ROW_2}`).locator("td").first().textContent()).toBe(
      "tsv-gruenwald.csv, row 2",
    );

    const results = await download(page.getByRole("button", { name: "Download 2 result sheets (zip)" }));
    expect(results.name).toBe("2 order sheets - results.zip");
    const texts = zippedTexts(results.bytes);
    expect([...texts.keys()]).toEqual(["harbour-city-rugby - results.csv", "tsv-gruenwald - results.csv"]);
    const rugby = parse<string[]>(texts.get("harbour-city-rugby - results.csv") ?? "", { skipEmptyLines: true }).data;
    const tsv = parse<string[]>(texts.get("tsv-gruenwald - results.csv") ?? "", { skipEmptyLines: true }).data;
    // Each file as it was, its header in its own words, with its own rows' results.
    expect(rugby[0]?.slice(0, 2)).toEqual(["PO Number", "Club"]);
    expect(tsv[0]?.slice(0, 2)).toEqual(["Bestellnr.", "Verein"]);
    const result = (rows: string[][], row: number, column: string) => rows[row]?.[rows[0]?.indexOf(column) ?? -1];
    expect([1, 2, 3].map((row) => result(rugby, row, "Import result"))).toEqual(["Created", "Created", "Created"]);
    expect([1, 2, 3].map((row) => result(tsv, row, "Import result"))).toEqual(["Created", "Created", "Created"]);
    // The follow-on row went with its order, as the sheet's own column says.
    expect(result(tsv, 2, "Job number")).toBe(result(tsv, 1, "Job number"));
    expect(result(tsv, 2, "Messages")).toContain("Bestellnr. sent as TSV-21; the sheet had blank.");
  });

  it("never merges two files' orders that share an order number, and says where each is", async () => {
    const page = await e2e.browser.newPage();
    await openAndConnect(page, e2e.app.url);
    await page.getByLabel("Order sheet").setInputFiles([RUGBY, TSV_SAME_NUMBER]);
    await page.getByTestId("files-read").waitFor();
    await checkTheRows(page);

    await gridRow(page, SECOND_FILE_ROW_2).locator('[role="gridcell"][aria-colindex="3"]').click();
    const panel = page.getByTestId("row-panel");
    await expect
      .poll(() => panel.textContent())
      .toContain("order number HCR-102 is in harbour-city-rugby.csv (row 4) and tsv-gruenwald-same-number.csv (row 2)");
    // The other orders are ready; the shared number is not sent.
    await expect.poll(() => summary(page)).toMatch(/^5 rows, 3 jobs: .*1 needs attention/);

    // Each file's problem sheet says it, in that file's own rows.
    const problems = await download(page.getByRole("button", { name: "Download 2 problem sheets (zip)" }));
    const texts = zippedTexts(problems.bytes);
    expect([...texts.keys()]).toEqual([
      "harbour-city-rugby - problems.csv",
      "tsv-gruenwald-same-number - problems.csv",
    ]);
    const tsv = parse<string[]>(texts.get("tsv-gruenwald-same-number - problems.csv") ?? "", {
      skipEmptyLines: true,
    }).data;
    const messages = tsv[1]?.[tsv[0]?.indexOf("Messages") ?? -1];
    expect(messages).toContain("order number HCR-102 is in harbour-city-rugby.csv (row 4)");
    expect(tsv).toHaveLength(3);
  });
});
