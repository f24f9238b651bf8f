import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { allAssets, allGlobalAssets, createVendorClient } from "../../src/api";
import { CAMPAIGN_FIELDS, CAMPAIGN_HEADERS } from "../../src/core/reorder/campaign-sheet-data";
import { IMPORT_FIELDS } from "../../src/core/fields";
import { unwrap } from "../helpers/unwrap";
import { deliveredTo, fillCampaign, readCampaign } from "../core/reorder/campaign-workbook";
import { expectNoAxeViolations } from "./axe";
import { checkTheRows, download, openAndConnect, useBuiltAppInChromium, submitAndConfirm } from "./harness";
import { samplePath } from "../helpers/samples";

const e2e = useBuiltAppInChromium();

const fitsTheWindow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const selectedText = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? "");

describe("a reorder campaign in Chromium", () => {
  it(
    "filters the assets, downloads a campaign sheet of three, " +
      "imports it filled in, submits it and orders a job again",
    async () => {
      const client = createVendorClient({
        baseUrl: `${e2e.app.url}/api/demo`,
        headers: { "X-Requested-With": "test" },
        retryDelayMs: 0,
      });
      const own = unwrap(await allAssets(client));
      const global = unwrap(await allGlobalAssets(client));
      const [first] = own;
      if (!first?.processCode || !first.description)
        throw new Error("the demo account's first asset has no process or description");
      const word = first.description.split(" ")[0] as string;
      const expected = [...own, ...global].filter(
        (a) =>
          !a.isArchived &&
          a.processCode === first.processCode &&
          (a.description ?? "").toLowerCase().includes(word.toLowerCase()),
      );
      expect(expected.length).toBeGreaterThanOrEqual(3);

      const page = await e2e.browser.newPage({ viewport: { width: 390, height: 844 } });
      await openAndConnect(page, e2e.app.url);
      await expect
        .poll(() => page.getByTestId("catalogue").textContent(), { timeout: 30_000 })
        .toMatch(/^Catalogue from /);
      await page.getByRole("button", { name: "Assets", exact: true }).click();
      await page.getByTestId("assets-count").waitFor();
      expect(await page.getByTestId("assets-count").textContent()).toBe(
        `${own.length + global.length - [...own, ...global].filter((a) => a.isArchived).length} assets match.`,
      );

      // Archived assets are hidden, and shown marked and not choosable when asked for.
      expect(await page.locator(".asset-card.archived").count()).toBe(0);
      await page.getByLabel("Show archived assets").check();
      const archived = page.locator(".asset-card.archived").first();
      await archived.waitFor();
      expect(await archived.locator("input[type=checkbox]").isDisabled()).toBe(true);
      expect(await archived.textContent()).toContain("Archived: cannot be ordered");
      await page.getByLabel("Show archived assets").uncheck();

      // Filter by process (named, never by its code) and a word of the description.
      const processOption = await page
        .getByLabel("Process", { exact: true })
        .locator(`option[value="${first.processCode}"]`)
        .textContent();
      expect(processOption).not.toContain(first.processCode);
      await page.getByLabel("Process", { exact: true }).selectOption(first.processCode);
      await page.getByLabel("Search", { exact: true }).fill(word);
      await expect
        .poll(() => page.getByTestId("assets-count").textContent())
        .toBe(`${expected.length} ${expected.length === 1 ? "asset matches" : "assets match"}.`);
      const cards = page.locator(".asset-list > li");
      expect(await cards.evaluateAll((items) => items.map((item) => item.getAttribute("data-testid")))).toEqual(
        expected.slice(0, 30).map((a) => `asset-${a.assetTag}`),
      );
      // A card's last order is read once it is seen; a fresh account has none.
      const firstCard = page.getByTestId(`asset-${expected[0]?.assetTag}`);
      await firstCard.scrollIntoViewIfNeeded();
      await expect
        .poll(() => firstCard.getByTestId("asset-last-order").textContent(), { timeout: 10_000 })
        .toBe("Never ordered");
      // The thumbnail, or the placeholder where the vendor's picture cannot be shown.
      expect(await firstCard.getByRole("img", { name: /picture of /i }).count()).toBe(1);

      // Three chosen: the first with the keyboard.
      const chosen = expected.slice(0, 3).map((a) => a.assetTag as string);
      await page.locator(`#asset-${chosen[0]}`).focus();
      await page.keyboard.press("Space");
      for (const tag of chosen.slice(1)) await page.locator(`#asset-${tag}`).check();
      await expect.poll(() => page.getByTestId("assets-selected").textContent()).toBe("3 assets chosen");
      expect(await fitsTheWindow(page)).toBe(true);
      await expectNoAxeViolations(page, "assets, in a narrow window");

      const campaign = await download(page.getByTestId("download-campaign"));
      expect(campaign.name).toMatch(/^Reorder campaign \d{4}-\d{2}-\d{2}\.xlsx$/);
      const sheet = await readCampaign(campaign.bytes);
      expect(sheet.book.worksheets.map((s) => s.name)).toEqual(["Instructions", "Reorder", "Lists"]);
      expect(sheet.rows.map((r) => r["Asset tag"])).toEqual(chosen);
      expect(sheet.rows.map((r) => r["Last ordered"])).toEqual(["Never", "Never", "Never"]);

      // Filled in as a customer would: two designs in one order, the third in another, its quantity one short of a
      // cheaper band.
      const bandsOf = (tag: string) => expected.find((a) => a.assetTag === tag)?.priceBands ?? [];
      const [a, b, c] = chosen as [string, string, string];
      const justShort = (bandsOf(c)[1]?.from ?? 26) - 1;
      const filled = await fillCampaign(
        campaign.bytes,
        new Map([
          [a, deliveredTo("WEB-CAMP-1", { Quantity: (bandsOf(a)[0]?.from ?? 1) + 100 })],
          [b, { "Order number": "WEB-CAMP-1", Quantity: (bandsOf(b)[0]?.from ?? 1) + 100 }],
          [c, deliveredTo("WEB-CAMP-2", { Quantity: justShort, "Contact name": "Tama Ngata" })],
        ]),
      );
      await page.getByRole("button", { name: "Hide assets" }).click();
      await page.getByLabel("Order sheet").setInputFiles({
        name: "campaign filled.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: filled,
      });
      await page.getByRole("heading", { name: "Map the columns of campaign filled.xlsx" }).waitFor();

      // Every column the importer needs is mapped with no hand work.
      expect(await page.getByTestId("missing-fields").count()).toBe(0);
      for (const [key, field] of Object.entries(CAMPAIGN_FIELDS)) {
        const label = IMPORT_FIELDS.find((f) => f.id === field)?.label as string;
        expect(await selectedText(page, `Column for ${label}`), label).toBe(
          CAMPAIGN_HEADERS[key as keyof typeof CAMPAIGN_HEADERS],
        );
      }
      await checkTheRows(page);
      expect(await page.getByTestId("summary").textContent()).toMatch(/^3 rows, 2 jobs: 2 ready/);
      expect(await page.getByTestId("issue-counts").textContent()).toMatch(/^0 errors, 0 warnings, 1 note\./);

      // The row panel shows the design and the cheaper band one unit away.
      await page.locator('[role="row"][data-row-number="4"] [role="gridcell"][aria-colindex="2"]').click();
      await expect
        .poll(() => page.getByTestId("row-design").textContent())
        .toContain(expected.find((x) => x.assetTag === c)?.description ?? "");
      await expect.poll(() => page.getByTestId("row-design-last-order").textContent()).toBe("Never ordered");
      const hint = page.getByTestId("row-panel").locator('li[data-code="PRICE_BREAK_NEAR"]');
      expect(await hint.textContent()).toContain("1 more reaches the next band");
      expect(await hint.getByRole("button").count()).toBe(1);
      await expectNoAxeViolations(page, "review with an asset row's design, in a narrow window");
      await hint.getByRole("button", { name: `Use “${justShort + 1}”` }).click();
      await expect
        .poll(() => page.getByTestId("issue-counts").textContent())
        .toMatch(/^0 errors, 0 warnings, 0 notes\./);
      await expect.poll(() => page.getByTestId("review-busy").count(), { timeout: 30_000 }).toBe(0);

      await submitAndConfirm(page, 2);
      await page.getByTestId("results-summary").waitFor({ timeout: 60_000 });
      const jobs = e2e.app.simulator?.simulator.jobsByOrderNumber(1042) ?? new Map<string, number[]>();
      // Each order made one job of its own.
      expect(["WEB-CAMP-1", "WEB-CAMP-2"].map((order) => jobs.get(order))).toEqual([
        [expect.any(Number)],
        [expect.any(Number)],
      ]);
      const [job1, job2] = ["WEB-CAMP-1", "WEB-CAMP-2"].map((order) => jobs.get(order)?.[0]);
      expect(job2).not.toBe(job1);

      // The result sheet is the campaign workbook with each row's job number.
      const results = await download(page.getByRole("button", { name: "Download result sheet" }));
      expect(results.name).toBe("campaign filled - results.xlsx");
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(results.bytes as unknown as ArrayBuffer);
      const reorder = book.getWorksheet("Reorder");
      const header = ((reorder?.getRow(1).values ?? []) as unknown[]).map((v) => (v === undefined ? "" : String(v)));
      const jobColumn = header.indexOf("Job number");
      expect([2, 3, 4].map((r) => reorder?.getRow(r).getCell(jobColumn).value)).toEqual([job1, job1, job2]);
      expect(reorder?.getRow(4).getCell(header.indexOf("Quantity")).value).toBe(justShort);

      // Order these again, from the submitted job: the same designs and quantities.
      await page.getByRole("button", { name: "Submitted jobs" }).click();
      await page.getByRole("button", { name: `Show job ${job1}` }).click();
      await page.getByTestId("job-lines").waitFor();
      const again = await download(page.getByTestId("order-again"));
      expect(again.name).toMatch(new RegExp(`^Reorder of job ${job1} \\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
      const reordered = await readCampaign(again.bytes);
      expect(reordered.rows.map((r) => [r["Asset tag"], r["Quantity"], r["Last job"], r["Order number"]])).toEqual([
        [a, (bandsOf(a)[0]?.from ?? 1) + 100, job1, null],
        [b, (bandsOf(b)[0]?.from ?? 1) + 100, job1, null],
      ]);
      await expect
        .poll(() => page.getByTestId("order-again-status").textContent())
        .toContain(`2 assets with job ${job1}'s quantities`);
      await page.close();
    },
  );

  it(
    "orders a job of price-code lines again by the asset " + "tags its lines became, which the importer then knows",
    async () => {
      const client = createVendorClient({
        baseUrl: `${e2e.app.url}/api/demo`,
        headers: { "X-Requested-With": "test" },
        retryDelayMs: 0,
      });
      const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
      await openAndConnect(page, e2e.app.url);
      await expect
        .poll(() => page.getByTestId("catalogue").textContent(), { timeout: 30_000 })
        .toMatch(/^Catalogue from /);
      await page.getByLabel("Order sheet").setInputFiles(samplePath("price-code-orders.csv"));
      await page.getByRole("button", { name: "Check the rows" }).click();
      await submitAndConfirm(page, 4);
      await page.getByTestId("results-summary").waitFor({ timeout: 60_000 });
      const jobNumber = e2e.app.simulator?.simulator.jobsByOrderNumber(1042).get("KTP-24001")?.[0] ?? 0;
      const job = unwrap(await client.getJob(jobNumber));
      const made = job.lines.map((line) => [line.assetSku, line.quantity]);
      expect(made.every(([tag]) => typeof tag === "string" && tag !== "")).toBe(true);

      await page.getByRole("button", { name: "Submitted jobs" }).click();
      await page.getByRole("button", { name: `Show job ${jobNumber}` }).click();
      await page.getByTestId("job-lines").waitFor();
      const again = await download(page.getByTestId("order-again"));
      const sheet = await readCampaign(again.bytes);
      expect(sheet.rows.map((r) => [r["Asset tag"], r["Quantity"]])).toEqual(made);

      // The catalogue was read again for the new tags: the filled sheet resolves without an unknown tag.
      const filled = await fillCampaign(
        again.bytes,
        new Map(
          made.map(([tag], i) => [
            String(tag),
            i === 0 ? deliveredTo("WEB-AGAIN-1") : { "Order number": "WEB-AGAIN-1" },
          ]),
        ),
      );
      await page.getByRole("button", { name: "Hide submitted jobs" }).click();
      await page.getByRole("button", { name: "Import another sheet" }).click();
      await page.getByLabel("Order sheet").setInputFiles({
        name: "again.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: filled,
      });
      await checkTheRows(page);
      expect(await page.getByTestId("summary").textContent()).toMatch(/^3 rows, 1 job: 1 ready/);
      expect(await page.getByTestId("issue-counts").textContent()).toMatch(/^0 errors, 0 warnings,/);
      await page.close();
    },
  );
});
