import { createContext } from "preact";
import type { CatalogueSnapshot } from "../../core/catalogue";
import type { CampaignSheetData } from "../../core/reorder/campaign-sheet-data";
import { navigatorLocale, type ImportWorkflow } from "../workflow/import-workflow";
import type { SheetWorkerClient } from "../sheet-worker-client";
import { assetFactsFor, type AssetFacts } from "./asset-facts";

/** What the Assets view, the row panel's design and "Order these again" need from the page. */
export interface ReorderServices {
  readonly currency: string;
  readonly locale: string;
  /** The account's catalogue snapshot (its designs, lookups and processes). */
  snapshot(): Promise<CatalogueSnapshot | undefined>;
  /** The account's designs' files and order histories, read lazily and kept in memory. */
  facts(): AssetFacts | undefined;
  /** Reads the catalogue again (designs made since it was read). */
  refreshCatalogue(): Promise<void>;
  /** Writes a campaign workbook in the sheet worker. */
  writeCampaign(data: CampaignSheetData): Promise<Uint8Array>;
  /** Today in the user's zone (YYYY-MM-DD). */
  today(): string;
}

/** The connected account's services, provided once by the page for every view that needs them. */
export const ReorderContext = createContext<ReorderServices | undefined>(undefined);

/** A day in the user's zone (YYYY-MM-DD). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The account connected: its connection, its id at the vendor, and its money. */
export interface ReorderAccount {
  readonly connection: string;
  readonly accountId: number;
  readonly currency: string;
}

/**
 * The services for the connected account, over the import workflow; campaign workbooks are written by the page's sheet
 * worker.
 */
export function reorderServices(
  workflow: Pick<ImportWorkflow, "catalogueSnapshot" | "vendorClient" | "refreshCatalogue">,
  { connection, accountId, currency }: ReorderAccount,
  sheets: Pick<SheetWorkerClient, "writeCampaignSheet">,
): ReorderServices {
  return {
    currency,
    locale: navigatorLocale(),
    snapshot: () => workflow.catalogueSnapshot(),
    facts: () => {
      const client = workflow.vendorClient();
      return client ? assetFactsFor(connection, accountId, client) : undefined;
    },
    refreshCatalogue: () => workflow.refreshCatalogue(),
    writeCampaign: (data) => sheets.writeCampaignSheet(data),
    today: () => localDay(new Date()),
  };
}
