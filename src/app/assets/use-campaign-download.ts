import { useEffect, useRef, useState } from "preact/hooks";
import type { CatalogueSnapshot } from "../../core/catalogue";
import { countOf } from "../../core/plural";
import type { AssetListing } from "../../core/reorder/asset-catalogue";
import { downloadCampaign } from "./campaign-download";
import type { ReorderServices } from "./reorder-services";

/** What came of a download: `info` goes to a status region, `error` to an alert. */
export type CampaignMessage = { readonly tone: "info" | "error"; readonly text: string };

/**
 * Making and downloading a campaign sheet: what it is doing as it goes (`busy`), what came of
 * it (`message`), and stopping it. A sheet still being made when the page goes is stopped.
 */
export function useCampaignDownload(services: ReorderServices) {
  const [busy, setBusy] = useState<string | undefined>();
  const [message, setMessage] = useState<CampaignMessage | undefined>();
  const stopper = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => stopper.current?.abort(), []);

  async function download(snapshot: CatalogueSnapshot, chosen: readonly AssetListing[]): Promise<void> {
    const controller = new AbortController();
    stopper.current = controller;
    setMessage(undefined);
    setBusy("Getting the assets ready");
    const result = await downloadCampaign(services, snapshot, chosen, {
      signal: controller.signal,
      onProgress: setBusy,
    });
    stopper.current = undefined;
    setBusy(undefined);
    setMessage(
      result.ok
        ? {
            tone: "info",
            text:
              `Downloaded ${result.fileName}: ${countOf(result.designs, "asset", "assets")}. ` +
              "Send it to your customers, or fill in a quantity, an order number and the delivery details on each " +
              "row to order, then import it here.",
          }
        : { tone: "error", text: result.message },
    );
  }

  return { busy, message, download, stop: () => stopper.current?.abort() };
}
