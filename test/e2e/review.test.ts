import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FaultSettings } from "../../src/server/simulator/simulator";
import { expectNoAxeViolations } from "./axe";
import { checkTheRows, keptValues, openAndConnect, useBuiltAppInChromium, withFaults } from "./harness";
import { columnCells, gridCell } from "./grid-cells";
import { samplePath } from "../helpers/samples";

const TEAM_WORKBOOK = samplePath("team-orders-winter.xlsx");

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
  // A select value misspelt on every Karori name and number (rows 7 to 14).
  for (let r = 7; r <= 14; r++) sheet.getRow(r).getCell(column("Vinyl colour")).value = "Whte";
  // A size not in the run: adult S on Henderson's youth jerseys (row 24).
  sheet.getRow(24).getCell(column("S")).value = 2;
  await book.xlsx.writeFile(target);
}

// Registered before the app's hooks, so the folder is removed after the browser and app close.
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "importer-review-"));
  withMistakes = join(scratch, "team-orders-with-mistakes.xlsx");
  await plantMistakes(withMistakes);
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const e2e = useBuiltAppInChromium();

/** Opens the file's review; `faults`, when given, are the simulator's while the rows are checked with the vendor. */
async function openReview(page: Page, file = withMistakes, faults?: FaultSettings): Promise<void> {
  await openAndConnect(page, e2e.app.url);
  await expect.poll(() => page.getByTestId("catalogue").textContent(), { timeout: 30_000 }).toMatch(/45 price codes/);
  await page.getByLabel("Order sheet").setInputFiles(file);
  // The checks with the vendor get as long as in every other browser test: one second was too short on a loaded
  // machine.
  const check = () => checkTheRows(page);
  await (faults ? withFaults(e2e.app, faults, check) : check());
}

const summary = (page: Page) => page.getByTestId("summary").textContent();
const grid = (page: Page) => page.getByRole("grid");

const cell = gridCell;

/** The active cell, as the grid announces it: its row number and its column's header. */
async function activeCell(page: Page): Promise<[number, string]> {
  return page.evaluate(() => {
    const gridElement = document.querySelector('[role="grid"]');
    const active = document.getElementById(gridElement?.getAttribute("aria-activedescendant") ?? "");
    const row = Number(active?.closest('[role="row"]')?.getAttribute("data-row-number"));
    const colIndex = active?.getAttribute("aria-colindex");
    const header =
      document.querySelector(`[role="columnheader"][aria-colindex="${colIndex}"] .grid-header-name`)?.textContent ?? "";
    return [row, header] as [number, string];
  });
}

const gridHasFocus = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("role") === "grid");

/** Whether focus is on a cell of the grid: the grid has it, and its active descendant is a cell drawn on the page. */
const focusIsOnACell = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    const active = document.getElementById(focused?.getAttribute("aria-activedescendant") ?? "");
    return focused?.getAttribute("role") === "grid" && active?.getAttribute("role") === "gridcell";
  });

async function clickCell(page: Page, rowNumber: number, header: string): Promise<void> {
  await (await cell(page, rowNumber, header)).click();
}

