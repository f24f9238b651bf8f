import { useContext, useState } from "preact/hooks";
import { countOf, pluralise } from "../../core/plural";
import { reorderOfJob, tagsMissingFrom, type JobReorder } from "../../core/reorder/reorder-from-job";
import type { JobDetail } from "../tracking/tracked-jobs";
import { LiveStatus } from "../live-status";
import { downloadCampaign } from "./campaign-download";
import { ReorderContext } from "./reorder-services";
import "./assets.css";

type Message = { readonly tone: "info" | "error"; readonly text: string };

/** What was changed or left out of the sheet, in the user's words. */
function notesOf(reorder: JobReorder): string {
  const notes: string[] = [];
  for (const { from, to } of reorder.replaced)
    notes.push(`${from} is archived: its newest version ${to} is in the sheet instead.`);
  const archived = reorder.leftOut.filter((l) => l.reason === "archived").map((l) => l.line.assetSku);
  if (archived.length > 0)
    notes.push(
      `${archived.join(", ")} ${pluralise(archived.length, "is", "are")} archived and cannot be ordered again.`,
    );
  const others = reorder.leftOut.filter((l) => l.reason !== "archived").length;
  if (others > 0)
    notes.push(
      `${countOf(others, "line is", "lines are")} not an asset of yours (stocked garments, say) ` +
        `and ${pluralise(others, "is", "are")} left out.`,
    );
  return notes.join(" ");
}

/**
 * "Order these again" on a submitted job: a campaign sheet of the job's designs with its
 * quantities (price-code lines became designs: their new tags come from the job's lines).
 */
export function OrderAgain({ job }: { readonly job: JobDetail }) {
  const services = useContext(ReorderContext);
  const [busy, setBusy] = useState<string | undefined>();
  const [message, setMessage] = useState<Message | undefined>();
  if (!services || !job.lines.some((line) => line.assetSku.trim() !== "")) return null;

  async function orderAgain(): Promise<void> {
    if (!services) return;
    setMessage(undefined);
    setBusy("Getting the assets ready");
    try {
      const lines = job.lines.map((line) => ({ assetSku: line.assetSku, quantity: line.quantity }));
      let snapshot = await services.snapshot();
      if (snapshot && tagsMissingFrom(lines, snapshot).length > 0) {
        // The job made designs since the catalogue was read: read it again to know them.
        setBusy("Reading your catalogue again for the assets this job made");
        await services.refreshCatalogue();
        snapshot = await services.snapshot();
      }
      if (!snapshot)
        return setMessage({ tone: "error", text: "The catalogue is not loaded; refresh it and try again." });
      const reorder = reorderOfJob(lines, snapshot);
      if (reorder.listings.length === 0)
        return setMessage({
          tone: "error",
          text: `None of job ${job.jobNumber}'s lines can be ordered again. ${notesOf(reorder)}`.trim(),
        });
      const result = await downloadCampaign(services, snapshot, reorder.listings, {
        quantities: reorder.quantities,
        source: `job ${job.jobNumber}`,
        onProgress: setBusy,
      });
      setMessage(
        result.ok
          ? {
              tone: "info",
              text: (
                `Downloaded ${result.fileName}: ${countOf(result.designs, "asset", "assets")} with ` +
                `job ${job.jobNumber}'s quantities. Add an order number and the delivery details, ` +
                `then import it. ${notesOf(reorder)}`
              ).trim(),
            }
          : { tone: "error", text: result.message },
      );
    } finally {
      setBusy(undefined);
    }
  }

  const status = busy ? `${busy}…` : message?.tone === "info" ? message.text : "";
  return (
    <div class="order-again">
      <button
        type="button"
        class="secondary"
        disabled={busy !== undefined}
        onClick={() => void orderAgain()}
        data-testid="order-again"
      >
        Order these again
      </button>
      <p class="hint" data-testid="order-again-status">
        {status}
      </p>
      <LiveStatus text={status} />
      {message?.tone === "error" && (
        <p role="alert" class="error">
          {message.text}
        </p>
      )}
    </div>
  );
}
