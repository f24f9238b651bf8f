import { bandPrice, estimateLine, formatMoney, type LineEstimate } from "../estimate";
import type { FieldId } from "../fields";
import { isError, makeIssue, type Issue, type IssueCode } from "../issues";
import { classifyNonOrderRow, type NonOrderRowKind } from "../non-order-rows";
import type { OrderRow } from "../order-rows";
import { sizeKey } from "../sizes";
import type { JobCandidateLine, PriceBand, PriceCode, StockVariant } from "../vendor";
import { resolveAttributes } from "./attributes";
import { customBandsKey, type FactRequest, type ResolveContext } from "./context";
import { catalogueTypesOf, readItemType, type LineType } from "./item-type";
import { generatedReference, isAbsoluteHttpUrl, isYes, parseQuantity } from "./values";
import { closestBy, similarity } from "../mapping/normalise";
import { priceBreakHint, priceBreakText } from "../reorder/price-break";
import { orderableSuccessor } from "../reorder/successor";

/** One sheet row resolved as a job line, or the issues that stop it. Plain data. */
export interface ResolvedLine {
  readonly rowNumber: number;
  /** The order the row belongs to (its own, made up, when rows without one form their own jobs). */
  readonly orderNumber: string | undefined;
  readonly itemType: LineType | undefined;
  /** The line to send, when the row has no errors of its own. */
  readonly line: JobCandidateLine | undefined;
  readonly processCode: string | undefined;
  readonly estimate: LineEstimate | undefined;
  /** Price-code lines: code, answers and artwork; two lines with one key could be one line. */
  readonly designKey: string | undefined;
  readonly customerReference: string | undefined;
  readonly artworkUrl: string | undefined;
  readonly issues: readonly Issue[];
  /** Facts to fetch from the vendor before this row can be settled. */
  readonly needs: readonly FactRequest[];
}

/** The order number a row without one gets when each such row is its own job. */
export const ownJobNumber = (rowNumber: number) => `ROW-${rowNumber}`;

interface LineDraft {
  readonly row: OrderRow;
  readonly context: ResolveContext;
  readonly orderNumber: string | undefined;
  readonly issues: Issue[];
  readonly needs: FactRequest[];
}

function raise(
  draft: LineDraft,
  code: IssueCode,
  field: FieldId | undefined,
  message: string,
  suggestion?: string,
  column?: string,
): void {
  draft.issues.push(
    makeIssue(
      code,
      {
        rowNumber: draft.row.rowNumber,
        orderNumber: draft.orderNumber,
        field,
        column: column ?? (field ? draft.context.columnOf(field) : undefined),
      },
      message,
      suggestion,
    ),
  );
}

function quantityOf(draft: LineDraft): number | undefined {
  const text = draft.row.values.quantity;
  if (text === undefined) {
    raise(draft, "QUANTITY_MISSING", "quantity", "the quantity is blank.");
    return undefined;
  }
  const quantity = parseQuantity(text);
  if (quantity === undefined)
    raise(draft, "QUANTITY_INVALID", "quantity", `"${text}" is not a whole number of at least 1.`);
  return quantity;
}

function candidatesText(candidates: readonly string[]): string {
  return candidates.length > 0 ? ` Did you mean ${candidates.map((c) => `"${c}"`).join(" or ")}?` : "";
}

const NONE: readonly never[] = [];

function finish(draft: LineDraft, fields: Partial<ResolvedLine>): ResolvedLine {
  const errors = draft.issues.some(isError) || draft.needs.length > 0;
  return {
    rowNumber: draft.row.rowNumber,
    orderNumber: draft.orderNumber,
    itemType: fields.itemType,
    line: errors ? undefined : fields.line,
    processCode: fields.processCode,
    estimate: fields.estimate,
    designKey: fields.designKey,
    customerReference: fields.customerReference,
    artworkUrl: fields.artworkUrl,
    // Most rows have neither: they share one empty list rather than hold two each.
    issues: draft.issues.length > 0 ? draft.issues : NONE,
    needs: draft.needs.length > 0 ? draft.needs : NONE,
  };
}

