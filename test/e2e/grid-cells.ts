import type { Locator, Page } from "playwright-core";

/** The grid's column position (aria-colindex) of a header. */
export async function colIndex(page: Page, header: string): Promise<number> {
  const names = await page.locator('[role="columnheader"] .grid-header-name').allTextContents();
  const at = names.indexOf(header);
  if (at < 0) throw new Error(`no column ${header} among ${names.join(", ")}`);
  return at + 2;
}

/**
 * Scrolls the grid across, as a user would, until the column with this header is in view: the grid draws only the
 * columns in view. Its header row stays at the top, so scrolling its header into view never scrolls the grid down.
 */
export async function revealColumn(page: Page, header: string): Promise<number> {
  const column = await colIndex(page, header);
  await page
    .locator(`[role="columnheader"][aria-colindex="${column}"]`)
    .evaluate((element) => element.scrollIntoView({ block: "nearest", inline: "center" }));
  return column;
}

/** A cell by its row number and its column's header, its column scrolled into view. */
export async function gridCell(page: Page, rowNumber: number, header: string): Promise<Locator> {
  const column = await revealColumn(page, header);
  return page.locator(`[role="row"][data-row-number="${rowNumber}"] [role="gridcell"][aria-colindex="${column}"]`);
}

/** Every cell drawn in a column, its column scrolled into view. */
export async function columnCells(page: Page, header: string): Promise<Locator> {
  return page.locator(`[role="gridcell"][aria-colindex="${await revealColumn(page, header)}"]`);
}
