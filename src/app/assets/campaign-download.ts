import type { CatalogueSnapshot } from "../../core/catalogue";
import { countOf, formatCount } from "../../core/plural";
import type { AssetListing } from "../../core/reorder/asset-catalogue";
import { campaignFileName, campaignSheetData } from "../../core/reorder/campaign-sheet-data";
import { saveFile } from "../save-file";
import type { ReorderServices } from "./reorder-services";

/** A sheet's last orders are always read again: jobs may have been made since they were shown. */
const SHEET_HISTORY_AGE_MS = 0;

export type CampaignDownload =
  | { readonly ok: true; readonly fileName: string; readonly designs: number }
  | { readonly ok: false; readonly message: string };

export interface CampaignOptions {
  /** Quantities to fill in, by tag upper-cased. */
  readonly quantities?: ReadonlyMap<string, number>;
  /** What it reorders, for the title and the file name ("job 12345"). */
  readonly source?: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (message: string) => void;
}

/**
 * Reads the designs' order histories (those not already known, a few at a time), writes the
 * campaign workbook in a sheet worker and offers it as a download. Archived designs are never in it.
 */
export async function downloadCampaign(
  services: ReorderServices,
  snapshot: CatalogueSnapshot,
  listings: readonly AssetListing[],
  options: CampaignOptions = {},
): Promise<CampaignDownload> {
  const orderable = listings.filter((listing) => !listing.isArchived);
  if (orderable.length === 0) return { ok: false, message: "Choose at least one asset that can be ordered." };
  const facts = services.facts();
  if (facts) {
    await facts.loadHistories(
      orderable.map((listing) => listing.tag),
      {
        signal: options.signal,
        maxAgeMs: SHEET_HISTORY_AGE_MS,
        onProgress: (done, total) =>
          options.onProgress?.(`Reading the last orders: ${formatCount(done)} of ${countOf(total, "asset", "assets")}`),
      },
    );
  }
  if (options.signal?.aborted) return { ok: false, message: "Stopped: no sheet was made." };
  options.onProgress?.("Writing the workbook");
  const today = services.today();
  const data = campaignSheetData({
    snapshot,
    listings: orderable,
    historyOf: (tag) => facts?.history(tag).value,
    filesOf: (tag) => facts?.files(tag).value,
    quantities: options.quantities,
    today,
    source: options.source,
  });
  try {
    const bytes = await services.writeCampaign(data);
    const fileName = campaignFileName(today, options.source);
    saveFile(bytes, fileName);
    return { ok: true, fileName, designs: data.rows.length };
  } catch (error) {
    console.error("Writing the campaign workbook failed", error);
    return {
      ok: false,
      message:
        "The workbook could not be written: something went wrong in this page while making it. " +
        "Try the download again; if it fails again, reload the page and try once more.",
    };
  }
}