/** Code, answers (in name order), artwork and sample flag: what makes two lines one design. */
function designKey(
  code: string,
  answers: Readonly<Record<string, string | number>>,
  artworkUrl: string | undefined,
  isSample: boolean,
): string {
  const names = Object.keys(answers).sort();
  let key = `${code}\u0000${artworkUrl ?? ""}\u0000${isSample}`;
  for (const name of names) key += `\u0000${name}=${answers[name]}`;
  return key;
}

/** A code no catalogue holds and the vendor has none by: the closest codes offered, the closest first. */
function unknownCodeLine(draft: LineDraft, text: string, typeWasGiven: boolean): ResolvedLine {
  const { catalogue } = draft.context;
  if (typeWasGiven) {
    const candidates = catalogue.priceCodeCandidates(text);
    raise(
      draft,
      "PRICE_CODE_UNKNOWN",
      "code",
      `"${text}" is not one of your account's price codes.${candidatesText(candidates)}`,
      candidates[0],
    );
  } else {
    const candidates = catalogue.codeCandidates(text);
    raise(
      draft,
      "CODE_UNKNOWN",
      "code",
      `"${text}" is not a price code, asset tag or stock code of your account.${candidatesText(candidates)}`,
      candidates[0],
    );
  }
  quantityOf(draft);
  return finish(draft, { itemType: typeWasGiven ? "PriceCode" : undefined });
}

function resolvePriceCodeLine(draft: LineDraft, text: string, typeWasGiven: boolean): ResolvedLine {
  const { context, row } = draft;
  let code: PriceCode | null | undefined = context.catalogue.priceCode(text);
  if (!code) {
    const loose = context.catalogue.priceCodeLoosely(text);
    if (loose?.priceCode) {
      code = loose;
      raise(
        draft,
        "PRICE_CODE_NORMALISED",
        "code",
        `"${text}" is read as the price code "${loose.priceCode}".`,
        loose.priceCode,
      );
    }
  }
  if (!code) {
    // The list call leaves out codes with metadata attributes: ask for this one by name.
    code = context.facts.metadataCodes.get(text);
    if (code === undefined) {
      draft.needs.push({ kind: "metadataCode", key: text, code: text });
      return finish(draft, { itemType: "PriceCode" });
    }
    if (code === null) return unknownCodeLine(draft, text, typeWasGiven);
  }
  const codeText = code.priceCode ?? text;
  const attributes = resolveAttributes(row, code, { orderNumber: draft.orderNumber, columnOf: context.columnOf });
  draft.issues.push(...attributes.issues);
  const quantity = quantityOf(draft);
  const isSample = isYes(row.values.sample);
  if (isSample && !code.sampleAvailable) raise(draft, "SAMPLE_NOT_AVAILABLE", "sample", `${codeText} has no sample.`);
  const minimum = code.priceBands?.[0]?.from ?? code.minimumQuantity;
  if (quantity !== undefined && !isSample && quantity < minimum) {
    raise(
      draft,
      "QUANTITY_BELOW_MINIMUM",
      "quantity",
      `${quantity} is below the minimum of ${minimum} for ${codeText}.`,
      String(minimum),
    );
  }
  const artworkUrl = row.values.artworkUrl;
  if (artworkUrl !== undefined && !isAbsoluteHttpUrl(artworkUrl)) {
    raise(draft, "ARTWORK_URL_INVALID", "artworkUrl", `"${artworkUrl}" is not an absolute http(s) address.`);
  }

  let bands: readonly PriceBand[] | null | undefined = code.priceBands;
  if (code.hasMetaDataAttributes && attributes.dimensions) {
    const { width, height } = attributes.dimensions;
    const key = customBandsKey(codeText, width, height);
    bands = context.facts.customBands.get(key);
    if (bands === undefined) draft.needs.push({ kind: "customBands", key, code: codeText, width, height });
  }
  const unitPrice =
    quantity === undefined
      ? undefined
      : isSample
        ? (code.samplePrice ?? undefined)
        : bands
          ? bandPrice(bands, quantity)
          : undefined;
  const estimate =
    quantity === undefined || unitPrice === undefined
      ? undefined
      : estimateLine(unitPrice, quantity, isSample ? 0 : (code.standardSetup ?? 0), "setup");
  const customerReference =
    row.values.customerReference ??
    (draft.orderNumber ? generatedReference(draft.orderNumber, row.rowNumber) : undefined);
  const line: { -readonly [K in keyof JobCandidateLine]: JobCandidateLine[K] } = {
    itemType: "PriceCode",
    code: codeText,
    quantity: quantity ?? 0,
    customerReference: customerReference ?? null,
    attributes: attributes.values,
  };
  if (artworkUrl) line.externalArtworkUrl = artworkUrl.trim();
  if (row.values.externalId) line.externalId = row.values.externalId;
  if (isSample) line.isSample = true;
  return finish(draft, {
    itemType: "PriceCode",
    line,
    processCode: code.processCode ?? undefined,
    estimate,
    designKey: designKey(codeText, attributes.values, artworkUrl, isSample),
    customerReference,
    artworkUrl,
  });
}

