import type { CatalogueSnapshot } from "../../../src/core/catalogue";
import type { AttributeDefinition, PriceCode, StockItem } from "../../../src/core/vendor";
import { asset, snapshotWith } from "../reorder/reorder-fixtures";

/**
 * A catalogue unlike the simulator's: its own process codes, question names in another language, a question labelled
 * like one of the importer's fields, a code made to size. A form made from it proves that nothing is taken for granted.
 */

export function question(name: string, label: string | null, parts: Partial<AttributeDefinition> = {}) {
  return {
    name,
    label,
    type: "text",
    description: null,
    required: false,
    isMetaDataAttribute: false,
    enumerableValues: null,
    assetAttributeName: null,
    ...parts,
  } satisfies AttributeDefinition;
}

export const options = (...texts: readonly (readonly [value: string, text: string | null])[]) =>
  texts.map(([value, text]) => ({ value, text, selected: false }));

export function priceCode(code: string, processCode: string, parts: Partial<PriceCode> = {}): PriceCode {
  return {
    priceCode: code,
    description: `${code} transfer`,
    categoryCode: null,
    categoryName: null,
    name: code,
    processCode,
    masterProcessCode: null,
    minimumQuantity: 1,
    externalSupplier: null,
    externalPriceCode: null,
    hasMetaDataAttributes: false,
    standardSetup: null,
    standardReset: null,
    sampleAvailable: false,
    samplePrice: null,
    sampleLabel: null,
    sizeUnit: null,
    sizeWidth: null,
    sizeHeight: null,
    attributes: [],
    priceBands: [{ from: 1, to: null, unitPrice: 2 }],
    ...parts,
  };
}

export function style(
  code: string,
  name: string,
  variants: readonly [code: string, colour: string | null, sizes: string][],
) {
  return {
    supplier: null,
    categoryName: null,
    stockCode: code,
    processCode: null,
    stockName: name,
    stockDescription: null,
    stockSpecifications: null,
    priceCompatibleLookupCode: null,
    rank: null,
    stockVariants: variants.map(([variantCode, colour, sizesCsv]) => ({
      variantCode,
      colour,
      variantImageUrl: null,
      numberOfSizes: sizesCsv.split(",").length,
      sizesCsv,
    })),
    stockImageUrl: null,
    priceBands: [{ from: 1, to: null, unitPrice: 20 }],
  } satisfies StockItem;
}

const FOIL = question("Folienfarbe", "Foil colour", {
  type: "select",
  required: true,
  enumerableValues: options(["WEISS", "White"], ["SCHWARZ", "Black"], ["GOLD_1", "Gold"], ["GOLD_2", "Gold"]),
});

/** The catalogue the builder's tests share. */
export function formSnapshot(parts: Partial<CatalogueSnapshot> = {}): CatalogueSnapshot {
  return snapshotWith({
    processCodes: [
      { processCode: "VNL", description: "Vinyl lettering", rank: 1, metadata: null },
      { processCode: "DGT", description: "Digital prints", rank: 2, metadata: null },
    ] as unknown as CatalogueSnapshot["processCodes"],
    priceCodes: [
      priceCode("VNL Rücken-Name", "VNL", {
        attributes: [FOIL, question("Spielername", "Name on back", { required: true, maxLength: 12, minLength: 1 })],
      }),
      priceCode("VNL Rücken-Nummer", "VNL", {
        priceBands: [
          { from: 2, to: 9, unitPrice: 1.5 },
          { from: 10, to: null, unitPrice: 1.2 },
        ],
        attributes: [
          FOIL,
          question("Nummer", "Number on back", { required: true, maxLength: 2 }),
          question("Hoehe", "Height of number", { type: "int", minValue: 15, maxValue: 30 }),
        ],
      }),
      priceCode("DGT Brust", "DGT", {
        attributes: [
          // Labelled as the importer's own field: headed by its name, so the two are told apart.
          question("Stoff", "Garment", { type: "select", enumerableValues: options(["BW", "Baumwolle"]) }),
          question("Lage", null, { type: "decimal", minValue: 0.5 }),
        ],
      }),
      priceCode("DGT nach Mass", "DGT", {
        hasMetaDataAttributes: true,
        attributes: [
          question("DG-X", "Breite", { type: "decimal", isMetaDataAttribute: true, minValue: 1, maxValue: 22 }),
          question("DG-Y", "Höhe", { type: "decimal", isMetaDataAttribute: true, minValue: 1, maxValue: 40 }),
        ],
      }),
      priceCode("", "DGT"),
    ],
    stock: [
      style("TRIKOT-7", "Club jersey", [
        ["TRIKOT-7-GRN", "Green", "S,M,L,XL"],
        ["TRIKOT-7-ROT", "Red", "S,M,L"],
      ]),
      style("KIDS-2", "Kids tee", [["KIDS-2-GRN", "Green", "4, 6, 8"]]),
      style("CAP-1", "Cap", [["CAP-1-OS", null, "OSFA"]]),
      style("EMPTY-0", "No colours", []),
    ],
    assets: [asset("A-1")],
    ...parts,
  });
}
