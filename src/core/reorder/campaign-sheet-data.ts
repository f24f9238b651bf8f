import type { CatalogueSnapshot } from "../catalogue";
import type { FieldId } from "../fields";
import { normaliseHeader } from "../mapping/normalise";
import type { OrderRow } from "../order-rows";
import type { AssetFiles } from "../vendor";
import {
  describeBands,
  minimumQuantity,
  previewLink,
  processName,
  type AssetHistory,
  type AssetListing,
} from "./asset-catalogue";

/**
 * The campaign sheet's headings. The ones the importer reads are spelt as its fields are
 * labelled (so every column maps by itself); the ones that only inform the customer are
 * spelt so that no field takes them.
 */
export const CAMPAIGN_HEADERS = {
  tag: "Asset tag",
  design: "Design",
  process: "Process",
  garment: "Garment",
  preview: "Preview",
  lastOrdered: "Last ordered",
  lastQuantity: "Last order qty",
  lastJob: "Last job",
  minimum: "Minimum quantity",
  bands: "Price per band",
  reset: "Reset charge",
  quantity: "Quantity",
  orderNumber: "Order number",
  contactName: "Contact name",
  organisation: "Organisation",
  streetAddress: "Street address",
  city: "City",
  state: "State",
  postalCode: "Postcode",
  country: "Country",
  deliveryMethod: "Delivery method",
  dueDate: "Due date",
  email: "Email",
  phone: "Phone",
  itemType: "Item type",
} as const;

type HeaderKey = keyof typeof CAMPAIGN_HEADERS;

/** The import field each read column feeds: what a filled-in campaign sheet must map to with no hand work. */
export const CAMPAIGN_FIELDS: Readonly<Partial<Record<HeaderKey, FieldId>>> = {
  tag: "code",
  garment: "garment",
  quantity: "quantity",
  orderNumber: "orderNumber",
  contactName: "contactName",
  organisation: "organisation",
  streetAddress: "streetAddress",
  city: "city",
  state: "state",
  postalCode: "postalCode",
  country: "country",
  deliveryMethod: "deliveryMethod",
  dueDate: "dueDate",
  email: "email",
  phone: "phone",
  itemType: "itemType",
};

/** Columns that only inform: never mapped, and what tells a campaign sheet's row from any other. */
const INFO_KEYS = [
  "design",
  "process",
  "preview",
  "lastOrdered",
  "lastQuantity",
  "lastJob",
  "minimum",
  "bands",
  "reset",
] as const satisfies readonly HeaderKey[];

export type CampaignValidation = "quantity" | "deliveryMethod" | "country" | "date";

export interface CampaignColumn {
  readonly header: string;
  /** `info` is written for the customer to read; `input` is left for them to fill in. */
  readonly kind: "info" | "input";
  /** Width in characters. */
  readonly width: number;
  readonly validation?: CampaignValidation;
  /** Shown when the cell is selected, where the spreadsheet program does that. */
  readonly prompt?: string;
}

/** A cell of the campaign sheet: text, a number, a link, or blank. */
export type CampaignCell = string | number | { readonly text: string; readonly link: string } | null;

export interface CampaignRow {
  readonly tag: string;
  readonly cells: readonly CampaignCell[];
  /** The fewest the design may be ordered in, for the quantity cell's check. */
  readonly minimum: number | undefined;
}

/** Everything the workbook writer needs, as plain data: the same from the page and the command line. */
export interface CampaignSheetData {
  readonly title: string;
  readonly instructions: readonly string[];
  readonly sheetName: string;
  readonly columns: readonly CampaignColumn[];
  readonly rows: readonly CampaignRow[];
  /**
   * What the delivery method list offers (a label, or the code where there is no unique label), with the code it stands
   * for.
   */
  readonly deliveryMethods: readonly {
    readonly value: string;
    readonly code: string;
    readonly isCollection: boolean;
  }[];
  readonly countries: readonly string[];
}

export const CAMPAIGN_SHEET_NAME = "Reorder";

export interface CampaignInput {
  readonly snapshot: CatalogueSnapshot;
  /** The designs, in the order wanted; archived ones are never written. */
  readonly listings: readonly AssetListing[];
  readonly historyOf?: (tag: string) => AssetHistory | undefined;
  readonly filesOf?: (tag: string) => AssetFiles | undefined;
  /** Quantities to fill in, by tag (any case): a reorder of an earlier job. */
  readonly quantities?: ReadonlyMap<string, number>;
  /** The day the sheet is made (YYYY-MM-DD). */
  readonly today: string;
  /** What the sheet reorders, for its title ("job 12345"). */
  readonly source?: string;
}

