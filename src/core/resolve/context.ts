import type { ArtworkCheck } from "../artwork/artwork-check";
import type { CatalogueIndex } from "../catalogue";
import type { DateOrder } from "../dates";
import type { FieldId } from "../fields";
import type { AttributeDefinition, PriceBand, PriceCode, PromoValidationResult } from "../vendor";

/**
 * What resolution learns from the vendor live, per session: never part of the catalogue
 * snapshot (the earliest ship date must not be cached; promo codes and custom prices depend
 * on the order). Missing facts are requested, not guessed.
 */
export interface LiveFacts {
  /** Earliest ship date (YYYY-MM-DD) by process set; null when the vendor has none. */
  readonly shipDates: ReadonlyMap<string, string | null>;
  readonly promos: ReadonlyMap<string, PromoValidationResult>;
  /** Codes the list call leaves out (metadata attributes), by code; null when none exists. */
  readonly metadataCodes: ReadonlyMap<string, PriceCode | null>;
  /** Bands of a custom-dimension code at a width and height; null when it cannot be priced. */
  readonly customBands: ReadonlyMap<string, readonly PriceBand[] | null>;
  /** What fetching each artwork link found, by the link as written; a link not yet checked is absent. */
  readonly artwork: ReadonlyMap<string, ArtworkCheck>;
}

export const NO_FACTS: LiveFacts = {
  shipDates: new Map(),
  promos: new Map(),
  metadataCodes: new Map(),
  customBands: new Map(),
  artwork: new Map(),
};

export type FactRequest =
  | { readonly kind: "shipDate"; readonly key: string; readonly processCodes: readonly string[] }
  | { readonly kind: "promo"; readonly key: string; readonly code: string; readonly processCodes: readonly string[] }
  | { readonly kind: "metadataCode"; readonly key: string; readonly code: string }
  | {
      readonly kind: "customBands";
      readonly key: string;
      readonly code: string;
      readonly width: number;
      readonly height: number;
    };

/** What identifies a fact request: two requests with one key ask the same thing. */
export const needKey = (need: Pick<FactRequest, "kind" | "key">) => `${need.kind}:${need.key}`;
export function processSetKey(processCodes: readonly string[]): string {
  // One process is the usual job: its key is its code, with no set to build; a job's codes come distinct and sorted.
  if (processCodes.length === 1) return processCodes[0] ?? "";
  if (isStrictlyAscending(processCodes)) return processCodes.join(",");
  return [...new Set(processCodes)].sort().join(",");
}

function isStrictlyAscending(texts: readonly string[]): boolean {
  for (let i = 1; i < texts.length; i++) if ((texts[i - 1] as string) >= (texts[i] as string)) return false;
  return true;
}

export const promoKey = (code: string, processCodes: readonly string[]) =>
  `${code.trim().toUpperCase()}|${processSetKey(processCodes)}`;
export const customBandsKey = (code: string, width: number, height: number) => `${code}|${width}|${height}`;

export interface ResolveOptions {
  /** Rows without an order number each become a job of their own instead of an error. */
  readonly eachRowOwnJob: boolean;
  /**
   * The files a session's rows come from, by name in the order given, when there are several: an order number in two
   * of them is an error on its rows (two clubs' orders are never merged into one job).
   */
  readonly fileNames?: readonly string[] | undefined;
}

export interface ResolveContext {
  readonly catalogue: CatalogueIndex;
  readonly facts: LiveFacts;
  /** The header of the column mapped to a field, for messages and cell addresses. */
  readonly columnOf: (field: FieldId) => string | undefined;
  /** The header of the column answering a price code's question, by its name or label, when the sheet has one. */
  readonly columnOfQuestion?: ((definition: AttributeDefinition) => string | undefined) | undefined;
  readonly dateOrder: DateOrder;
  readonly options: ResolveOptions;
}
