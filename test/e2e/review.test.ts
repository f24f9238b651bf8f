import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningAppServer } from "../../src/server/app-server";
import { launchChromium, openAndConnect, startBuiltApp } from "./harness";

const TEAM_WORKBOOK = fileURLToPath(new URL("../../samples/team-orders-winter-2027.xlsx", import.meta.url));

let app: RunningAppServer;
let browser: Browser;
let scratch: string;
let withMistakes: string;

/** The team workbook with three mistakes planted, as a customer might make them. */
async function plantMistakes(target: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(TEAM_WORKBOOK);
  const sheet = book.getWorksheet("Orders");
  if (!sheet) throw new Error("no Orders sheet");
  const header = sheet.getRow(4).values as unknown[];
  const column = (name: string) => header.indexOf(name);
  // An unknown price code with a close candidate (Ponsonby's transfer, row 17).
  sheet.getRow(17).getCell(column("Code")).value = "DTF A4 Full Colour";
  // A select value in the wrong case on every Karori name and number (rows 7 to 14).
  for (let r = 7; r <= 14; r++) sheet.getRow(r).getCell(column("Vinyl colour")).value = "white";
  // A size not in the run: adult S on Henderson's youth jerseys (row 24).
  sheet.getRow(24).getCell(column("S")).value = 2;
  await book.xlsx.writeFile(target);
}

beforeAll(async () => {
  app = await startBuiltApp();
  browser = await launchChromium();
  scratch = await mkdtemp(join(tmpdir(), "importer-review-"));
  withMistakes = join(scratch, "team-orders-with-mistakes.xlsx");
  await plantMistakes(withMistakes);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await rm(scratch, { recursive: true, force: true });
});

async function openReview(page: Page): Promise<void> {
  await openAndConnect(page, app.url);
  await expect.poll(() => page.getByTestId("catalogue").textContent(), { timeout: 30_000 }).toMatch(/45 price codes, 230 assets \(20 archived\) and 30 global, 10 stock items/);
  await page.getByLabel("Order sheet").setInputFiles(withMistakes);
  await page.getByRole("button", { name: "Check the rows" }).click();
  await page.getByTestId("summary").waitFor({ timeout: 30_000 });
}

const summary = (page: Page) => page.getByTestId("summary").textContent();
const badge = (page: Page, order: string) => page.getByTestId(`job-${order}`).locator(".badge").textContent();

describe("reviewing and fixing a sheet in Chromium", () => {
  it("shows each planted mistake on its row, takes three kinds of fix, and the jobs become valid", async () => {
    const page = await browser.newPage();
    await openReview(page);
    expect(await summary(page)).toBe("25 rows, 4 jobs: 1 ready, 3 need attention.");
    expect(await page.getByTestId("estimate").textContent()).toMatch(/^Estimated total NZ\$[\d,]+\.\d\d \(NZD, from your tier's prices; an estimate, not an invoice\)\.$/);

    const codeIssue = page.getByTestId("row-17").locator('[data-code="PRICE_CODE_UNKNOWN"]');
    expect(await codeIssue.locator(".message").textContent()).toBe(
      'Row 17, column Code: "DTF A4 Full Colour" is not one of your account\'s price codes. Did you mean "DTF A4: Full Colour" or "DTF A3: Full Colour" or "SUB A4: Full Colour"?',
    );
    const caseIssues = page.locator('[data-code="ATTRIBUTE_VALUE_CASE"]');
    expect(await caseIssues.count()).toBe(8);
    expect(await page.getByTestId("row-7").locator('[data-code="ATTRIBUTE_VALUE_CASE"] .message').textContent()).toBe(
      'Row 7, column Vinyl colour: "white" is written differently from the option "White" for Vinyl colour.',
    );
    const sizeIssue = page.getByTestId("row-24").locator('[data-code="STOCK_SIZE_UNKNOWN"]');
    expect(await sizeIssue.locator(".message").textContent()).toBe(
      'Row 24, column S: size "S" is not in the RJ100Y-BLK-GLD size run (4, 6, 8, 10, 12, 14).',
    );
    expect([await badge(page, "KTP-27001"), await badge(page, "KTP-27002"), await badge(page, "KTP-27003"), await badge(page, "KTP-27004")]).toEqual([
      "Needs fixing",
      "Needs fixing",
      "Needs fixing",
      "Ready",
    ]);

    // One by its suggestion.
    await codeIssue.getByRole("button", { name: "Use “DTF A4: Full Colour”" }).first().click();
    await expect.poll(() => page.locator('[data-code="PRICE_CODE_UNKNOWN"]').count()).toBe(0);
    // One by applying the suggestion to every row like it.
    await page.getByTestId("row-7").getByRole("button", { name: "Use “White” in every row like this" }).click();
    await expect.poll(() => caseIssues.count()).toBe(0);
    // One by typing.
    await page.getByLabel("Row 24, S").fill("");
    await page.getByTestId("row-24").getByRole("button", { name: "Change" }).click();
    await expect.poll(() => page.locator('[data-code="STOCK_SIZE_UNKNOWN"]').count()).toBe(0);

    expect(await summary(page)).toBe("25 rows, 4 jobs: 4 ready, 0 need attention.");
    await page.getByRole("button", { name: "Check again with the vendor" }).click();
    await expect.poll(() => badge(page, "KTP-27001")).toBe("Ready");
    for (const order of ["KTP-27002", "KTP-27003", "KTP-27004"]) expect(await badge(page, order)).toBe("Ready");
    expect(await page.getByRole("button", { name: "Check again with the vendor" }).isDisabled()).toBe(true);

    // Undo brings the last fix back, and redo takes it away again.
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => page.locator('[data-code="STOCK_SIZE_UNKNOWN"]').count()).toBe(1);
    await page.getByRole("button", { name: "Redo" }).click();
    await expect.poll(() => page.locator('[data-code="STOCK_SIZE_UNKNOWN"]').count()).toBe(0);
    await page.close();
  });
});
