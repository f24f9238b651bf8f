import type { CatalogueSnapshot } from "../catalogue";
import { findListing, type AssetListing } from "./asset-catalogue";
import { orderableSuccessor } from "./successor";

/** A line of a submitted job, as much of it as a reorder needs. */
export interface JobLineForReorder {
  /** The asset the line ran as: its own tag for a reorder, the new tag a price-code line became. */
  readonly assetSku: string;
  readonly quantity: number;
  readonly description?: string;
}

/** What a reorder of a job can put in a campaign sheet, and what it leaves out and why. */
export interface JobReorder {
  readonly listings: readonly AssetListing[];
  /** Quantities by tag, upper-cased; lines of one design are added together. */
  readonly quantities: ReadonlyMap<string, number>;
  /** Archived designs replaced by their newest orderable version. */
  readonly replaced: readonly { readonly from: string; readonly to: string }[];
  /**
   * Lines that are no design of the account (stock, a tag not in the catalogue) or an archived one with no newer
   * version.
   */
  readonly leftOut: readonly {
    readonly line: JobLineForReorder;
    readonly reason: "no-design" | "unknown" | "archived";
  }[];
}

/**
 * The designs and quantities of a job, to order again: each line's asset (price-code lines
 * became assets, named by their `assetSku`), an archived one replaced by the newest orderable
 * asset of the same design, lines of one design added together. Pure.
 */
export function reorderOfJob(lines: readonly JobLineForReorder[], snapshot: CatalogueSnapshot): JobReorder {
  const listings: AssetListing[] = [];
  const quantities = new Map<string, number>();
  const replaced: { from: string; to: string }[] = [];
  const leftOut: JobReorder["leftOut"][number][] = [];
  for (const line of lines) {
    const sku = line.assetSku.trim();
    if (sku === "") {
      leftOut.push({ line, reason: "no-design" });
      continue;
    }
    let listing = findListing(snapshot, sku);
    if (listing === undefined) {
      leftOut.push({ line, reason: isStockCode(snapshot, sku) ? "no-design" : "unknown" });
      continue;
    }
    if (listing.isArchived) {
      const successor = orderableSuccessor(listing.asset, snapshot);
      const next = successor?.assetTag ? findListing(snapshot, successor.assetTag) : undefined;
      if (next === undefined) {
        leftOut.push({ line, reason: "archived" });
        continue;
      }
      replaced.push({ from: listing.tag, to: next.tag });
      listing = next;
    }
    const key = listing.tag.toUpperCase();
    if (!quantities.has(key)) listings.push(listing);
    quantities.set(key, (quantities.get(key) ?? 0) + line.quantity);
  }
  return { listings, quantities, replaced, leftOut };
}

/** Stock lines name their garment's variant: that is no design to reorder. */
function isStockCode(snapshot: CatalogueSnapshot, sku: string): boolean {
  const wanted = sku.toUpperCase();
  return snapshot.stock.some(
    (item) =>
      item.stockCode.toUpperCase() === wanted ||
      item.stockVariants.some((variant) => variant.variantCode.toUpperCase() === wanted),
  );
}

/** Tags a job names that the snapshot does not hold: designs made since the catalogue was read. */
export function tagsMissingFrom(lines: readonly JobLineForReorder[], snapshot: CatalogueSnapshot): string[] {
  const skus = lines
    .map((line) => line.assetSku.trim())
    .filter((sku) => sku !== "" && findListing(snapshot, sku) === undefined && !isStockCode(snapshot, sku));
  return [...new Set(skus)];
}
