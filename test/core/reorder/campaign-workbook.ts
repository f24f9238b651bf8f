import ExcelJS from "exceljs";

export type CampaignFill = Readonly<Record<string, string | number | Date>>;

/** A campaign workbook as a test reads it: its sheets, and the campaign sheet's header and rows as text. */
export async function readCampaign(
  bytes: Uint8Array,
): Promise<{ book: ExcelJS.Workbook; sheet: ExcelJS.Worksheet; headers: string[]; rows: Record<string, unknown>[] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = book.getWorksheet("Reorder");
  if (!sheet) throw new Error(`no Reorder sheet; the sheets are ${book.worksheets.map((s) => s.name).join(", ")}`);
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ""));
  const rows: Record<string, unknown>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Object.fromEntries(headers.map((header, i) => [header, row.getCell(i + 1).value ?? null])));
  }
  return { book, sheet, headers, rows };
}

/**
 * Fills in a campaign workbook as a customer would in their spreadsheet program: values typed into the rows of the tags
 * given.
 */
export async function fillCampaign(bytes: Uint8Array, fills: ReadonlyMap<string, CampaignFill>): Promise<Buffer> {
  const { book, sheet, headers } = await readCampaign(bytes);
  const tagColumn = headers.indexOf("Asset tag") + 1;
  let filled = 0;
  for (let r = 2; r <= sheet.rowCount; r++) {
    const fill = fills.get(String(sheet.getRow(r).getCell(tagColumn).value));
    if (!fill) continue;
    for (const [header, value] of Object.entries(fill)) {
      const column = headers.indexOf(header);
      if (column < 0) throw new Error(`the campaign sheet has no column "${header}"`);
      sheet.getRow(r).getCell(column + 1).value = value;
    }
    filled++;
  }
  if (filled !== fills.size) throw new Error(`filled ${filled} of ${fills.size} rows`);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** An order's job details as a customer types them into a campaign sheet. */
export const deliveredTo = (orderNumber: string, extra: CampaignFill = {}): CampaignFill => ({
  "Order number": orderNumber,
  "Contact name": "Aroha Smith",
  Organisation: "Karori Football Club",
  "Street address": "12 Karori Road",
  City: "Wellington",
  Postcode: "6012",
  Country: "New Zealand",
  "Delivery method": "Courier",
  "Due date": "2027-03-01",
  ...extra,
});
