import { indexCatalogue, type CatalogueSnapshot } from "../../../src/core/catalogue";
import type { FieldId } from "../../../src/core/fields";
import type { Answer, OrderRow } from "../../../src/core/order-rows";
import { NO_FACTS, type LiveFacts, type ResolveContext } from "../../../src/core/resolve";
import type { PriceCode, StockItem } from "../../../src/core/vendor";
import { asset, snapshotWith } from "../reorder/reorder-fixtures";

/** A transfer that asks one required select question, sold from 10 up. */
export const DTF = "DTF 4x4";

function priceCode(code: string, overrides: Partial<PriceCode> = {}): PriceCode {
  return {
    priceCode: code,
    description: null,
    categoryCode: null,
    categoryName: null,
    name: code,
    processCode: "DTF",
    masterProcessCode: "DTF",
    minimumQuantity: 10,
    externalSupplier: null,
    externalPriceCode: null,
    hasMetaDataAttributes: false,
    standardSetup: 5,
    standardReset: null,
    sampleAvailable: true,
    samplePrice: 2,
    sampleLabel: null,
    sizeWidth: null,
    sizeHeight: null,
    attributes: [
      {
        name: "Fabric",
        label: "Fabric",
        type: "select",
        description: null,
        required: true,
        enumerableValues: [
          { value: "Cotton", text: "Cotton" },
          { value: "Polyester", text: "Polyester" },
        ],
        assetAttributeName: null,
        minLength: null,
        maxLength: null,
        minValue: null,
        maxValue: null,
      },
    ],
    priceBands: [
      { from: 10, to: 49, unitPrice: 1.5 },
      { from: 50, to: null, unitPrice: 1 },
    ],
    ...overrides,
  };
}

const tee: StockItem = {
  supplier: null,
  categoryName: "Tees",
  stockCode: "AS5001",
  processCode: "STK",
  stockName: "Staple tee",
  stockDescription: null,
  stockSpecifications: null,
  priceCompatibleLookupCode: null,
  rank: 1,
  stockVariants: [
    { variantCode: "AS5001-BLK", colour: "Black", variantImageUrl: null, numberOfSizes: 4, sizesCsv: "S,M,L,2XL" },
    { variantCode: "AS5001-WHT", colour: "White", variantImageUrl: null, numberOfSizes: 4, sizesCsv: "S,M,L,2XL" },
  ],
  stockImageUrl: null,
  priceBands: [{ from: 1, to: null, unitPrice: 10 }],
};

/**
 * A small account: one transfer, a second one without questions, a reorderable and an archived
 * asset, a tee, two delivery options, NZ and Australia.
 */
export const SNAPSHOT: CatalogueSnapshot = snapshotWith({
  priceCodes: [
    priceCode(DTF),
    priceCode("SCR A4", {
      processCode: "SCR",
      attributes: [],
      sampleAvailable: false,
      minimumQuantity: 1,
      priceBands: [{ from: 1, to: null, unitPrice: 3 }],
    }),
  ],
  assets: [asset("A100"), asset("A199", { isArchived: true })],
  stock: [tee],
  deliveryOptions: [
    {
      code: "CPSTD",
      label: "Courier",
      isCollection: false,
      rank: 1,
      gangRank: 1,
      value: "CPSTD",
      deliveryLabelEnabled: true,
    },
    {
      code: "PICKUP",
      label: "Pick-up",
      isCollection: true,
      rank: 2,
      gangRank: 0,
      value: "PICKUP",
      deliveryLabelEnabled: false,
    },
  ],
  states: {
    AU: [
      { name: "Tasmania", abbreviation: "TAS" },
      { name: "Victoria", abbreviation: "VIC" },
    ],
  },
});

/** The header each field's column has, as a sheet would name it. */
const COLUMNS: Readonly<Partial<Record<FieldId, string>>> = {
  orderNumber: "Order No",
  itemType: "Item type",
  code: "Code",
  quantity: "Qty",
  variant: "Colour",
  size: "Size",
  sample: "Sample",
  artworkUrl: "Artwork URL",
  customerReference: "Reference",
  dueDate: "Due date",
  mustDate: "Must date",
  deliveryMethod: "Delivery",
  streetAddress: "Street",
  city: "City",
  postalCode: "Postcode",
  country: "Country",
  state: "State",
  promoCode: "Promo",
};

const catalogue = indexCatalogue(SNAPSHOT);

/** What the rows are resolved against: the small account, with these live facts (none by default). */
export function contextWith(facts: Partial<LiveFacts> = {}, eachRowOwnJob = false): ResolveContext {
  return {
    catalogue,
    facts: { ...NO_FACTS, ...facts },
    columnOf: (field) => COLUMNS[field],
    dateOrder: "day-first",
    options: { eachRowOwnJob },
  };
}

/** What the rows are resolved against: another account's catalogue, with no live facts. */
export function contextOf(snapshot: CatalogueSnapshot): ResolveContext {
  return { ...contextWith(), catalogue: indexCatalogue(snapshot) };
}

/** A row read through the mapping: field values, answers to questions (by header) and wide-layout sizes. */
export function orderRow(
  rowNumber: number,
  values: Partial<Record<FieldId, string>>,
  answers: Readonly<Record<string, string>> = {},
  sizes: Readonly<Record<string, string>> = {},
): OrderRow {
  const asAnswers = (cells: Readonly<Record<string, string>>): Answer[] =>
    Object.entries(cells).map(([key, value]) => ({ key, column: key, value }));
  return { rowNumber, values, attributes: asAnswers(answers), sizes: asAnswers(sizes), unmapped: [] };
}

/** A transfer line of order E-1 that needs nothing fixing, with whatever a case changes. */
export const transferRow = (
  rowNumber: number,
  values: Partial<Record<FieldId, string>> = {},
  fabric = "Cotton",
): OrderRow =>
  orderRow(
    rowNumber,
    { orderNumber: "E-1", code: DTF, quantity: "20", ...values },
    fabric === "" ? {} : { Fabric: fabric },
  );

/** An issue as the tests compare it: its code, row and column, not its wording. */
export const placed = (issue: { code: string; rowNumber: number | null; column?: string | undefined }) =>
  [issue.code, issue.rowNumber, issue.column] as const;