function resolveAssetLine(draft: LineDraft, text: string): ResolvedLine {
  const asset = draft.context.catalogue.asset(text);
  const quantity = quantityOf(draft);
  if (asset === undefined) {
    const candidates = draft.context.catalogue.assetCandidates(text);
    raise(
      draft,
      "ASSET_UNKNOWN",
      "code",
      `no asset has the tag "${text}" on your account.${candidatesText(candidates)}`,
      candidates[0],
    );
    return finish(draft, { itemType: "Asset" });
  }
  const tag = asset.assetTag ?? text;
  const { snapshot } = draft.context.catalogue;
  if (asset.isArchived) {
    // The suggestion is a value for the tag cell: the newest orderable asset of the same design.
    const successor = orderableSuccessor(asset, snapshot)?.assetTag ?? undefined;
    const instead = successor ? ` ${successor} is the newest orderable asset of the same design.` : "";
    raise(draft, "ASSET_ARCHIVED", "code", `asset ${tag} is archived and cannot be reordered.${instead}`, successor);
  }
  const minimum = asset.priceBands[0]?.from ?? 1;
  if (quantity !== undefined && quantity < minimum) {
    raise(
      draft,
      "QUANTITY_BELOW_MINIMUM",
      "quantity",
      `${quantity} is below the minimum of ${minimum} for asset ${tag}.`,
      String(minimum),
    );
  }
  const hint = quantity === undefined || asset.isArchived ? undefined : priceBreakHint(asset.priceBands, quantity);
  if (hint) {
    const money = (amount: number) => formatMoney(amount, snapshot.account.currency, "en");
    raise(draft, "PRICE_BREAK_NEAR", "quantity", priceBreakText(hint, money), String(hint.nextQuantity));
  }
  const unitPrice = quantity === undefined ? undefined : bandPrice(asset.priceBands, quantity);
  const { garment, comment } = draft.row.values;
  return finish(draft, {
    itemType: "Asset",
    processCode: asset.processCode ?? undefined,
    estimate:
      quantity === undefined || unitPrice === undefined
        ? undefined
        : estimateLine(unitPrice, quantity, asset.reset, "reset"),
    line: {
      itemType: "Asset",
      code: tag,
      quantity: quantity ?? 0,
      ...(garment ? { garment } : {}),
      ...(comment ? { comment } : {}),
    },
  });
}

function variantFor(
  draft: LineDraft,
  variants: readonly StockVariant[],
  named: StockVariant | undefined,
  stockCode: string,
): StockVariant | undefined {
  if (named) return named;
  const text = draft.row.values.variant?.trim();
  if (text === undefined) {
    if (variants.length === 1) return variants[0];
    raise(
      draft,
      "STOCK_VARIANT_MISSING",
      "variant",
      `${stockCode} comes in ${variants.map((v) => v.colour ?? v.variantCode).join(", ")}: say which.`,
    );
    return undefined;
  }
  const lower = text.toLowerCase();
  const found = variants.find((v) => v.variantCode.toLowerCase() === lower || v.colour?.toLowerCase() === lower);
  if (found) return found;
  const nearest = closestBy(
    variants,
    (v) => Math.max(similarity(lower, (v.colour ?? "").toLowerCase()), similarity(lower, v.variantCode.toLowerCase())),
    0.5,
  );
  raise(
    draft,
    "STOCK_VARIANT_UNKNOWN",
    "variant",
    `${stockCode} does not come in "${text}"; ` +
      `it comes in ${variants.map((v) => v.colour ?? v.variantCode).join(", ")}.`,
    nearest ? (nearest.colour ?? nearest.variantCode) : undefined,
  );
  return undefined;
}

