import { countOf } from "../../core/plural";
import type { AssetHistory } from "../../core/reorder/asset-catalogue";
import { formatDay } from "../tracking/tracked-jobs";
import type { Fact } from "./asset-facts";

/** A design's last order in the user's words: when, how many and in which job; or why it is not known. */
export function lastOrderText(fact: Fact<AssetHistory>, locale: string | undefined): string {
  const history = fact.value;
  if (history === undefined) {
    if (fact.failed) return "Could not be read just now";
    return fact.loading ? "Reading…" : "Not read yet";
  }
  const last = history.lastOrder;
  if (last === undefined) return "Never ordered";
  const quantity = last.quantity === undefined ? "" : `${countOf(last.quantity, "unit", "units")}, `;
  const po = last.orderNumber ? ` (order ${last.orderNumber})` : "";
  return last.date
    ? `${formatDay(last.date, locale)}: ${quantity}job ${last.jobNumber}${po}`
    : `In progress: ${quantity}job ${last.jobNumber}${po}`;
}
