import { useEffect } from "preact/hooks";
import type { CatalogueSnapshot } from "../../core/catalogue";
import { formatMoney } from "../../core/estimate";
import { minimumQuantity, processName, type AssetListing } from "../../core/reorder/asset-catalogue";
import { formatDay } from "../tracking/tracked-jobs";
import type { AssetFacts } from "./asset-facts";
import { lastOrderText } from "./asset-text";
import { AssetThumbnail } from "./asset-thumbnail";
import { PriceBands } from "./price-bands";
import { useSeen } from "./use-asset-facts";

interface Props {
  readonly listing: AssetListing;
  readonly snapshot: CatalogueSnapshot;
  readonly facts: AssetFacts | undefined;
  readonly selected: boolean;
  readonly onToggle: (tag: string, selected: boolean) => void;
  readonly currency: string;
  readonly locale: string;
}

/**
 * One design: its picture, what it is, its last order, minimum and price per band; a checkbox to put it in a campaign.
 */
export function AssetCard({ listing, snapshot, facts, selected, onToggle, currency, locale }: Props) {
  const { asset, tag, isArchived, isGlobal } = listing;
  const [ref, seen] = useSeen<HTMLLIElement>();
  useEffect(() => {
    if (seen) facts?.wantHistory(tag);
  }, [seen, facts, tag]);
  const name = asset.description || tag;
  const id = `asset-${tag}`;
  const minimum = minimumQuantity(asset);
  const money = (amount: number) => formatMoney(amount, currency, locale);
  return (
    <li
      ref={ref}
      class={`asset-card${isArchived ? " archived" : ""}${selected ? " selected" : ""}`}
      data-testid={`asset-${tag}`}
    >
      <div class="asset-pick">
        <input
          type="checkbox"
          id={id}
          checked={selected && !isArchived}
          disabled={isArchived}
          onChange={(event) => onToggle(tag, event.currentTarget.checked)}
          aria-describedby={`${id}-facts`}
        />
        <label for={id}>
          <AssetThumbnail facts={facts} tag={tag} name={name} load={seen} />
          <span class="asset-name">
            <strong>{tag}</strong> {name !== tag ? name : ""}
          </span>
        </label>
      </div>
      {(isGlobal || isArchived) && (
        <p class="asset-badges">
          {isGlobal && <span class="badge">Global asset</span>}
          {isArchived && <span class="badge archived">Archived: cannot be ordered</span>}
        </p>
      )}
      <dl class="asset-facts" id={`${id}-facts`}>
        <dt>Process</dt>
        <dd>{processName(snapshot, asset.processCode) || "Not given"}</dd>
        <dt>Garment</dt>
        <dd>{asset.garment || "Not given"}</dd>
        <dt>Made</dt>
        <dd>{formatDay(asset.createDate, locale)}</dd>
        <dt>Last ordered</dt>
        <dd data-testid="asset-last-order">{facts ? lastOrderText(facts.history(tag), locale) : "Not read yet"}</dd>
        <dt>Minimum</dt>
        <dd>{minimum === undefined ? "Not given" : minimum}</dd>
        <dt>Price per unit</dt>
        <dd>
          <PriceBands bands={asset.priceBands} money={money} />
        </dd>
        <dt>Reset charge</dt>
        <dd>{money(asset.reset)} each time it is run</dd>
      </dl>
    </li>
  );
}