/**
 * Where a size and its quantity were read. In a wide layout the size is the column's header
 * and the cell holds the quantity; in the long layout the size cell sits beside the quantity
 * column; a one-size item's only size comes from its run, its quantity from the quantity column.
 */
interface SizeCell {
  readonly label: string;
  readonly quantity: string;
  readonly source: "header" | "cell" | "run";
  /** Where the issue about the size goes (the size's own column), and its field if mapped to one. */
  readonly sizeColumn: string | undefined;
  readonly sizeField: FieldId | undefined;
  /** Where the issue about the quantity goes. */
  readonly quantityColumn: string | undefined;
  readonly quantityField: FieldId | undefined;
}

/** Size quantities from the wide size columns, the long layout's size column, or Qty for equipment. */
function sizeQuantities(draft: LineDraft, variant: StockVariant): Record<string, number> | undefined {
  const run = variant.sizesCsv
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const byKey = new Map(run.map((size) => [sizeKey(size), size]));
  const quantities: Record<string, number> = {};
  const add = (cell: SizeCell) => {
    const { label, source } = cell;
    if (cell.quantity.trim() === "") {
      raise(
        draft,
        "QUANTITY_MISSING",
        cell.quantityField,
        `give the quantity of size ${label}.`,
        undefined,
        cell.quantityColumn,
      );
      return;
    }
    const quantity = parseQuantity(cell.quantity);
    if (quantity === undefined) {
      if (cell.quantity.trim() !== "0")
        raise(
          draft,
          "QUANTITY_INVALID",
          cell.quantityField,
          `"${cell.quantity}" is not a whole number of ${label}s.`,
          undefined,
          cell.quantityColumn,
        );
      return;
    }
    const size = run.includes(label) ? label : byKey.get(sizeKey(label));
    // A suggestion is written into the issue's cell, and only the long layout's size cell holds
    // the size: in a wide layout that cell is the quantity, so the header is explained instead.
    const suggest = (value: string | undefined) => (source === "cell" ? value : undefined);
    const named = source === "header" ? `the column "${label}"` : `size "${label}"`;
    if (size === undefined) {
      const nearest = closestBy(run, (s) => similarity(sizeKey(label), sizeKey(s)), 0.5);
      const hint =
        source === "header" && nearest !== undefined
          ? ` The nearest is ${nearest}: rename the column or map it to that size.`
          : "";
      raise(
        draft,
        "STOCK_SIZE_UNKNOWN",
        cell.sizeField,
        `${named} is not a size in the ${variant.variantCode} size run (${run.join(", ")}).${hint}`,
        suggest(nearest),
        cell.sizeColumn,
      );
      return;
    }
    if (size !== label)
      raise(
        draft,
        "STOCK_SIZE_NORMALISED",
        cell.sizeField,
        `${named} is read as size ${size}.`,
        suggest(size),
        cell.sizeColumn,
      );
    quantities[size] = (quantities[size] ?? 0) + quantity;
  };
  const { row, context } = draft;
  for (const answer of row.sizes) {
    add({
      label: answer.key,
      quantity: answer.value,
      source: "header",
      sizeColumn: answer.column,
      sizeField: undefined,
      quantityColumn: answer.column,
      quantityField: undefined,
    });
  }
  const quantityColumn = context.columnOf("quantity");
  if (row.values.size !== undefined) {
    add({
      label: row.values.size,
      quantity: row.values.quantity ?? "",
      source: "cell",
      sizeColumn: context.columnOf("size"),
      sizeField: "size",
      quantityColumn,
      quantityField: "quantity",
    });
  } else if (row.sizes.length === 0 && run.length === 1 && row.values.quantity !== undefined) {
    // Equipment and one-size items take the quantity column as their only size.
    const only = run[0] as string;
    add({
      label: only,
      quantity: row.values.quantity,
      source: "run",
      sizeColumn: quantityColumn,
      sizeField: "quantity",
      quantityColumn,
      quantityField: "quantity",
    });
  }
  if (Object.keys(quantities).length === 0 && !draft.issues.some(isError)) {
    raise(
      draft,
      "STOCK_SIZES_MISSING",
      row.sizes.length > 0 ? undefined : "quantity",
      `give quantities for the sizes of ${variant.variantCode} (${run.join(", ")}).`,
    );
    return undefined;
  }
  return quantities;
}

