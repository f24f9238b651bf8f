import { describeCounts } from "../../core/journal";
import type { BatchSummary } from "../../submit/submit-api";

interface Props {
  readonly batches: readonly BatchSummary[];
  readonly onResume: (batchId: string) => void;
  readonly onShow: (batchId: string) => void;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Submissions left unfinished (a reload, a crash, a stop), offered again. */
export function UnfinishedBatches({ batches, onResume, onShow }: Props) {
  return (
    <section class="notice" data-testid="unfinished">
      <h2>{batches.length === 1 ? "An import is unfinished" : `${batches.length} imports are unfinished`}</h2>
      <ul>
        {batches.map(({ batch, counts, busyElsewhere }) => (
          <li key={batch.id} data-testid={`unfinished-${batch.id}`}>
            {batch.fileName} ({batch.sheetName}), started {when(batch.createdAt)}: {describeCounts(counts)}.{" "}
            {busyElsewhere ? (
              <strong role="status">It is being submitted in another tab or window right now.</strong>
            ) : (
              <button type="button" class="small" onClick={() => onResume(batch.id)}>
                Continue it
              </button>
            )}{" "}
            <button type="button" class="small secondary" onClick={() => onShow(batch.id)}>
              See its results
            </button>
          </li>
        ))}
      </ul>
      <p class="hint">Continuing first looks up, at the vendor, any order that got no clear answer; nothing is sent twice.</p>
    </section>
  );
}
