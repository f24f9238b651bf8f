import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compilesWebAssembly, openAndConnect, useBuiltAppInChromium } from "./harness";

const WORKBOOK = fileURLToPath(new URL("../fixtures/sheets/libreoffice-order-form.xlsx", import.meta.url));

const e2e = useBuiltAppInChromium();

describe("the sheet worker's WebAssembly inflater", () => {
  it("may be compiled under the app's content security policy, where the sheet worker reads workbooks", async () => {
    const page = await e2e.browser.newPage();
    await openAndConnect(page, e2e.app.url);
    await page.getByLabel("Order sheet").setInputFiles(WORKBOOK);
    await page.getByRole("button", { name: "Check the rows" }).waitFor();
    const sheetWorker = page.workers().find((worker) => /sheet\.worker/.test(worker.url()));
    if (!sheetWorker) throw new Error(`no sheet worker among ${page.workers().map((w) => w.url())}`);
    expect(await compilesWebAssembly(sheetWorker)).toBe("compiled");
    await page.close();
  });
});
