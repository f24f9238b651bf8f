import { useEffect, useMemo, useState } from "preact/hooks";
import type { CatalogueSnapshot } from "../../core/catalogue";
import { countOf, formatCount } from "../../core/plural";
import type { AssetFilter } from "../../core/reorder/asset-catalogue";
import { LiveStatus } from "../live-status";
import { AssetCard } from "./asset-card";
import { AssetFilters } from "./asset-filters";
import { AssetSelection } from "./asset-selection";
import type { ReorderServices } from "./reorder-services";
import { type CampaignMessage, useCampaignDownload } from "./use-campaign-download";
import { HISTORY_BATCH, useFilteredAssets } from "./use-filtered-assets";
import "./assets.css";

/** Designs drawn at first, and added each time more are asked for. */
const PAGE = 30;

interface Props {
  readonly services: ReorderServices;
  /** When the catalogue shown was read: a newer one (refreshed) is read again, the filter and choice kept. */
  readonly catalogueFetchedAt?: string | undefined;
}

interface CampaignStatusProps {
  readonly busy: string | undefined;
  readonly message: CampaignMessage | undefined;
}

/** The campaign sheet being made, as it goes, then what was downloaded; a failure is said by its alert. */
function CampaignStatus({ busy, message }: CampaignStatusProps) {
  return (
    <>
      <p data-testid="assets-busy">{busy ? `${busy}…` : ""}</p>
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
    </>
  );
}

/** The account's assets (own and global), to filter, choose from and download as a reorder campaign sheet. */
export function AssetsView({ services, catalogueFetchedAt }: Props) {
  const [snapshot, setSnapshot] = useState<CatalogueSnapshot | null | undefined>(undefined);
  const [filter, setFilter] = useState<AssetFilter>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState(PAGE);
  const facts = useMemo(() => services.facts(), [services]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the catalogue is refreshed
  useEffect(() => {
    void services.snapshot().then((loaded) => setSnapshot(loaded ?? null));
  }, [services, catalogueFetchedAt]);
  const { busy, message, download, stop } = useCampaignDownload(services);
  const { listings, facets, matching, awaitingHistory, orderable, shownTags, checkHistories } = useFilteredAssets(
    snapshot,
    filter,
    facts,
  );

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

  const downloadChosen = () => {
    // Archived designs are left out by downloadCampaign.
    const chosen = listings.filter((listing) => selected.has(listing.tag));
    void download(snapshot, chosen);
  };
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
      <AssetSelection
        selected={selected}
        shownTags={shownTags}
        orderable={orderable}
        busy={busy}
        onSelect={setSelected}
        onDownload={downloadChosen}
        onStop={stop}
      />
      <CampaignStatus busy={busy} message={message} />
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