const money2 = (amount: number) => amount.toFixed(2);

/** The delivery methods a sheet's list offers, by rank: a label, or the code where no unique label names it. */
export function deliveryChoices(snapshot: CatalogueSnapshot): CampaignSheetData["deliveryMethods"] {
  const options = [...snapshot.deliveryOptions].sort(
    (a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER),
  );
  const labelCount = new Map<string, number>();
  for (const option of options) {
    const label = option.label?.trim().toLowerCase();
    if (label) labelCount.set(label, (labelCount.get(label) ?? 0) + 1);
  }
  return options.map((option) => {
    const label = option.label?.trim();
    const isUnique = label !== undefined && label !== "" && labelCount.get(label.toLowerCase()) === 1;
    return { value: isUnique ? label : option.code, code: option.code, isCollection: option.isCollection };
  });
}

/** The countries a sheet's list offers: the account's default first, then by name. */
export function countryChoices(snapshot: CatalogueSnapshot): string[] {
  const { countries, defaultCountry } = snapshot.countries;
  const names = countries.map((c) => c.name).sort((a, b) => a.localeCompare(b));
  const first = countries.find((c) => c.iso2 === defaultCountry)?.name;
  return first ? [first, ...names.filter((name) => name !== first)] : names;
}

function columnsFor(currency: string): CampaignColumn[] {
  const h = CAMPAIGN_HEADERS;
  return [
    { header: h.tag, kind: "info", width: 12 },
    { header: h.design, kind: "info", width: 34 },
    { header: h.process, kind: "info", width: 22 },
    { header: h.garment, kind: "info", width: 14 },
    { header: h.preview, kind: "info", width: 10 },
    { header: h.lastOrdered, kind: "info", width: 13 },
    { header: h.lastQuantity, kind: "info", width: 9 },
    { header: h.lastJob, kind: "info", width: 10 },
    { header: h.minimum, kind: "info", width: 10 },
    { header: `${h.bands} (${currency})`, kind: "info", width: 44 },
    { header: `${h.reset} (${currency})`, kind: "info", width: 11 },
    {
      header: h.quantity,
      kind: "input",
      width: 10,
      validation: "quantity",
      prompt: "How many to order. Leave blank to leave this design out.",
    },
    {
      header: h.orderNumber,
      kind: "input",
      width: 14,
      prompt: "Your order (PO) number: rows with the same number become one job.",
    },
    { header: h.contactName, kind: "input", width: 18 },
    { header: h.organisation, kind: "input", width: 20 },
    { header: h.streetAddress, kind: "input", width: 24 },
    { header: h.city, kind: "input", width: 14 },
    { header: h.state, kind: "input", width: 12 },
    { header: h.postalCode, kind: "input", width: 10 },
    { header: h.country, kind: "input", width: 16, validation: "country" },
    { header: h.deliveryMethod, kind: "input", width: 16, validation: "deliveryMethod" },
    {
      header: h.dueDate,
      kind: "input",
      width: 12,
      validation: "date",
      prompt: "Optional: the day it should ship (the earliest possible when blank).",
    },
    { header: h.email, kind: "input", width: 22 },
    { header: h.phone, kind: "input", width: 14 },
    { header: h.itemType, kind: "info", width: 9 },
  ];
}

function lastOrderedText(history: AssetHistory | undefined): string {
  const last = history?.lastOrder;
  if (last === undefined) return history ? "Never" : "";
  return last.date ?? "In progress";
}

/**
 * The campaign sheet of some designs: one row per orderable design with what the customer
 * needs to choose (picture, last order, minimum, price per band, reset charge) and blank
 * columns for what the importer needs. Archived designs are left out, always.
 */
