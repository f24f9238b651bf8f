import { describeCatalogueWait } from "../catalogue/describe-catalogue-wait";
import { loadCatalogue, type CatalogueLoadResult, type CatalogueWait } from "../catalogue/load-catalogue";
import type { VendorConnection } from "./vendor-connection";

/**
 * Loads the connection's catalogue as a command does, saying so first, then one line for each
 * part waiting to be tried again ("The vendor is busy; trying stock again in 4 s").
 */
export function loadCatalogueOf(
  vendor: VendorConnection,
  progress: ((message: string) => void) | undefined,
  signal?: AbortSignal,
): Promise<CatalogueLoadResult> {
  progress?.(`Loading the catalogue of ${vendor.connection.name}${vendor.simulated ? " (embedded simulator)" : ""}`);
  const told = new WeakSet<CatalogueWait>();
  return loadCatalogue(vendor.client, vendor.connection.name, {
    signal,
    sleep: vendor.sleep,
    onProgress: ({ waiting }) => {
      for (const wait of waiting) {
        if (told.has(wait)) continue;
        told.add(wait);
        progress?.(describeCatalogueWait(wait));
      }
    },
  });
}
