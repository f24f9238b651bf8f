import { describe, expect, it } from "vitest";
import { allPriceCodes, allStock, createVendorClient } from "../../src/api";
import { unwrap } from "../helpers/unwrap";
import { readForm } from "../core/order-form/order-form-workbook";
import { expectNoAxeViolations } from "./axe";
import { download, openAndConnect, useBuiltAppInChromium } from "./harness";

const e2e = useBuiltAppInChromium();

describe("a blank order form in Chromium", () => {
  it("is downloaded where an import starts, in a narrow window, with its sheets, headings and lists", async () => {
    const client = createVendorClient({
      baseUrl: `${e2e.app.url}/api/demo`,
      headers: { "X-Requested-With": "test" },
      retryDelayMs: 0,
    });
    const priceCodes = unwrap(await allPriceCodes(client));
    const stock = unwrap(await allStock(client));
    // The questions' labels head their columns, once each, whichever codes ask them.
    const questions = [
      ...new Set(
        priceCodes.flatMap((code) =>
          (code.attributes ?? []).filter((a) => !a.isMetaDataAttribute).map((a) => a.label ?? a.name),
        ),
      ),
    ];

    const page = await e2e.browser.newPage({ viewport: { width: 390, height: 844 } });
    await openAndConnect(page, e2e.app.url);
    const button = page.getByRole("button", { name: "Download an order form" });
    await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByTestId("order-form-note").textContent()).toMatch(/^A blank form for a team order/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page, "the upload step with the order form's download, in a narrow window");

    const form = await download(button);
    expect(form.name).toMatch(/^Order form \d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect
      .poll(() => page.getByTestId("order-form-note").textContent())
      .toBe(`Downloaded ${form.name}: fill it in, then drop it here.`);
    expect(await button.isEnabled()).toBe(true);

    const { book, orders, headers, offered } = await readForm(form.bytes);
    expect(book.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
      ["Instructions", "visible"],
      ["Orders", "visible"],
      ["Lists", "hidden"],
    ]);
    expect(headers.slice(0, 13)).toEqual([
      "Order number",
      "Organisation",
      "Contact name",
      "Email",
      "Phone",
      "Street address",
      "Suburb",
      "City",
      "State",
      "Postal code",
      "Country",
      "Delivery method",
      "Due date",
    ]);
    expect(headers.slice(13, 17)).toEqual(["Code", "Variant", "Size", "Quantity"]);
    expect(headers.at(-1)).toBe("Line comment");
    for (const question of questions) expect(headers).toContain(question);
    expect(orders.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    // Every price code (and the custom-size codes the catalogue found beside the list), then every style.
    const styles = stock.filter((item) => item.stockVariants.length > 0).map((item) => item.stockCode);
    const codes = offered("Code");
    expect(codes).toEqual(expect.arrayContaining(priceCodes.flatMap((code) => code.priceCode ?? [])));
    expect(codes.slice(-styles.length)).toEqual(styles);
    expect(String(book.getWorksheet("Instructions")?.getCell("A1").value)).toMatch(
      /^Order form for Kiwi Team Print Ltd, made \d{4}-\d{2}-\d{2}$/,
    );
    await page.close();
  });
});
