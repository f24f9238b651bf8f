import { isFetchableLink } from "../core/artwork/artwork-check";
import type { EngineSession } from "./engine-session";
import type { VendorGateway } from "./vendor-gateway";

/** Links asked about at once: the proxy's artwork check takes this many in one request. */
const LINKS_PER_ASK = 20;

/** The rows holding each artwork link worth fetching: an http(s) address that is not a share page, not yet checked. */
function linksToCheck(session: EngineSession): Map<string, number[]> {
  const links = new Map<string, number[]>();
  for (let i = 0; i < session.rows.count; i++) {
    const link = session.index.valuesAt(i)?.artworkUrl?.trim();
    if (!link || !isFetchableLink(link) || session.live.facts.artwork.has(link)) continue;
    const rows = links.get(link);
    if (rows) rows.push(i);
    else links.set(link, [i]);
  }
  return links;
}

/**
 * Checking the sheet's artwork links, each distinct link once, a batch at a time: what each was found to be lands on
 * its rows as it comes (their rows and orders are resolved again). `stop` ends it after the batch in flight.
 */
export function createArtworkChecks(gateway: VendorGateway) {
  let stopped = false;
  return {
    /** Checks every link not checked yet (none where the gateway checks none: --skip-artwork-check). */
    async run(session: EngineSession, onProgress?: (done: number, total: number) => void): Promise<void> {
      const check = gateway.checkArtwork?.bind(gateway);
      stopped = false;
      const links = linksToCheck(session);
      if (!check || links.size === 0) return;
      const all = [...links.keys()];
      onProgress?.(0, all.length);
      for (let at = 0; at < all.length && !stopped; at += LINKS_PER_ASK) {
        const batch = all.slice(at, at + LINKS_PER_ASK);
        session.live.recordArtwork(await check(batch));
        session.index.refresh(batch.flatMap((link) => links.get(link) ?? []));
        session.filters.invalidate();
        onProgress?.(Math.min(all.length, at + batch.length), all.length);
      }
    },

    stop(): void {
      stopped = true;
    },
  };
}

export type ArtworkChecks = ReturnType<typeof createArtworkChecks>;
