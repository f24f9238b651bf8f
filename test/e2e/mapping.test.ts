import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { columnLetter } from "../../src/core/sheet-model";
import { minimalWorkbook } from "../helpers/zip-writer";
import { expectNoAxeViolations } from "./axe";
import { openAndConnect, useBuiltAppInChromium } from "./harness";
import { samplePath } from "../helpers/samples";

const TEAM_WORKBOOK = samplePath("team-orders-winter.xlsx");

let scratch: string;

// Registered before the app's hooks, so the folder is removed after the browser and app close.
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "importer-e2e-"));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const e2e = useBuiltAppInChromium();

async function connect(page: Page): Promise<void> {
  await openAndConnect(page, e2e.app.url);
  await expect.poll(() => page.getByTestId("catalogue").textContent(), { timeout: 30_000 }).toMatch(/^Catalogue from /);
}

const selectedText = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? "");

describe("mapping a workbook in Chromium", () => {
  it("picks the order sheet, takes a change by hand, saves it as a template and applies it next time", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await connect(page);
    await page.getByLabel("Order sheet").setInputFiles(TEAM_WORKBOOK);
    await page.getByRole("heading", { name: "Map the columns of team-orders-winter.xlsx" }).waitFor();

    // The order table is chosen over the instructions sheet in front of it; the hidden list sheet is marked.
    expect(await selectedText(page, "Sheet")).toMatch(/^Orders/);
    const sheets = await page.getByLabel("Sheet").locator("option").allTextContents();
    expect(sheets.map((s) => s.split(" — ")[0])).toEqual(["How to order", "Orders", "Lists (hidden)"]);
    await page.getByLabel("Sheet").selectOption("How to order");
    await expect
      .poll(() => page.getByTestId("missing-fields").textContent())
      .toBe("Still needed: Order number, Code, Quantity.");
    await page.getByLabel("Sheet").selectOption("Orders");
    await expect
      .poll(() => page.getByTestId("sheet-facts").textContent())
      .toMatch(/^25 rows below the header on row 4; sizes: one column per size\./);
    expect(await page.getByTestId("missing-fields").count()).toBe(0);
    expect(await selectedText(page, "Column for Order number")).toBe("Order #");
    expect(await page.getByTestId("field-orderNumber").locator(".samples").textContent()).toBe(
      "KTP-27001 · KTP-27002 · KTP-27003",
    );
    expect(await selectedText(page, "Use of column Vinyl colour")).toBe("Attribute: Vinyl colour");

    // The team's name is the club here, not the team column: fix it by hand.
    expect(await selectedText(page, "Column for Job description")).toBe("Team");
    await page.getByLabel("Column for Job description").selectOption({ label: "Club" });
    await expect
      .poll(() => page.getByTestId("field-description").locator(".confidence").textContent())
      .toBe("100% · your choice");
    expect(await selectedText(page, "Column for Organisation")).toBe("— not mapped —");

    await page.getByLabel("Template name").fill("Winter teams");
    await page.getByRole("button", { name: "Save template" }).click();
    await expect
      .poll(() => page.getByTestId("mapping-notice").textContent())
      .toBe('Saved the mapping as "Winter teams".');

    // Another day: the page is reloaded and the same workbook dropped again.
    await page.reload();
    await connect(page);
    await page.getByLabel("Order sheet").setInputFiles(TEAM_WORKBOOK);
    await expect
      .poll(() => page.getByTestId("mapping-notice").textContent())
      .toBe('Applied your template "Winter teams", saved for sheets with these headers.');
    expect(await selectedText(page, "Column for Job description")).toBe("Club");
    expect(
      await page
        .getByRole("combobox", { name: "Template", exact: true })
        .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent),
    ).toBe("Winter teams");
    expect(await page.getByTestId("field-description").locator(".confidence").textContent()).toBe(
      "100% · your template",
    );
    await context.close();
  });

  it("fits the mapping table into a narrow window: it scrolls inside itself", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 390, height: 844 } });
    await openAndConnect(page, e2e.app.url);
    await expectNoAxeViolations(page, "upload, in a narrow window");
    await page.getByLabel("Order sheet").setInputFiles(TEAM_WORKBOOK);
    await page.getByRole("heading", { name: "Map the columns of team-orders-winter.xlsx" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(
      await page
        .locator(".table-scroll")
        .first()
        .evaluate((element) => element.scrollWidth > element.clientWidth),
    ).toBe(true);
    await expectNoAxeViolations(page, "mapping, in a narrow window");
    await page.close();
  });

  it("reports progress on a large file and stops reading when cancelled", async () => {
    // The slowest file to read within the limits: a workbook of nearly 300,000 rows of ten text cells (a CSV that size
    // is read in a fraction of a second).
    const file = join(scratch, "big-orders.xlsx");
    const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
    const headers = ["Order No", "Price Code", "Qty", "Team", "E", "F", "G", "H", "I", "J"];
    const rows = [`<row r="1">${headers.map((header, c) => text(`${columnLetter(c)}1`, header)).join("")}</row>`];
    for (let r = 2; r <= 290_000; r++) {
      const notes = ["E", "F", "G", "H", "I", "J"]
        .map((column) => text(`${column}${r}`, `note ${column} ${r}`))
        .join("");
      rows.push(
        `<row r="${r}">${text(`A${r}`, `KTP-${90_000 + (r % 5_000)}`)}${text(`B${r}`, "DTF A4: Full Colour")}` +
          `<c r="C${r}"><v>${r % 40}</v></c>${text(`D${r}`, "Karori Football seniors")}${notes}</row>`,
      );
    }
    await writeFile(
      file,
      minimalWorkbook(
        '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
          `<sheetData>${rows.join("")}</sheetData></worksheet>`,
        1,
      ),
    );
    const page = await e2e.browser.newPage();
    await connect(page);
    await page.getByLabel("Order sheet").setInputFiles(file);
    await page.getByRole("heading", { name: "Reading big-orders.xlsx" }).waitFor();
    const status = () => page.getByTestId("opening-progress").textContent();
    await expect.poll(status, { timeout: 30_000 }).toMatch(/Reading the sheet — \d+%/);
    // A screen reader hears it too, from a polite status region.
    const live = page.getByTestId("opening-status");
    expect([await live.getAttribute("role"), await live.getAttribute("aria-live")]).toEqual(["status", "polite"]);
    await expect.poll(() => live.textContent(), { timeout: 30_000 }).toMatch(/^(Checking the file|Reading the sheet)/);
    // The page stays responsive while the worker reads: it keeps drawing the worker's progress.
    const first = await status();
    await expectNoAxeViolations(page, "reading a file");
    await expect.poll(status, { timeout: 30_000 }).not.toBe(first);
    const worker = page.workers().find((w) => w.url().includes("sheet.worker"));
    if (worker === undefined)
      throw new Error(
        `no sheet worker among ${page
          .workers()
          .map((w) => w.url())
          .join(", ")}`,
      );
    const terminated = new Promise<void>((resolve) => worker.once("close", () => resolve()));
    await page.getByRole("button", { name: "Cancel" }).click();
    // Reading stops: the worker is ended, so no further progress or mapping can come from it.
    await terminated;
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Reading big-orders.xlsx was cancelled.");
    expect(await page.getByTestId("opening").count()).toBe(0);
    expect(await page.getByRole("heading", { name: /^Map the columns/ }).count()).toBe(0);
    await page.close();
  });
});