/** A paste as Excel or Google Sheets put it on the clipboard: tab-separated lines. */
async function pasteText(page: Page, text: string): Promise<void> {
  await page.evaluate((tsv) => {
    const data = new DataTransfer();
    data.setData("text/plain", tsv);
    document
      .querySelector('[role="grid"]')
      ?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function copySelection(page: Page): Promise<string> {
  return page.evaluate(() => {
    const data = new DataTransfer();
    document
      .querySelector('[role="grid"]')
      ?.dispatchEvent(new ClipboardEvent("copy", { clipboardData: data, bubbles: true, cancelable: true }));
    return data.getData("text/plain");
  });
}

describe("the fix-up grid in Chromium", () => {
  it("shows every row as an accessible grid, marks the planted mistakes on their cells and filters them", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openReview(page);
    expect(await summary(page)).toBe("25 rows, 4 jobs: 1 ready, 3 need attention.");
    const g = grid(page);
    expect(await g.getAttribute("aria-rowcount")).toBe("26");
    expect(Number(await g.getAttribute("aria-colcount"))).toBeGreaterThan(20);
    // Each column is headed with what it is mapped to in words: fields and price codes' questions by their labels.
    const names = await page.locator('[role="columnheader"] .grid-header-name').allTextContents();
    const targets = await page.locator('[role="columnheader"] .grid-header-target').allTextContents();
    const targetOf = (header: string) => targets[names.indexOf(header)];
    expect(["Order #", "Code", "Player name", "Vinyl colour", "Y8"].map(targetOf)).toEqual([
      "Order number",
      "Code",
      "Player name",
      "Vinyl colour",
      "Size Y8",
    ]);
    expect(
      await page
        .locator('[role="columnheader"]')
        .nth(names.indexOf("Vinyl colour") + 1)
        .getAttribute("title"),
    ).toBe("Vinyl colour: Vinyl colour");
    // No vendor's key, field id or issue code anywhere the page speaks (the grid's cells are the customer's own).
    const spoken = await page.locator("main").evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      for (const cells of copy.querySelectorAll('[role="row"]:not(.grid-header)')) cells.remove();
      return copy.textContent;
    });
    expect(spoken).toContain("Row 7 · order KTP-27001 · price code");
    expect(spoken).not.toMatch(/[A-Z]{2,}_[A-Z]{2,}|VinylColour|PlayerName|PriceCode|orderNumber/);
    expect(await page.locator('[role="row"][aria-rowindex="2"] [role="rowheader"]').textContent()).toBe("5");
    expect(await (await cell(page, 17, "Code")).getAttribute("aria-invalid")).toBe("true");
    expect(await (await cell(page, 17, "Code")).getAttribute("title")).toBe(
      '"DTF A4 Full Colour" is not one of your account\'s price codes. ' +
        'Did you mean "DTF A4: Full Colour" or "DTF A3: Full Colour" or "SUB A4: Full Colour"?',
    );
    expect(await (await cell(page, 16, "Code")).getAttribute("aria-invalid")).toBeNull();

    await page.getByTestId("row-filter").selectOption("errors");
    await expect.poll(() => g.getAttribute("aria-rowcount")).toBe("11");
    expect(await page.locator('[role="row"] [role="rowheader"]').allTextContents()).toEqual([
      "7",
      "8",
      "9",
      "10",
      "11",
      "12",
      "13",
      "14",
      "17",
      "24",
    ]);
    const kinds = await page.getByTestId("row-filter").locator("option").allTextContents();
    expect(kinds).toContain("Answer not one of the options (8)");
    expect(kinds.join(" ")).not.toMatch(/[A-Z]+_[A-Z_]+/);
    // The next problem within the filter keeps the filter; one outside it shows every row.
    await clickCell(page, 7, "Vinyl colour");
    await page.keyboard.press("F8");
    await expect.poll(() => activeCell(page)).toEqual([8, "Vinyl colour"]);
    expect(await page.getByTestId("row-filter").inputValue()).toBe("errors");
    await page.getByTestId("row-filter").selectOption({ label: "Unknown price code (1)" });
    await expect.poll(() => g.getAttribute("aria-rowcount")).toBe("2");
    await clickCell(page, 17, "Code");
    await page.keyboard.press("F8");
    await expect.poll(() => activeCell(page)).toEqual([24, "S"]);
    expect(await page.getByTestId("row-filter").inputValue()).toBe("all");
    await expect.poll(() => g.getAttribute("aria-rowcount")).toBe("26");
    await page.close();
  });

  it(
    "fixes problems by suggestion, by suggestion everywhere and by typing, " +
      "from the keyboard, and undoes and redoes them",
    async () => {
      const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await openReview(page);
      await clickCell(page, 5, "Order #");
      await page.keyboard.press("F8");
      await expect.poll(() => activeCell(page)).toEqual([7, "Vinyl colour"]);
      const rowPanel = page.getByTestId("row-panel");
      expect(await rowPanel.locator('[data-code="ATTRIBUTE_VALUE_INVALID"] .message').textContent()).toMatch(
        /^"Whte" is not an option for Vinyl colour; the options are White, /,
      );
      await rowPanel.getByRole("button", { name: "Use it in every row like this" }).click();
      await expect
        .poll(() => page.getByTestId("row-filter").locator("option").allTextContents())
        .not.toContain("Answer not one of the options (8)");
      await expect.poll(async () => (await cell(page, 14, "Vinyl colour")).textContent()).toBe("White");

      // Each fix gives focus back to the grid, so F8 goes on at once.
      await expect.poll(() => focusIsOnACell(page)).toBe(true);
      await page.keyboard.press("F8");
      await expect.poll(() => activeCell(page)).toEqual([17, "Code"]);
      await rowPanel.getByRole("button", { name: "Use “DTF A4: Full Colour”" }).click();
      await expect.poll(async () => (await cell(page, 17, "Code")).textContent()).toBe("DTF A4: Full Colour");

      // Typing: F8 to the size, Delete clears it (the quantity of a size not in the run).
      await expect.poll(() => focusIsOnACell(page)).toBe(true);
      await page.keyboard.press("F8");
      await expect.poll(() => activeCell(page)).toEqual([24, "S"]);
      await page.keyboard.press("Delete");
      await expect.poll(() => summary(page)).toBe("25 rows, 4 jobs: 4 ready, 0 need attention.");

      // Enter edits, Escape cancels, a typed character starts editing with it.
      await page.keyboard.press("ArrowUp");
      expect(await activeCell(page)).toEqual([23, "S"]);
      await page.keyboard.press("Enter");
      await page.keyboard.type("9");
      await page.keyboard.press("Escape");
      expect(await (await cell(page, 23, "S")).textContent()).toBe("");
      await page.keyboard.type("7");
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await cell(page, 23, "S")).textContent()).toBe("7");
      expect(await activeCell(page)).toEqual([24, "S"]);

      await page.keyboard.press("Control+z");
      await expect.poll(async () => (await cell(page, 23, "S")).textContent()).toBe("");
      await page.keyboard.press("Control+z");
      await expect.poll(() => summary(page)).toBe("25 rows, 4 jobs: 3 ready, 1 needs attention.");
      await page.keyboard.press("Control+y");
      await expect.poll(() => summary(page)).toBe("25 rows, 4 jobs: 4 ready, 0 need attention.");
      await page.close();
    },
  );

  it(
    "opens with focus on the first problem and gives it back to " +
      "the grid after every action beside it, so F8 always goes on",
    async () => {
      const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await openReview(page);
      // No click needed: the grid has focus from the start, on the first problem.
      await expect.poll(() => focusIsOnACell(page)).toBe(true);
      expect(await activeCell(page)).toEqual([7, "Vinyl colour"]);
      await page.keyboard.press("F8");
      await expect.poll(() => activeCell(page)).toEqual([8, "Vinyl colour"]);

      // A fix for every row like it: back on the cell the user was on.
      const rowPanel = page.getByTestId("row-panel");
      // The kind of line in words, never the vendor's item type.
      await expect.poll(() => rowPanel.locator("h3").textContent()).toMatch(/^Row 8 · order KTP-\d+ · price code · /);
      await rowPanel.getByRole("button", { name: "Use it in every row like this" }).click();
      await expect.poll(async () => (await cell(page, 14, "Vinyl colour")).textContent()).toBe("White");
      await expect.poll(() => focusIsOnACell(page)).toBe(true);
      expect(await activeCell(page)).toEqual([8, "Vinyl colour"]);
      await page.keyboard.press("F8");
      await expect.poll(() => activeCell(page)).toEqual([17, "Code"]);

      // A fix that takes the row out of the filter: focus goes to the row now in its place.
      await page.getByTestId("row-filter").selectOption("errors");
      await expect.poll(() => grid(page).getAttribute("aria-rowcount")).toBe("3");
      await clickCell(page, 17, "Code");
      await rowPanel.getByRole("button", { name: "Use “DTF A4: Full Colour”" }).click();
      await expect.poll(() => grid(page).getAttribute("aria-rowcount")).toBe("2");
      await expect.poll(() => focusIsOnACell(page)).toBe(true);
      await expect.poll(() => activeCell(page)).toEqual([24, "Code"]);
      await page.keyboard.press("F8");
      await expect.poll(() => activeCell(page)).toEqual([24, "S"]);

      // The order panel: skipping the order and bringing it back each give focus back.
      await page.getByTestId("row-filter").selectOption("all");
      await clickCell(page, 24, "S");
      const orderPanel = page.getByTestId("order-panel");
      await orderPanel.getByRole("button", { name: "Skip this order" }).click();
      await expect
        .poll(() => orderPanel.getByTestId("order-state").textContent())
        .toBe("Every row of this order is skipped.");
      await expect.poll(() => focusIsOnACell(page)).toBe(true);
      await orderPanel.getByRole("button", { name: "Include this order again" }).click();
      await expect
        .poll(() => orderPanel.getByTestId("order-state").textContent())
        .not.toBe("Every row of this order is skipped.");
      await expect.poll(() => focusIsOnACell(page)).toBe(true);
      await page.close();
    },
  );

  it(
    "keeps focus in a field of the order panel while the user types, " +
      "even as the vendor's answers come in, and gives it back to the grid once saved",
    async () => {
      const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await openAndConnect(page, e2e.app.url);
      await page.getByLabel("Order sheet").setInputFiles(TEAM_WORKBOOK);
      await withFaults(e2e.app, { delayMs: 4_000, endpoints: ["createJob"] }, async () => {
        await page.getByRole("button", { name: "Check the rows" }).click();
        await page.getByTestId("summary").waitFor({ timeout: 30_000 });
        await expect.poll(() => focusIsOnACell(page)).toBe(true);
        await clickCell(page, 17, "Code");
        const phone = page.getByTestId("order-panel").getByLabel("Phone");
        await phone.click();
        await page.keyboard.type("04 555");
        // The vendor's answers come in (the grid and the panels are drawn again) while the field is being typed in.
        await expect.poll(() => page.getByTestId("review-busy").count(), { timeout: 30_000 }).toBe(0);
        await page.keyboard.type(" 0100");
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("order-phone");
        await page.keyboard.press("Enter");
        await expect.poll(() => focusIsOnACell(page)).toBe(true);
        expect(await activeCell(page)).toEqual([17, "Code"]);
        await expect
          .poll(() => page.locator('[role="columnheader"] .grid-header-name').allTextContents())
          .toContain("Phone");
      });
      await page.close();
    },
  );

  it("moves like a spreadsheet: arrows, Tab, Home and End, Ctrl+Home and Ctrl+End, PageDown", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 800 } });
    await openReview(page);
    await clickCell(page, 6, "Team");
    await page.keyboard.press("ArrowRight");
    expect(await activeCell(page)).toEqual([6, "Contact"]);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect(await activeCell(page)).toEqual([6, "Order #"]);
    // Tab keeps to the row: Shift+Tab from its first cell and Tab from its last leave the grid.
    await page.keyboard.press("Shift+Tab");
    expect(await gridHasFocus(page)).toBe(false);
    expect(await activeCell(page)).toEqual([6, "Order #"]);
    await grid(page).focus();
    await page.keyboard.press("End");
    await page.keyboard.press("Tab");
    expect(await gridHasFocus(page)).toBe(false);
    await grid(page).focus();
    await page.keyboard.press("ArrowUp");
    expect((await activeCell(page))[0]).toBe(5);
    await page.keyboard.press("Home");
    expect(await activeCell(page)).toEqual([5, "Order #"]);
    await page.keyboard.press("Control+End");
    expect((await activeCell(page))[0]).toBe(29);
    await page.keyboard.press("Control+Home");
    expect(await activeCell(page)).toEqual([5, "Order #"]);
    await page.keyboard.press("PageDown");
    expect((await activeCell(page))[0]).toBeGreaterThan(10);
    // A key held down: presses after the first are repeats. The row panel shows where the active cell came to rest.
    const [before] = await activeCell(page);
    for (const repeat of [false, true, true, true])
      await grid(page).evaluate(
        (element, isRepeat) =>
          element.dispatchEvent(
            new KeyboardEvent("keydown", { key: "ArrowUp", repeat: isRepeat, bubbles: true, cancelable: true }),
          ),
        repeat,
      );
    await grid(page).evaluate((element) => element.dispatchEvent(new KeyboardEvent("keyup", { key: "ArrowUp" })));
    expect((await activeCell(page))[0]).toBe(before - 4);
    await expect.poll(() => page.locator("#row-panel-heading").textContent()).toContain(`Row ${before - 4}`);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("End");
    const [, last] = await activeCell(page);
    expect(last).toBe((await page.locator('[role="columnheader"] .grid-header-name').allTextContents()).at(-1));
    await page.close();
  });

  it("keeps up with fast typing: Enter moves to the next cell at once, before the edit is answered", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openReview(page, TEAM_WORKBOOK);
    await clickCell(page, 7, "Player number");
    await page.keyboard.type("1");
    await page.keyboard.press("Enter");
    await page.keyboard.type("2");
    await page.keyboard.press("Enter");
    await page.keyboard.type("3");
    await page.keyboard.press("Tab");
    await page.keyboard.type("x");
    await page.keyboard.press("Escape");
    const numbers = async () =>
      Promise.all([7, 8, 9].map(async (n) => (await cell(page, n, "Player number")).textContent()));
    await expect.poll(numbers).toEqual(["1", "2", "3"]);
    expect((await activeCell(page))[0]).toBe(9);
    expect((await activeCell(page))[1]).not.toBe("Player number");
    await page.close();
  });

  it(
    "copies and pastes rectangles as tab-separated text, " + "fills down, and replaces in a column after counting",
    async () => {
      const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await openReview(page, TEAM_WORKBOOK);
      await clickCell(page, 6, "Qty");
      await page.keyboard.press("Shift+ArrowDown");
      await page.keyboard.press("Shift+ArrowLeft");
      const expected = [
        [await (await cell(page, 6, "Artwork")).textContent(), await (await cell(page, 6, "Qty")).textContent()],
        [await (await cell(page, 7, "Artwork")).textContent(), await (await cell(page, 7, "Qty")).textContent()],
      ];
      expect(await copySelection(page)).toBe(expected.map((line) => line.join("\t")).join("\r\n"));

      // Two lines of two cells from a spreadsheet land as a rectangle, one edit.
      await clickCell(page, 7, "Player name");
      await pasteText(page, "ALEX\t9\r\nSAM\t11\r\n");
      await expect.poll(async () => (await cell(page, 8, "Player number")).textContent()).toBe("11");
      expect(await (await cell(page, 7, "Player name")).textContent()).toBe("ALEX");
      expect(await (await cell(page, 8, "Player name")).textContent()).toBe("SAM");
      await page.keyboard.press("Control+z");
      await expect.poll(async () => (await cell(page, 8, "Player name")).textContent()).not.toBe("SAM");

      // Ctrl+D copies the top of the selection down it.
      await clickCell(page, 7, "Vinyl colour");
      await page.keyboard.press("Shift+ArrowDown");
      await page.keyboard.press("Shift+ArrowDown");
      const top = await (await cell(page, 7, "Vinyl colour")).textContent();
      await page.keyboard.press("Control+d");
      await expect
        .poll(async () => [
          await (await cell(page, 8, "Vinyl colour")).textContent(),
          await (await cell(page, 9, "Vinyl colour")).textContent(),
        ])
        .toEqual([top, top]);

      // Typing a value and Ctrl+Enter fills the whole selection with it.
      await clickCell(page, 7, "Player number");
      await page.keyboard.press("Shift+ArrowDown");
      await page.keyboard.type("0");
      await page.keyboard.press("Control+Enter");
      await expect
        .poll(async () => [
          await (await cell(page, 7, "Player number")).textContent(),
          await (await cell(page, 8, "Player number")).textContent(),
        ])
        .toEqual(["0", "0"]);

      await page.getByRole("button", { name: "Find and replace" }).click();
      const form = page.getByTestId("find-replace");
      await form.getByLabel("Column").selectOption("Team");
      await form.getByLabel("Find").fill("seniors");
      await expect.poll(() => page.getByTestId("find-count").textContent()).toBe("1 cell contains it.");
      await form.getByLabel("Replace with").fill("Seniors");
      await form.getByRole("button", { name: "Replace in 1 cell" }).click();
      await expect.poll(async () => (await cell(page, 5, "Team")).textContent()).toBe("Karori Football Seniors");
      expect(await form.locator("p[role=status]").textContent()).toBe("Replaced in 1 cell. Undo takes it back.");
      // Found again without matching case, but already as wanted: the answer says what changed, not what was found.
      await expect.poll(() => page.getByTestId("find-count").textContent()).toBe("1 cell contains it.");
      await form.getByRole("button", { name: "Replace in 1 cell" }).click();
      await expect.poll(() => form.locator("p[role=status]").textContent()).toBe("Nothing was replaced.");
      // Closing gives focus back to what opened it: the button, or the grid for Ctrl+H.
      await form.getByLabel("Find").press("Escape");
      await form.waitFor({ state: "detached" });
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Find and replace");
      await clickCell(page, 6, "Team");
      await page.keyboard.press("Control+h");
      await form.getByLabel("Find").waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest("form")?.getAttribute("data-testid")))
        .toBe("find-replace");
      await form.getByRole("button", { name: "Close" }).click();
      await form.waitFor({ state: "detached" });
      await expect.poll(() => gridHasFocus(page)).toBe(true);
      await page.close();
    },
  );

  it(
    "edits an order's job values in the order panel, " +
      "for one order or all, and skips rows and orders without hiding them",
    async () => {
      const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await openReview(page, TEAM_WORKBOOK);
      await clickCell(page, 17, "Code");
      const panel = page.getByTestId("order-panel");
      await expect.poll(() => panel.locator("h3").textContent()).toBe("Order KTP-27002");
      await panel.getByLabel("Phone").fill("04 555 0100");
      await panel
        .locator(".field-row", { has: page.getByLabel("Phone") })
        .getByRole("button", { name: "Apply to all orders" })
        .click();
      await expect
        .poll(() => page.locator('[role="columnheader"] .grid-header-name').allTextContents())
        .toContain("Phone");
      // The column shows before the rows' new values have come back from the engine.
      await expect.poll(async () => (await cell(page, 5, "Phone")).textContent()).toBe("04 555 0100");
      await expect.poll(async () => (await cell(page, 16, "Phone")).textContent()).toBe("04 555 0100");

      await panel.getByLabel("Delivery method").fill("CPON");
      await panel
        .locator(".field-row", { has: page.getByLabel("Delivery method") })
        .getByRole("button", { name: "Save" })
        .click();
      await expect.poll(async () => (await cell(page, 16, "Ship via")).textContent()).toBe("CPON");
      expect(await (await cell(page, 5, "Ship via")).textContent()).toBe("Courier");

      await panel.getByRole("button", { name: "Skip this order" }).click();
      await expect.poll(() => summary(page)).toContain("3 jobs");
      await expect
        .poll(() => page.locator('[role="row"][data-row-number="17"]').getAttribute("class"))
        .toContain("skipped");
      await expect
        .poll(() => page.getByTestId("order-state").textContent())
        .toBe("Every row of this order is skipped.");
      await panel.getByRole("button", { name: "Include this order again" }).click();
      await expect.poll(() => summary(page)).toContain("4 jobs");

      await clickCell(page, 6, "Code");
      await page.getByTestId("row-panel").getByRole("button", { name: "Skip this row" }).click();
      await expect.poll(() => summary(page)).toContain("1 row skipped");
      await expect
        .poll(() => page.locator('[role="row"][data-row-number="6"]').getAttribute("class"))
        .toContain("skipped");
      // Greyed, still legible.
      await expectNoAxeViolations(page, "review with a skipped row");
      await page.getByTestId("row-panel").getByRole("button", { name: "Include this row again" }).click();
      await expect.poll(() => summary(page)).toBe("25 rows, 4 jobs: 4 ready, 0 need attention.");
      await page.close();
    },
  );

  it("moves the panels to the row clicked in the frame the grid shows it active", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openReview(page);
    await clickCell(page, 17, "Code");
    await expect.poll(() => page.locator("#order-panel-heading").textContent()).toBe("Order KTP-27002");
    // Every state the page is seen in while row 24 is clicked: a panel still on row 17 with row 24 active would let a
    // quick click on "Skip this row", or typing in the order, act on the row before.
    await page.evaluate(() => {
      const seen: string[] = [];
      (globalThis as never as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const active = document.querySelector(".grid-cell.active")?.parentElement?.getAttribute("data-row-number");
        const rowPanel = document.getElementById("row-panel-heading")?.textContent ?? "";
        const orderFields = document.querySelector<HTMLFieldSetElement>(".order-fields");
        const order = document.getElementById("order-panel-heading")?.textContent;
        seen.push(
          `row ${active} | ${rowPanel.split(" · ")[0]} | ${order} ${orderFields?.disabled ? "waiting" : "open"}`,
        );
      }).observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    });
    await clickCell(page, 24, "Code");
    await expect.poll(() => page.locator("#order-panel-heading").textContent()).toBe("Order KTP-27003");
    const seen = await page.evaluate(() => (globalThis as never as { seen: string[] }).seen);
    const whileRow24 = seen.filter((state) => state.startsWith("row 24 "));
    expect(whileRow24.length).toBeGreaterThan(0);
    for (const state of whileRow24) {
      expect(state).toContain("| Row 24");
      expect(state).toMatch(/Order KTP-27003 open$|waiting$/);
    }
    await page.close();
  });

  it("leaves focus in the field the user went to while a skip beside the grid was being done", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openReview(page);
    await clickCell(page, 24, "Code");
    await expect.poll(() => page.locator("#order-panel-heading").textContent()).toBe("Order KTP-27003");
    // The user clicks "Skip this row", then goes to the order's phone to type, in the moment the skip is done and the
    // grid is asked to take focus back: focus stays in the phone field.
    await page.evaluate(() => {
      const rowPanel = document.querySelector('[data-testid="row-panel"]') as HTMLElement;
      const observer = new MutationObserver(() => {
        if (!rowPanel.textContent?.includes("Include this row again")) return;
        observer.disconnect();
        setTimeout(() => document.getElementById("order-phone")?.focus(), 0);
      });
      observer.observe(rowPanel, { childList: true, subtree: true, characterData: true });
    });
    await page.getByTestId("row-panel").getByRole("button", { name: "Skip this row" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("order-phone");
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("order-phone");
    await page.close();
  });

  it("keeps what is typed into an order's field the moment the order shows", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openReview(page);
    await clickCell(page, 17, "Code");
    await expect.poll(() => page.locator("#order-panel-heading").textContent()).toBe("Order KTP-27002");
    // A user quick enough to type in the frame the next order is drawn: before the panel has settled on it.
    await page.evaluate(() => {
      const heading = document.getElementById("order-panel-heading");
      const observer = new MutationObserver(() => {
        const phone = document.getElementById("order-phone");
        if (heading?.textContent !== "Order KTP-27003" || !(phone instanceof HTMLInputElement)) return;
        observer.disconnect();
        phone.value = "09 555 0199";
        phone.dispatchEvent(new Event("input", { bubbles: true }));
      });
      if (heading) observer.observe(heading, { characterData: true, childList: true, subtree: true });
    });
    await clickCell(page, 24, "Code");
    await expect.poll(() => page.locator("#order-panel-heading").textContent()).toBe("Order KTP-27003");
    // Past the frames in which the panel follows the new order.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 200)));
    const phoneRow = page.getByTestId("order-panel").locator(".field-row", { has: page.getByLabel("Phone") });
    expect(await phoneRow.getByLabel("Phone").inputValue()).toBe("09 555 0199");
    await phoneRow.getByRole("button", { name: "Save" }).click();
    await expect.poll(async () => (await columnCells(page, "Phone")).allTextContents()).toContain("09 555 0199");
    await page.close();
  });

  it("reopens the review where it was after a reload: the file, the mapping and every edit", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await openReview(page);
    await clickCell(page, 17, "Code");
    await page.getByTestId("row-panel").getByRole("button", { name: "Use “DTF A4: Full Colour”" }).click();
    await expect.poll(async () => (await cell(page, 17, "Code")).textContent()).toBe("DTF A4: Full Colour");
    await clickCell(page, 24, "Code");
    await page.getByTestId("row-panel").getByRole("button", { name: "Skip this row" }).click();
    await page.getByTestId("order-panel").getByLabel("Phone").fill("09 555 0199");
    await page
      .getByTestId("order-panel")
      .locator(".field-row", { has: page.getByLabel("Phone") })
      .getByRole("button", { name: "Save" })
      .click();
    await expect.poll(() => summary(page)).toBe("24 rows, 4 jobs: 2 ready, 2 need attention. 1 row skipped.");
    // The edits are written a moment after they are made: the reload waits until the kept review holds the last one.
    await expect.poll(() => keptValues(page)).toContain("09 555 0199");

    await page.reload();
    await page.getByLabel("Connection").selectOption("demo");
    await page.getByRole("button", { name: "Connect" }).click();
    await page.getByTestId("review-notice").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("review-notice").textContent()).toContain(
      "Reopened your review of team-orders-with-mistakes.xlsx as you left it",
    );
    await expect.poll(() => summary(page)).toBe("24 rows, 4 jobs: 2 ready, 2 need attention. 1 row skipped.");
    expect(await (await cell(page, 17, "Code")).textContent()).toBe("DTF A4: Full Colour");
    const phones = async () => (await columnCells(page, "Phone")).allTextContents();
    // The column is drawn in the frame after the grid scrolls across to it.
    await expect.poll(phones).toContain("09 555 0199");
    await expect
      .poll(() => page.locator('[role="row"][data-row-number="24"]').getAttribute("class"))
      .toContain("skipped");
    // The history came back with the edits: undo takes the last one back.
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(phones).not.toContain("09 555 0199");

    // Another tab offers the review rather than taking it over.
    const other = await context.newPage();
    await openAndConnect(other, e2e.app.url);
    await other.getByTestId("saved-review").waitFor();
    expect(await other.getByTestId("saved-review").textContent()).toContain(
      "Your review of team-orders-with-mistakes.xlsx",
    );
    await other.close();

    // Choosing another sheet asks before the changes go.
    await page.getByRole("button", { name: "Choose another sheet" }).click();
    expect(await page.getByRole("group", { name: "Discard your changes?" }).textContent()).toContain(
      "Your changes to this sheet will be lost.",
    );
    await page
      .getByRole("group", { name: "Discard your changes?" })
      .getByRole("button", { name: "Choose another sheet" })
      .click();
    await page.getByLabel("Order sheet").waitFor();
    await page.reload();
    await page.getByLabel("Connection").selectOption("demo");
    await page.getByRole("button", { name: "Connect" }).click();
    await page.getByLabel("Order sheet").waitFor();
    expect(await page.getByTestId("review-notice").count()).toBe(0);
    await context.close();
  });

  it("says in plain words what the vendor could not look up, and asks again when checking again", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openReview(page, TEAM_WORKBOOK, { rate500: 1, endpoints: ["getEarliestShipDate"] });
    const unanswered = page.getByRole("alert").filter({ hasText: "The vendor could not answer" });
    expect(await unanswered.textContent()).toMatch(
      /^The vendor could not answer: the earliest ship date for jobs with “[^”]+”/,
    );
    expect(await unanswered.textContent()).not.toMatch(/shipDate|Server Error|\||[A-Z]{3},[A-Z]{3}/);
    expect(await summary(page)).toBe("25 rows, 4 jobs: 0 ready, 4 need attention.");
    await page.getByRole("button", { name: "Check again with the vendor" }).click();
    await expect.poll(() => summary(page), { timeout: 30_000 }).toBe("25 rows, 4 jobs: 4 ready, 0 need attention.");
    expect(await unanswered.count()).toBe(0);
    await page.close();
  });

  it("points from a row to its order when the order has a problem as a whole", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openReview(page, TEAM_WORKBOOK, { rate429: 1, endpoints: ["createJob"] });
    await page.getByTestId("row-filter").selectOption({ label: "Vendor did not answer (4)" });
    // The grid shows the filter's rows once it has asked for them.
    const rowHeaders = page.locator('[role="row"] [role="rowheader"]');
    await expect.poll(() => rowHeaders.count()).toBe(4);
    const firstRows = await rowHeaders.allTextContents();
    await page.locator(`[role="row"][data-row-number="${firstRows[0]}"] [role="gridcell"]`).first().click();
    await expect
      .poll(() => page.getByTestId("row-order-issues").textContent())
      .toMatch(/^Order \S+ has 1 problem as a whole: see the order below\.$/);
    await page.close();
  });

  it(
    "notes totals, subtotal and note rows under the data without errors, " + "and maps no price to an address",
    async () => {
      const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await openAndConnect(page, e2e.app.url);
      await page
        .getByLabel("Order sheet")
        .setInputFiles(
          fileURLToPath(new URL("../fixtures/sheets-with-totals/reorder-with-totals.csv", import.meta.url)),
        );
      await page.getByRole("heading", { name: /Map the columns/ }).waitFor();
      await page.getByRole("button", { name: "Check the rows" }).click();
      await page.getByTestId("summary").waitFor();
      expect(await page.getByTestId("issue-counts").textContent()).toMatch(/^0 errors, 0 warnings, \d+ notes\./);
      await page.getByTestId("row-filter").selectOption({ label: "Not an order row (totals or a note) (4)" });
      await expect
        .poll(() => page.locator('[role="row"] [role="rowheader"]').allTextContents())
        .toEqual(["5", "8", "10", "11"]);
      // "Unit price" and "Unit est." are kept as they are, not sent as an address line.
      const targets = await page.locator('[role="columnheader"] .grid-header-target').allTextContents();
      const names = await page.locator('[role="columnheader"] .grid-header-name').allTextContents();
      expect(targets[names.indexOf("Unit price")]).toBe("");
      expect(targets[names.indexOf("Unit est.")]).toBe("");
      await page.close();
    },
  );

  it("fits a narrow window: the grid scrolls inside itself", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 390, height: 844 } });
    await openReview(page, TEAM_WORKBOOK);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await grid(page).evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expectNoAxeViolations(page, "review, in a narrow window");
    await page.close();
  });
});