function resolveStockLine(draft: LineDraft, text: string): ResolvedLine {
  const match = draft.context.catalogue.stock(text);
  if (match === undefined) {
    const candidates = draft.context.catalogue.stockCandidates(text);
    raise(
      draft,
      "STOCK_CODE_UNKNOWN",
      "code",
      `"${text}" is not a stock code or variant code.${candidatesText(candidates)}`,
      candidates[0],
    );
    return finish(draft, { itemType: "Stock" });
  }
  const variant = variantFor(draft, match.item.stockVariants, match.variant, match.item.stockCode);
  const quantities = variant ? sizeQuantities(draft, variant) : undefined;
  const total = quantities ? Object.values(quantities).reduce((sum, n) => sum + n, 0) : undefined;
  const unitPrice = total === undefined ? undefined : bandPrice(match.item.priceBands ?? [], total);
  return finish(draft, {
    itemType: "Stock",
    processCode: match.item.processCode ?? undefined,
    estimate: total === undefined || unitPrice === undefined ? undefined : estimateLine(unitPrice, total, 0, null),
    line: {
      itemType: "Stock",
      code: match.item.stockCode,
      variantCode: variant?.variantCode ?? null,
      sizeQuantities: quantities ?? {},
    },
  });
}

const NON_ORDER_ROW_TEXT: Readonly<Record<NonOrderRowKind, string>> = {
  totals: "a totals row",
  subtotal: "a subtotal row",
  note: "a note",
  unordered: "a design of a reorder campaign left without a quantity",
};

/**
 * Resolves one row as a job line: its item type (given, or inferred from the catalogue that
 * holds the code), then the rules of that type. Every problem is an issue on the row's cells.
 * A totals, subtotal or note row is no line: it gets one note saying so, and no order.
 */
export function resolveRow(row: OrderRow, context: ResolveContext): ResolvedLine {
  const nonOrder = classifyNonOrderRow(row);
  if (nonOrder !== undefined) {
    const draft: LineDraft = { row, context, orderNumber: undefined, issues: [], needs: [] };
    const column = nonOrder.column ?? (nonOrder.field ? context.columnOf(nonOrder.field) : undefined);
    raise(
      draft,
      "NOT_AN_ORDER_ROW",
      nonOrder.field,
      `this looks like ${NON_ORDER_ROW_TEXT[nonOrder.kind]}, not an order line; it is not imported.`,
      undefined,
      column,
    );
    return finish(draft, {});
  }
  const orderNumber =
    row.values.orderNumber ?? (context.options.eachRowOwnJob ? ownJobNumber(row.rowNumber) : undefined);
  const draft: LineDraft = { row, context, orderNumber, issues: [], needs: [] };
  if (orderNumber === undefined)
    raise(draft, "ORDER_NUMBER_MISSING", "orderNumber", "the order number is blank, so the row belongs to no job.");

  const code = row.values.code;
  if (code === undefined) {
    raise(draft, "CODE_MISSING", "code", "the code (price code, asset tag or stock code) is blank.");
    return finish(draft, {});
  }
  const typeText = row.values.itemType;
  const given = typeText === undefined ? undefined : readItemType(typeText);
  if (typeText !== undefined && given === undefined) {
    raise(draft, "ITEM_TYPE_UNKNOWN", "itemType", `"${typeText}" is not an item type; use PriceCode, Asset or Stock.`);
    return finish(draft, {});
  }
  const found = catalogueTypesOf(code, context.catalogue);
  let type = given;
  if (type === undefined) {
    if (found.length > 1) {
      raise(
        draft,
        "ITEM_TYPE_AMBIGUOUS",
        "itemType",
        `"${code}" is both a ${found.join(" and a ")}; say which in the item type column.`,
        found[0],
      );
      return finish(draft, {});
    }
    // Nothing found is looked up as a price code: the list call leaves some out.
    type = found[0] ?? "PriceCode";
  } else if (found.length > 0 && !found.includes(type)) {
    raise(draft, "ITEM_TYPE_MISMATCH", "itemType", `"${code}" is a ${found.join(" or ")}, not a ${type}.`, found[0]);
    return finish(draft, {});
  }
  if (type === "Asset") return resolveAssetLine(draft, code);
  if (type === "Stock") return resolveStockLine(draft, code);
  return resolvePriceCodeLine(draft, code, given !== undefined);
}
