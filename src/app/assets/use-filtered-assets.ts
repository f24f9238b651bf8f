import { useEffect, useMemo, useRef } from "preact/hooks";
import type { CatalogueSnapshot } from "../../core/catalogue";
import {
  assetFacets,
  assetListings,
  filterAssets,
  type AssetFilter,
  type AssetListing,
} from "../../core/reorder/asset-catalogue";
import type { AssetFacts } from "./asset-facts";
import { useFactsVersion } from "./use-asset-facts";

/** "Ordered since" reads the order history of at most this many designs at a time. */
export const HISTORY_BATCH = 60;

/**
 * The catalogue's designs, the facets to filter them by, and those the filter keeps. "Ordered
 * since" needs the designs' order histories: a new filter or catalogue reads a batch of those
 * not read yet, and `checkHistories` reads another.
 */
export function useFilteredAssets(
  snapshot: CatalogueSnapshot | null | undefined,
  filter: AssetFilter,
  facts: AssetFacts | undefined,
) {
  const version = useFactsVersion(facts);
  const listings = useMemo(() => (snapshot ? assetListings(snapshot) : []), [snapshot]);
  const facets = useMemo(
    () => (snapshot ? assetFacets(snapshot, listings) : { processes: [], garments: [] }),
    [snapshot, listings],
  );
  // Filtered again only when the listings or the filter change, or, for "ordered since" (the one
  // part that reads the order histories), when the facts read more of them.
  const historyVersion = filter.orderedSince ? version : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filtered again as more histories arrive
  const { matching, awaitingHistory, orderable, shownTags } = useMemo(() => {
    const filtered = filterAssets(listings, filter, (tag) => facts?.knownHistory(tag));
    return {
      ...filtered,
      orderable: filtered.matching.filter((listing) => !listing.isArchived),
      shownTags: new Set(filtered.matching.map((listing) => listing.tag)),
    };
  }, [listings, filter, facts, historyVersion]);

  /** Reads the order histories "ordered since" needs, a batch at a time. */
  const checkHistories = (waiting: readonly AssetListing[]) => {
    const batch = waiting.slice(0, HISTORY_BATCH).map((listing) => listing.tag);
    if (facts && batch.length > 0) void facts.loadHistories(batch);
  };
  // The designs still waiting for their history as the page now shows them, for the batch a new filter starts.
  const waiting = useRef({ awaitingHistory, checkHistories });
  waiting.current = { awaitingHistory, checkHistories };
  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters start a batch of histories
  useEffect(() => {
    if (filter.orderedSince) waiting.current.checkHistories(waiting.current.awaitingHistory);
  }, [
    filter.orderedSince,
    filter.processCode,
    filter.garment,
    filter.search,
    filter.createdFrom,
    filter.createdTo,
    snapshot,
  ]);

  return { listings, facets, matching, awaitingHistory, orderable, shownTags, checkHistories };
}
