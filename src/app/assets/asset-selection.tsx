import { countOf, formatCount } from "../../core/plural";
import type { AssetListing } from "../../core/reorder/asset-catalogue";

interface Props {
  readonly selected: ReadonlySet<string>;
  /** The tags of the designs the filter shows, and those of them that can be ordered. */
  readonly shownTags: ReadonlySet<string>;
  readonly orderable: readonly AssetListing[];
  /** What the campaign sheet being made is doing; undefined when none is. */
  readonly busy: string | undefined;
  readonly onSelect: (selected: ReadonlySet<string>) => void;
  readonly onDownload: () => void;
  readonly onStop: () => void;
}

/** The designs chosen, to choose more or none of, and to download as a campaign sheet. */
export function AssetSelection({ selected, shownTags, orderable, busy, onSelect, onDownload, onStop }: Props) {
  const hiddenSelected = [...selected].filter((tag) => !shownTags.has(tag)).length;
  return (
    <div class="asset-selection" role="group" aria-label="Chosen assets">
      <span data-testid="assets-selected">
        {countOf(selected.size, "asset", "assets")} chosen
        {hiddenSelected > 0 ? ` (${formatCount(hiddenSelected)} not shown by the filter)` : ""}
      </span>
      <button
        type="button"
        class="small secondary"
        disabled={orderable.length === 0}
        onClick={() => onSelect(new Set([...selected, ...orderable.map((l) => l.tag)]))}
      >
        Choose all {formatCount(orderable.length)} shown by the filter
      </button>
      <button type="button" class="small secondary" disabled={selected.size === 0} onClick={() => onSelect(new Set())}>
        Clear the choice
      </button>
      <button
        type="button"
        disabled={selected.size === 0 || busy !== undefined}
        onClick={onDownload}
        data-testid="download-campaign"
      >
        Download campaign sheet
      </button>
      {busy && (
        <button type="button" class="small secondary" onClick={onStop}>
          Stop
        </button>
      )}
    </div>
  );
}
