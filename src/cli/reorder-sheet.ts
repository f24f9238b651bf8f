import { writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { mapWithConcurrency, type VendorClient } from "../api";
import type { CatalogueSnapshot } from "../core/catalogue";
import { countOf, pluralise } from "../core/plural";
import {
  assetFacets,
  assetListings,
  filterAssets,
  historyOf,
  processName,
  type AssetHistory,
  type AssetListing,
} from "../core/reorder/asset-catalogue";
import { campaignSheetData } from "../core/reorder/campaign-sheet-data";
import type { AssetFiles } from "../core/vendor";
import { writeCampaignSheet } from "../sheet/write/campaign-sheet";
import { loadCatalogueOf } from "./catalogue-of";
import type { VendorConnection } from "./vendor-connection";

/** Order histories and files are read this many designs at a time. */
const CONCURRENCY = 4;

const NOT_READ: AssetHistory = { lastOrder: undefined, lastDispatched: undefined, hasOpenJob: false, jobCount: 0 };

export interface ReorderSheetOptions {
  readonly outPath: string;
  readonly processCode?: string | undefined;
  readonly search?: string | undefined;
  /** YYYY-MM-DD: only designs ordered on or after this day. */
  readonly orderedSince?: string | undefined;
  /** Global (catalogue) designs are included unless turned off. */
  readonly includeGlobal: boolean;
  /** The day the sheet is made (YYYY-MM-DD); today when absent. */
  readonly today?: string | undefined;
  readonly onProgress?: (message: string) => void;
}

export interface ReorderSheetReport {
  readonly file: string;
  readonly connection: string;
  readonly account: { readonly id: number; readonly name: string | null | undefined; readonly currency: string };
  readonly tags: readonly string[];
  /**
   * Designs whose order history could not be read (shown without their last order; left out of an --ordered-since
   * sheet).
   */
  readonly historyUnread: readonly string[];
}

export type ReorderSheetOutcome =
  | { readonly ok: true; readonly report: ReorderSheetReport }
  | { readonly ok: false; readonly reason: "vendor" | "usage" | "none"; readonly message: string };

/** Each design's order history (`GET /Assets/{tag}/jobs`), a few at a time; undefined where it could not be read. */
async function readHistories(
  client: VendorClient,
  listings: readonly AssetListing[],
  known: Map<string, AssetHistory | undefined>,
  progress: (message: string) => void,
): Promise<void> {
  const wanted = listings.filter((listing) => !known.has(listing.tag));
  if (wanted.length === 0) return;
  progress(`Reading the order history of ${countOf(wanted.length, "design", "designs")}`);
  await mapWithConcurrency(wanted, CONCURRENCY, async (listing) => {
    const answer = await client.getAssetJobs(listing.tag);
    known.set(listing.tag, answer.ok ? historyOf(answer.value) : undefined);
  });
}

/** Files only of designs without a preview link of their own. */
async function readFilesWhereNeeded(
  client: VendorClient,
  listings: readonly AssetListing[],
): Promise<Map<string, AssetFiles>> {
  const files = new Map<string, AssetFiles>();
  await mapWithConcurrency(
    listings.filter((listing) => !listing.asset.assetUrl),
    CONCURRENCY,
    async (listing) => {
      const answer = await client.getAssetFiles(listing.tag);
      if (answer.ok) files.set(listing.tag, answer.value);
    },
  );
  return files;
}

function unknownProcess(snapshot: CatalogueSnapshot, code: string): string {
  const known = assetFacets(snapshot).processes.map((p) => `${p.value} (${processName(snapshot, p.value)})`);
  return `No design of this account is of process "${code}"; the processes are ${known.join(", ")}.`;
}

/**
 * Writes a reorder campaign workbook of the account's orderable designs that match the
 * options: the same workbook the page's Assets view downloads. Archived designs are never in it.
 */
export async function writeReorderSheet(
  vendor: VendorConnection,
  options: ReorderSheetOptions,
): Promise<ReorderSheetOutcome> {
  const progress = options.onProgress ?? (() => undefined);
  const catalogue = await loadCatalogueOf(vendor, options.onProgress);
  if (!catalogue.ok) return { ok: false, reason: "vendor", message: catalogue.message };
  const { snapshot } = catalogue;
  const listings = assetListings(snapshot);
  if (
    options.processCode &&
    !listings.some((l) => l.asset.processCode?.toLowerCase() === options.processCode?.toLowerCase())
  ) {
    return { ok: false, reason: "usage", message: unknownProcess(snapshot, options.processCode) };
  }
  const filter = {
    processCode: options.processCode,
    search: options.search,
    orderedSince: options.orderedSince,
    showArchived: false,
    showGlobal: options.includeGlobal,
  };
  const histories = new Map<string, AssetHistory | undefined>();
  let found = filterAssets(listings, filter, (tag) => histories.get(tag));
  if (found.awaitingHistory.length > 0) {
    await readHistories(vendor.client, found.awaitingHistory, histories, progress);
    // A design whose history could not be read is not known to have been ordered since.
    found = filterAssets(listings, filter, (tag) => histories.get(tag) ?? NOT_READ);
  }
  // The filter leaves archived designs out (they cannot be ordered).
  const chosen = found.matching;
  if (chosen.length === 0)
    return { ok: false, reason: "none", message: "No orderable design matches; nothing was written." };
  await readHistories(vendor.client, chosen, histories, progress);
  const files = await readFilesWhereNeeded(vendor.client, chosen);

  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const data = campaignSheetData({
    snapshot,
    listings: chosen,
    historyOf: (tag) => histories.get(tag),
    filesOf: (tag) => files.get(tag),
    today,
  });
  progress(`Writing ${countOf(data.rows.length, "design", "designs")} to ${options.outPath}`);
  await writeFile(options.outPath, await writeCampaignSheet(data));
  return {
    ok: true,
    report: {
      file: basename(options.outPath),
      connection: vendor.connection.name,
      account: { id: snapshot.account.id, name: snapshot.account.name, currency: snapshot.account.currency },
      tags: data.rows.map((row) => row.tag),
      historyUnread: chosen.filter((listing) => histories.get(listing.tag) === undefined).map((listing) => listing.tag),
    },
  };
}

export function reorderSheetText(report: ReorderSheetReport): string {
  const lines = [
    `Wrote a reorder campaign of ${countOf(report.tags.length, "design", "designs")} ` +
      `for ${report.account.name ?? report.connection} to ${report.file}.`,
  ];
  if (report.historyUnread.length > 0) {
    const n = report.historyUnread.length;
    lines.push(
      `The order history of ${countOf(n, "design", "designs")} could not be read ` +
        `(${report.historyUnread.join(", ")}): ${pluralise(n, "its", "their")} last order is left blank.`,
    );
  }
  lines.push(
    "Fill in a quantity, an order number and the delivery details on each row to order, " +
      "then import it (check or submit).",
  );
  return `${lines.join("\n")}\n`;
}
