import { describeCatalogueWaits } from "../../catalogue/describe-catalogue-wait";
import { countOf, formatCount } from "../../core/plural";
import { formatInstant } from "../tracking/tracked-jobs";
import type { Connected } from "../workflow/import-workflow";
import { LiveStatus } from "../live-status";

interface Props {
  readonly connected: Connected;
  readonly onRefresh: () => void;
}

/** The account and its catalogue: currency, when it was fetched and what it holds. */
export function CataloguePanel({ connected, onRefresh }: Props) {
  const { account, connection, catalogue } = connected;
  const loading =
    catalogue.state === "loading"
      ? `Loading your catalogue${
          catalogue.progress
            ? `: ${catalogue.progress.part} (${catalogue.progress.partsDone} of ${catalogue.progress.partsTotal})` +
              `${catalogue.progress.records ? `, ${countOf(catalogue.progress.records, "record", "records")}` : ""}`
            : ""
        }…`
      : undefined;
  const waits =
    catalogue.state === "loading" && catalogue.progress && catalogue.progress.waiting.length > 0
      ? describeCatalogueWaits(catalogue.progress.waiting)
      : undefined;
  return (
    <div class="account" data-testid="account">
      <div>
        {account.name} · {account.currency} · {connection.region}
      </div>
      <div class="catalogue" data-testid="catalogue">
        {loading && (
          <span>
            {loading}
            {waits && <span data-testid="catalogue-waiting"> {waits}</span>}
          </span>
        )}
        {catalogue.state === "ready" && (
          <span>
            Catalogue from {formatInstant(catalogue.fetchedAt)}:{" "}
            {countOf(catalogue.counts.priceCodes, "price code", "price codes")},{" "}
            {countOf(catalogue.counts.assets, "asset", "assets")} ({formatCount(catalogue.counts.archivedAssets)}{" "}
            archived) and {formatCount(catalogue.counts.globalAssets)} global,{" "}
            {countOf(catalogue.counts.stockItems, "stock item", "stock items")}.{" "}
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
      {/* Loading as it goes, and once it is loaded; a failure is said by the alert above. */}
      <LiveStatus
        text={
          loading
            ? `${loading}${waits ? ` ${waits}` : ""}`
            : catalogue.state === "ready"
              ? `Your catalogue is loaded: ${countOf(catalogue.counts.priceCodes, "price code", "price codes")}.`
              : ""
        }
        testId="catalogue-status"
      />
    </div>
  );
}