export function campaignSheetData(input: CampaignInput): CampaignSheetData {
  const { snapshot } = input;
  const currency = snapshot.account.currency;
  const columns = columnsFor(currency);
  const at = new Map(columns.map((column, index) => [column.header, index]));
  const rows: CampaignRow[] = [];
  const seen = new Set<string>();
  for (const listing of input.listings) {
    const key = listing.tag.toUpperCase();
    if (listing.isArchived || seen.has(key)) continue;
    seen.add(key);
    const { asset } = listing;
    const history = input.historyOf?.(listing.tag);
    const link = previewLink(asset, input.filesOf?.(listing.tag));
    const cells: CampaignCell[] = columns.map(() => null);
    const put = (header: string, value: CampaignCell | undefined) => {
      const index = at.get(header);
      if (index !== undefined && value !== undefined && value !== "") cells[index] = value;
    };
    const h = CAMPAIGN_HEADERS;
    put(h.tag, listing.tag);
    put(h.design, asset.description ?? "");
    put(h.process, processName(snapshot, asset.processCode));
    put(h.garment, asset.garment ?? "");
    put(h.preview, link ? { text: "Picture", link } : null);
    put(h.lastOrdered, lastOrderedText(history));
    put(h.lastQuantity, history?.lastOrder?.quantity);
    put(h.lastJob, history?.lastOrder?.jobNumber);
    const minimum = minimumQuantity(asset);
    put(h.minimum, minimum);
    put(`${h.bands} (${currency})`, describeBands(asset.priceBands, money2, "; "));
    put(`${h.reset} (${currency})`, asset.reset);
    put(h.quantity, input.quantities?.get(key));
    put(h.itemType, "Asset");
    rows.push({ tag: listing.tag, cells, minimum });
  }
  const deliveryMethods = deliveryChoices(snapshot);
  const accountName = snapshot.account.name ?? "your account";
  return {
    title: `Reorder ${input.source ? `of ${input.source}` : "campaign"} for ${accountName}, made ${input.today}`,
    instructions: instructionsFor(currency, input.today, deliveryMethods),
    sheetName: CAMPAIGN_SHEET_NAME,
    columns,
    rows,
    deliveryMethods,
    countries: countryChoices(snapshot),
  };
}

function instructionsFor(
  currency: string,
  today: string,
  deliveryMethods: CampaignSheetData["deliveryMethods"],
): string[] {
  const collection = deliveryMethods.filter((d) => d.isCollection).map((d) => d.value);
  return [
    `Each row of the "${CAMPAIGN_SHEET_NAME}" sheet is one design you have had printed before. To order it again:`,
    "1. Type how many you want in Quantity: at least its Minimum quantity. " +
      "Price per band shows each quantity band's price per unit: more units can cost less each.",
    "2. Give every row you order an Order number (your PO reference). " +
      "Rows with the same order number become one job, sent to one address.",
    "3. Give each order's delivery details once, on any of its rows: Contact name, Street address, City, Postcode, " +
      "Country (from the list) and Delivery method (from the list); State too where the country has states." +
      `${collection.length > 0 ? ` ${collection.join(" or ")} needs no address.` : ""}`,
    "4. Due date is optional: without one the earliest date the factory can ship is used.",
    "5. Leave Quantity and Order number blank on a design you do not want: that row is not ordered.",
    "Keep the Asset tag and the headings as they are, save the file as a workbook (.xlsx) " +
      "and send it back or import it.",
    `Prices are your account's prices in ${currency} on ${today}, before tax; ` +
      "each design also pays its reset charge each time it is run. " +
      "The importer works out an estimate again when the sheet comes back.",
    "A picture link opens the design's image.",
  ];
}

/** A header as the campaign sheet's columns are compared: normalised, any "(NZD)" after it dropped. */
const headerKey = (header: string) => normaliseHeader(header.replace(/\s*\([^)]*\)\s*$/, ""));
const INFO_HEADERS: ReadonlySet<string> = new Set(INFO_KEYS.map((key) => headerKey(CAMPAIGN_HEADERS[key])));
/** Fields a campaign row carries by itself before the customer fills anything in. */
const PREFILLED_FIELDS: ReadonlySet<FieldId> = new Set(["code", "itemType", "garment"]);

/**
 * Whether a row is a design of a campaign sheet the customer left out: a code and nothing
 * else read (no quantity, no order number, no delivery details, no sizes or answers), in a row
 * that carries at least two of the campaign sheet's own informing columns. A row with an order
 * number or any other detail filled in is an order line, and a missing quantity is its error.
 */
export function isUnorderedCampaignRow(row: OrderRow): boolean {
  if (row.values.code === undefined || row.sizes.length > 0 || row.attributes.length > 0) return false;
  for (const field of Object.keys(row.values) as FieldId[]) if (!PREFILLED_FIELDS.has(field)) return false;
  let informing = 0;
  const seen = new Set<string>();
  for (const cell of row.unmapped) {
    const key = headerKey(cell.column);
    if (INFO_HEADERS.has(key) && !seen.has(key)) {
      seen.add(key);
      informing++;
    }
  }
  return informing >= 2;
}

/** The file name of a campaign sheet: "Reorder campaign 2026-11-20.xlsx", "Reorder of job 12345 2026-11-20.xlsx". */
export function campaignFileName(today: string, source?: string): string {
  const safe = (source ?? "").replace(/[\\/:*?"<>|]+/g, " ").trim();
  return `Reorder ${safe ? `of ${safe}` : "campaign"} ${today}.xlsx`;
}
