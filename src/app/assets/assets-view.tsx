import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { CatalogueSnapshot } from "../../core/catalogue";
import { countOf, formatCount } from "../../core/plural";
import {
  assetFacets,
  assetListings,
  filterAssets,
  type AssetFilter,
  type AssetListing,
} from "../../core/reorder/asset-catalogue";
import { LiveStatus } from "../live-status";
import { AssetCard } from "./asset-card";
import { AssetFilters } from "./asset-filters";
import { downloadCampaign } from "./campaign-download";
import type { ReorderServices } from "./reorder-services";
import { useFactsVersion } from "./use-asset-facts";
import "./assets.css";

/** Designs drawn at first, and added each time more are asked for. */
const PAGE = 30;
/** "Ordered since" reads the order history of at most this many designs at a time. */
const HISTORY_BATCH = 60;

interface Props {
  readonly services: ReorderServices;
  /** When the catalogue shown was read: a newer one (refreshed) is read again, the filter and choice kept. */
  readonly catalogueFetchedAt?: string | undefined;
}

type Message = { readonly tone: "info" | "error"; readonly text: string };

/** The account's assets (own and global), to filter, choose from and download as a reorder campaign sheet. */
export function AssetsView({ services, catalogueFetchedAt }: Props) {
  const [snapshot, setSnapshot] = useState<CatalogueSnapshot | null | undefined>(undefined);
  const [filter, setFilter] = useState<AssetFilter>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState(PAGE);
  const [busy, setBusy] = useState<string | undefined>();
  const [message, setMessage] = useState<Message | undefined>();
  const stopper = useRef<AbortController | undefined>(undefined);
  const facts = useMemo(() => services.facts(), [services]);
  const version = useFactsVersion(facts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the catalogue is refreshed
  useEffect(() => {
    void services.snapshot().then((loaded) => setSnapshot(loaded ?? null));
  }, [services, catalogueFetchedAt]);
  useEffect(() => () => stopper.current?.abort(), []);

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

  const changeFilter = (next: AssetFilter) => {
    setFilter(next);
    setShown(PAGE);
  };
  const toggle = (tag: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(tag);
    else next.delete(tag);
    setSelected(next);
  };

  async function download(): Promise<void> {
    if (!snapshot) return;
    // Archived designs are left out by downloadCampaign.
    const chosen = listings.filter((listing) => selected.has(listing.tag));
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

  if (snapshot === undefined)
    return (
      <section class="assets">
        <h2>Assets</h2>
        <p role="status">Waiting for your catalogue…</p>
      </section>
    );
  if (snapshot === null)
    return (
      <section class="assets">
        <h2>Assets</h2>
        <p role="alert" class="error">
          The catalogue is not loaded; refresh it and try again.
        </p>
      </section>
    );

  const hiddenSelected = [...selected].filter((tag) => !shownTags.has(tag)).length;
  return (
    <section class="assets" aria-labelledby="assets-heading" data-testid="assets">
      <h2 id="assets-heading">Assets</h2>
      <p class="hint">
        Your assets (the designs printed for you before) and the vendor's global ones, from your catalogue. Choose some
        and download a campaign sheet to send to clubs and customers; filled in, it comes back through the importer as
        it is.
      </p>
      <AssetFilters filter={filter} facets={facets} onChange={changeFilter} />
      <p role="status" data-testid="assets-count">
        {countOf(matching.length, "asset matches", "assets match")}
        {filter.orderedSince && awaitingHistory.length > 0
          ? `; the order history of ${countOf(awaitingHistory.length, "more asset", "more assets")} is not read yet`
          : ""}
        .
      </p>
      {filter.orderedSince && awaitingHistory.length > 0 && (
        <button type="button" class="small secondary" onClick={() => checkHistories(awaitingHistory)}>
          Check {formatCount(Math.min(HISTORY_BATCH, awaitingHistory.length))} more
        </button>
      )}
      <div class="asset-selection" role="group" aria-label="Chosen assets">
        <span data-testid="assets-selected">
          {countOf(selected.size, "asset", "assets")} chosen
          {hiddenSelected > 0 ? ` (${formatCount(hiddenSelected)} not shown by the filter)` : ""}
        </span>
        <button
          type="button"
          class="small secondary"
          disabled={orderable.length === 0}
          onClick={() => setSelected(new Set([...selected, ...orderable.map((l) => l.tag)]))}
        >
          Choose all {formatCount(orderable.length)} shown by the filter
        </button>
        <button
          type="button"
          class="small secondary"
          disabled={selected.size === 0}
          onClick={() => setSelected(new Set())}
        >
          Clear the choice
        </button>
        <button
          type="button"
          disabled={selected.size === 0 || busy !== undefined}
          onClick={() => void download()}
          data-testid="download-campaign"
        >
          Download campaign sheet
        </button>
        {busy && (
          <button type="button" class="small secondary" onClick={() => stopper.current?.abort()}>
            Stop
          </button>
        )}
      </div>
      <p data-testid="assets-busy">{busy ? `${busy}…` : ""}</p>
      {/* The campaign sheet being made, as it goes, then what was downloaded; a failure is said by its alert. */}
      <LiveStatus text={busy ? `${busy}…` : message?.tone === "info" ? message.text : ""} testId="assets-status" />
      {message && (
        <p
          role={message.tone === "error" ? "alert" : undefined}
          class={message.tone === "error" ? "error" : "notice"}
          data-testid="assets-message"
        >
          {message.text}
        </p>
      )}
      <ul class="asset-list" aria-label="Assets">
        {matching.slice(0, shown).map((listing) => (
          <AssetCard
            key={listing.tag}
            listing={listing}
            snapshot={snapshot}
            facts={facts}
            selected={selected.has(listing.tag)}
            onToggle={toggle}
            currency={services.currency}
            locale={services.locale}
          />
        ))}
      </ul>
      {matching.length > shown && (
        <button type="button" class="secondary" onClick={() => setShown(shown + PAGE)}>
          Show {formatCount(Math.min(PAGE, matching.length - shown))} more of{" "}
          {countOf(matching.length - shown, "asset", "assets")}
        </button>
      )}
    </section>
  );
}
