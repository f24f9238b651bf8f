import { describeCatalogueWaits } from "../../catalogue/describe-catalogue-wait";
import { countOf, formatCount } from "../../core/plural";
import { formatInstant } from "../tracking/tracked-jobs";
import type { Connected } from "../import-workflow";

interface Props {
  readonly connected: Connected;
  readonly onRefresh: () => void;
}

/** The account and its catalogue: currency, when it was fetched and what it holds. */
export function CataloguePanel({ connected, onRefresh }: Props) {
  const { account, connection, catalogue } = connected;
  return (
    <div class="account" data-testid="account">
      <div>
        {account.name} · {account.currency} · {connection.region}
      </div>
      <div class="catalogue" data-testid="catalogue">
        {catalogue.state === "loading" && (
          <span role="status">
            Loading your catalogue{catalogue.progress ? `: ${catalogue.progress.part} (${catalogue.progress.partsDone} of ${catalogue.progress.partsTotal})${catalogue.progress.records ? `, ${countOf(catalogue.progress.records, "record", "records")}` : ""}` : ""}…
            {catalogue.progress && catalogue.progress.waiting.length > 0 && <span data-testid="catalogue-waiting"> {describeCatalogueWaits(catalogue.progress.waiting)}</span>}
          </span>
        )}
        {catalogue.state === "ready" && (
          <span>
            Catalogue from {formatInstant(catalogue.fetchedAt)}: {countOf(catalogue.counts.priceCodes, "price code", "price codes")}, {countOf(catalogue.counts.assets, "asset", "assets")} ({formatCount(catalogue.counts.archivedAssets)} archived) and {formatCount(catalogue.counts.globalAssets)} global, {countOf(catalogue.counts.stockItems, "stock item", "stock items")}.{" "}
            <button type="button" class="link" onClick={onRefresh}>
              Refresh
            </button>
          </span>
        )}
        {catalogue.state === "failed" && (
          <span role="alert" class="error">
            {catalogue.message}{" "}
            <button type="button" class="link" onClick={onRefresh}>
              Try again
            </button>
          </span>
        )}
      </div>
    </div>
  );
}
