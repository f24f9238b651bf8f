import type { ExistingOrder } from "../core/batch-plan";
import { makeIssue, type Issue } from "../core/issues";
import { jobNumbersText } from "../core/journal";

/**
 * Which checked orders already exist at the vendor (looked up after their dry run), each
 * with the issue that says so on the order's first row; and the orders the user chose to
 * send anyway beside a job the vendor has under their number. A mark lasts until its order
 * changes; the choice to send anyway lasts for the session.
 */
export function createOrdersAtVendor(onIssue: (before: Issue | undefined, after: Issue | undefined) => void) {
  const marks = new Map<string, { readonly existing: ExistingOrder; readonly issue: Issue }>();
  const lookedUp = new Set<string>();
  const sendAnyway = new Set<string>();

  function set(orderNumber: string, existing: ExistingOrder | undefined): void {
    const before = marks.get(orderNumber)?.issue;
    if (existing) {
      const issue = makeIssue(
        "ORDER_AT_VENDOR",
        { rowNumber: null, orderNumber, field: "orderNumber" },
        describe(existing, sendAnyway.has(orderNumber)),
      );
      marks.set(orderNumber, { existing, issue });
      onIssue(before, issue);
    } else if (before) {
      marks.delete(orderNumber);
      onIssue(before, undefined);
    }
  }

  return {
    /** The orders looked up and what was found for each; an order looked up and not found is unmarked. */
    record(lookedUpNow: readonly string[], found: ReadonlyMap<string, ExistingOrder>): void {
      for (const orderNumber of lookedUpNow) {
        lookedUp.add(orderNumber);
        set(orderNumber, found.get(orderNumber));
      }
    },
    /** The order changed (an edit): what was found for it no longer holds until it is looked up again. */
    forget(orderNumber: string): void {
      lookedUp.delete(orderNumber);
      set(orderNumber, undefined);
    },
    isLookedUp: (orderNumber: string) => lookedUp.has(orderNumber),
    existing: (orderNumber: string): ExistingOrder | undefined => marks.get(orderNumber)?.existing,
    issue: (orderNumber: string): Issue | undefined => marks.get(orderNumber)?.issue,
    /**
     * Whether the order is held back: it exists, and the user has not chosen to send it anyway (never for a job made
     * here).
     */
    holdsBack(orderNumber: string): boolean {
      const mark = marks.get(orderNumber);
      return mark !== undefined && (mark.existing.kind === "earlier" || !sendAnyway.has(orderNumber));
    },
    /** Jobs the user chose to send the order beside, when they did. */
    allowed(orderNumber: string): readonly number[] | undefined {
      const mark = marks.get(orderNumber);
      return mark?.existing.kind === "vendor" && sendAnyway.has(orderNumber) ? mark.existing.jobNumbers : undefined;
    },
    setSendAnyway(orderNumber: string, yes: boolean): void {
      if (yes) sendAnyway.add(orderNumber);
      else sendAnyway.delete(orderNumber);
      const mark = marks.get(orderNumber);
      if (mark) set(orderNumber, mark.existing);
    },
  };
}

export type OrdersAtVendor = ReturnType<typeof createOrdersAtVendor>;

function describe(existing: ExistingOrder, sendingAnyway: boolean): string {
  if (existing.kind === "earlier") {
    const { job } = existing;
    const renamed = job.orderNumberNow === undefined ? "" : `; its PO number is now ${job.orderNumberNow}`;
    return (
      `Already created by an earlier import as job ${job.jobNumber} (${job.createdAt.slice(0, 10)})${renamed}. ` +
      "It is left out of this submission."
    );
  }
  const jobs = jobNumbersText(existing.jobNumbers);
  return sendingAnyway
    ? `The vendor already has ${jobs} under this order number; ` +
        "you chose to send it anyway, so another job will be created."
    : `The vendor already has ${jobs} under this order number. ` +
        "It is left out of this submission unless you send it anyway.";
}
