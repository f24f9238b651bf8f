import type { StockMatch } from "../catalogue";
import { readColour } from "../colour-words";
import { bandPrice, estimateLine } from "../estimate";
import { closestBy, similarity } from "../mapping/normalise";
import type { StockItem, StockVariant } from "../vendor";
import { translationOf } from "../word-reading";
import { areAgeVersions, sameColourIn } from "../youth-versions";
import { candidatesText, finish, raise, type LineDraft, type ResolvedLine } from "./line-draft";
import { sizeQuantities } from "./stock-sizes";

const coloursOf = (item: StockItem) => item.stockVariants.map((v) => v.colour ?? v.variantCode).join(", ");

/**
 * A variant code of the garment's other age version in the colour cell ("RJ100-BLK-GLD" on a
 * youth RJ100Y row): that colour of this garment, when it comes in it.
 */
function colourOfOtherVersion(draft: LineDraft, item: StockItem, text: string): StockVariant | undefined {
  const { catalogue } = draft.context;
  const named = catalogue.stock(text);
  if (!named?.variant || named.item === item || !areAgeVersions(named.item, item, catalogue.snapshot.stock))
    return undefined;
  const own = sameColourIn(named.variant, named.item, item);
  if (!own) return undefined;
  const colour = own.colour ?? own.variantCode;
  raise(
    draft,
    "STOCK_VARIANT_OTHER_ITEM",
    "variant",
    `"${text}" is the ${colour} of ${named.item.stockCode}; it is read as the ${colour} of ${item.stockCode}, ` +
      `${own.variantCode}.`,
    own.variantCode,
  );
  return own;
}

function variantFor(draft: LineDraft, item: StockItem, named: StockVariant | undefined): StockVariant | undefined {
  if (named) return named;
  const variants = item.stockVariants;
  const text = draft.row.values.variant?.trim();
  if (text === undefined) {
    if (variants.length === 1) return variants[0];
    raise(draft, "STOCK_VARIANT_MISSING", "variant", `${item.stockCode} comes in ${coloursOf(item)}: say which.`);
    return undefined;
  }
  const lower = text.toLowerCase();
  const found = variants.find((v) => v.variantCode.toLowerCase() === lower || v.colour?.toLowerCase() === lower);
  if (found) return found;
  const other = colourOfOtherVersion(draft, item, text);
  if (other) return other;
  const reading = readColour(text, variants, (v) => v.colour);
  if (reading?.kind === "read") {
    const colour = reading.value.colour ?? reading.value.variantCode;
    raise(draft, "STOCK_VARIANT_NORMALISED", "variant", `"${text}" is read as ${colour}.`, colour);
    return reading.value;
  }
  // A colour word the garment does not come in is offered only a colour named with its words, never a near spelling.
  const nearest = reading
    ? reading.kind === "near"
      ? reading.value
      : undefined
    : closestBy(
        variants,
        (v) =>
          Math.max(similarity(lower, (v.colour ?? "").toLowerCase()), similarity(lower, v.variantCode.toLowerCase())),
        0.5,
      );
  const translation = reading && translationOf(text, reading);
  raise(
    draft,
    "STOCK_VARIANT_UNKNOWN",
    "variant",
    translation
      ? `"${text}" is read as ${translation}: ${item.stockCode} does not come in it; it comes in ${coloursOf(item)}.`
      : `${item.stockCode} does not come in "${text}"; it comes in ${coloursOf(item)}.`,
    nearest ? (nearest.colour ?? nearest.variantCode) : undefined,
  );
  return undefined;
}

/** A stocked garment or piece of equipment: its variant (colour) and a quantity per size of its run. */
export function resolveStockLine(draft: LineDraft, text: string): ResolvedLine {
  const match: StockMatch | undefined = draft.context.catalogue.stock(text);
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
  const { item } = match;
  const variant = variantFor(draft, item, match.variant);
  const quantities = variant
    ? sizeQuantities(draft, { item, variant, isVariantCode: match.variant !== undefined })
    : undefined;
  const total = quantities ? Object.values(quantities).reduce((sum, n) => sum + n, 0) : undefined;
  const unitPrice = total === undefined ? undefined : bandPrice(item.priceBands ?? [], total);
  return finish(draft, {
    itemType: "Stock",
    processCode: item.processCode ?? undefined,
    estimate: total === undefined || unitPrice === undefined ? undefined : estimateLine(unitPrice, total, 0, null),
    line: {
      itemType: "Stock",
      code: item.stockCode,
      variantCode: variant?.variantCode ?? null,
      sizeQuantities: quantities ?? {},
    },
  });
}
