import { useContext, useEffect, useMemo } from "preact/hooks";
import type { CatalogueSnapshot } from "../../core/catalogue";
import { formatMoney } from "../../core/estimate";
import { cellText } from "../../core/sheet-model";
import { findListing, minimumQuantity, processName } from "../../core/reorder/asset-catalogue";
import type { RowView } from "../../engine/views";
import type { ImportWorkflow } from "../workflow/import-workflow";
import { lastOrderText } from "./asset-text";
import { AssetThumbnail } from "./asset-thumbnail";
import { PriceBands } from "./price-bands";
import { ReorderContext, type ReorderServices } from "./reorder-services";
import { useFactsVersion } from "./use-asset-facts";
import "./assets.css";

interface Props {
  readonly row: RowView;
  readonly workflow: ImportWorkflow;
  /** The review's catalogue snapshot; undefined until it is read. */
  readonly snapshot: CatalogueSnapshot | undefined;
}

/** The tag in an asset row's code cell, read through the review's mapping. */
function tagOf(row: RowView, workflow: ImportWorkflow): string | undefined {
  const state = workflow.getState();
  if (state.step !== "review" || row.itemType !== "Asset") return undefined;
  const code = state.review.mapping.columns.find((c) => c.target?.kind === "field" && c.target.field === "code");
  const tag = code === undefined ? "" : cellText(row.cells[code.column] ?? null);
  return tag === "" ? undefined : tag;
}

/** An asset row's design beside the grid: its picture, what it is, its prices and its last order. */
export function AssetRowSection({ row, workflow, snapshot }: Props) {
  const tag = tagOf(row, workflow);
  const services = useContext(ReorderContext);
  if (tag === undefined || services === undefined) return null;
  return <AssetDesign key={tag} tag={tag} services={services} snapshot={snapshot} />;
}

function AssetDesign({
  tag,
  services,
  snapshot,
}: {
  readonly tag: string;
  readonly services: ReorderServices;
  readonly snapshot: CatalogueSnapshot | undefined;
}) {
  const facts = useMemo(() => services.facts(), [services]);
  useFactsVersion(facts);
  const listing = snapshot ? findListing(snapshot, tag) : undefined;
  useEffect(() => {
    if (listing) facts?.wantHistory(listing.tag);
  }, [listing, facts]);
  if (!snapshot || !listing) return null;
  const { asset } = listing;
  const name = asset.description || listing.tag;
  const money = (amount: number) => formatMoney(amount, services.currency, services.locale);
  const minimum = minimumQuantity(asset);
  return (
    <div class="asset-design" data-testid="row-design">
      <AssetThumbnail facts={facts} tag={listing.tag} name={name} load={true} />
      <dl class="asset-facts">
        <dt>Design</dt>
        <dd>
          {name}
          {listing.isArchived && (
            <>
              {" "}
              <span class="badge archived">Archived</span>
            </>
          )}
        </dd>
        <dt>Process</dt>
        <dd>{processName(snapshot, asset.processCode) || "Not given"}</dd>
        <dt>Last order</dt>
        <dd data-testid="row-design-last-order">
          {facts ? lastOrderText(facts.history(listing.tag), services.locale) : "Not read yet"}
        </dd>
        {minimum !== undefined && (
          <>
            <dt>Minimum</dt>
            <dd>{minimum}</dd>
          </>
        )}
        <dt>Price per unit</dt>
        <dd>
          <PriceBands bands={asset.priceBands} money={money} />
        </dd>
      </dl>
    </div>
  );
}
