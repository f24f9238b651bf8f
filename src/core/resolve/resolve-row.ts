import { linkFindings, printInchesOf } from "../artwork/artwork-check";
import { bandPrice, estimateLine, formatMoney } from "../estimate";
import { classifyNonOrderRow, type NonOrderRowKind } from "../non-order-rows";
import type { OrderRow } from "../order-rows";
import type { JobCandidateLine, PriceBand, PriceCode } from "../vendor";
import { resolveAttributes } from "./attributes";
import { customBandsKey, type ResolveContext } from "./context";
import { aLineType, catalogueTypesOf, readItemType } from "./item-type";
import {
  candidatesText,
  finish,
  ownJobNumber,
  quantityOf,
  raise,
  type LineDraft,
  type ResolvedLine,
} from "./line-draft";
import { resolveStockLine } from "./stock-line";
import { generatedReference, isAbsoluteHttpUrl, isYes } from "./values";
import { priceBreakHint, priceBreakText } from "../reorder/price-break";
import { orderableSuccessor } from "../reorder/successor";

export { ownJobNumber, type ResolvedLine } from "./line-draft";

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

/**
 * A price-code line's artwork link: an absolute http(s) address (one written without its scheme offered with it), not a
 * share page (its file's own address offered where it can be written), and, once fetched, a file the vendor can print
 * from at the size ordered.
 */
function checkArtwork(
  draft: LineDraft,
  code: PriceCode,
  dimensions: { readonly width: number; readonly height: number } | undefined,
): void {
  const artworkUrl = draft.row.values.artworkUrl;
  if (artworkUrl === undefined) return;
  if (!isAbsoluteHttpUrl(artworkUrl)) {
    // An address written without its scheme ("www.dropbox.com/…") is the https one.
    const withScheme = `https://${artworkUrl.trim().replace(/^\/\//, "")}`;
    const fix = /^(\/\/)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/|$)/i.test(artworkUrl.trim()) && isAbsoluteHttpUrl(withScheme);
    raise(
      draft,
      "ARTWORK_URL_INVALID",
      "artworkUrl",
      `"${artworkUrl}" is not an absolute http(s) address` + (fix ? `; with its https:// it is ${withScheme}.` : "."),
      fix ? withScheme : undefined,
    );
    return;
  }
  const inches = printInchesOf({
    unit: code.sizeUnit,
    width: dimensions?.width ?? code.sizeWidth,
    height: dimensions?.height ?? code.sizeHeight,
  });
  const check = draft.context.facts.artwork.get(artworkUrl);
  for (const finding of linkFindings(artworkUrl, check, inches))
    raise(draft, finding.code, "artworkUrl", finding.message, finding.suggestion);
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
  const attributes = resolveAttributes(row, code, {
    orderNumber: draft.orderNumber,
    columnOf: context.columnOf,
    columnOfQuestion: context.columnOfQuestion,
  });
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
  checkArtwork(draft, code, attributes.dimensions);

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
    design: { code: codeText, answers: attributes.values, artworkUrl, isSample },
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
      `No asset has the tag "${text}" on your account.${candidatesText(candidates)}`,
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
    raise(draft, "ASSET_ARCHIVED", "code", `Asset ${tag} is archived and cannot be reordered.${instead}`, successor);
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
      `This looks like ${NON_ORDER_ROW_TEXT[nonOrder.kind]}, not an order line; it is not imported.`,
      undefined,
      column,
    );
    return finish(draft, {});
  }
  const orderNumber =
    row.values.orderNumber ?? (context.options.eachRowOwnJob ? ownJobNumber(row.rowNumber) : undefined);
  const draft: LineDraft = { row, context, orderNumber, issues: [], needs: [] };
  if (orderNumber === undefined)
    raise(draft, "ORDER_NUMBER_MISSING", "orderNumber", "The order number is blank, so the row belongs to no job.");

  const code = row.values.code;
  if (code === undefined) {
    raise(draft, "CODE_MISSING", "code", "The code (price code, asset tag or stock code) is blank.");
    return finish(draft, {});
  }
  const typeText = row.values.itemType;
  const given = typeText === undefined ? undefined : readItemType(typeText);
  if (typeText !== undefined && given === undefined) {
    raise(
      draft,
      "ITEM_TYPE_UNKNOWN",
      "itemType",
      `"${typeText}" is not an item type; write Price code, Asset or Stock.`,
    );
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
        `"${code}" is both ${found.map(aLineType).join(" and ")}; say which in the item type column.`,
        found[0],
      );
      return finish(draft, {});
    }
    // Nothing found is looked up as a price code: the list call leaves some out.
    type = found[0] ?? "PriceCode";
  } else if (found.length > 0 && !found.includes(type)) {
    raise(
      draft,
      "ITEM_TYPE_MISMATCH",
      "itemType",
      `"${code}" is ${found.map(aLineType).join(" or ")}, not ${aLineType(type)}.`,
      found[0],
    );
    return finish(draft, {});
  }
  if (type === "Asset") return resolveAssetLine(draft, code);
  if (type === "Stock") return resolveStockLine(draft, code);
  return resolvePriceCodeLine(draft, code, given !== undefined);
}
