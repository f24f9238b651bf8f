import type { VendorClient } from "../api";
import { advance, type JournalStore } from "../core/journal";
import { plainProblemText } from "../core/problem-text";

/**
 * Cancels one job of a possible duplicate, as the user chose on the results: the order's own job (then written down as
 * cancelled in favour of the other) or the other one. Answers what came of it in the user's words.
 */
export async function cancelDuplicateJob(
  deps: { readonly journal: JournalStore; readonly client: VendorClient; readonly now: () => Date },
  batchId: string,
  orderNumber: string,
  jobNumber: number,
): Promise<{ readonly ok: boolean; readonly message: string }> {
  const { journal, client, now } = deps;
  const order = (await journal.ordersOf(batchId)).find((o) => o.orderNumber === orderNumber);
  if (!order || order.jobNumber === undefined)
    return { ok: false, message: "That order is no longer in this browser's journal." };
  const answer = await client.cancelJob(jobNumber);
  if (!answer.ok) {
    const why =
      answer.problem.status === 409
        ? "it is already in production; contact the vendor if it must be stopped"
        : plainProblemText(answer.problem);
    return { ok: false, message: `Job ${jobNumber} was not cancelled: ${why}.` };
  }
  const others = (order.duplicateJobNumbers ?? []).filter((n) => n !== jobNumber);
  const ours = jobNumber === order.jobNumber;
  const kept = ours ? others[0] : undefined;
  const updated = ours
    ? advance(order, "cancelled", now(), `cancelled job ${jobNumber} at the user's request, as a duplicate`, {
        duplicateJobNumbers: others,
        ...(kept !== undefined ? { duplicateOf: kept } : {}),
      })
    : advance(
        order,
        "created",
        now(),
        `cancelled job ${jobNumber}, made elsewhere for this order, at the user's request`,
        { duplicateJobNumbers: others },
      );
  await journal.putOrders([updated]);
  return { ok: true, message: `Job ${jobNumber} was cancelled.` };
}
