import { formatInstant } from "../tracking/tracked-jobs";
import { describeCounts } from "../../core/journal";
import type { BatchSummary } from "../../submit/submit-api";

interface Props {
  readonly batches: readonly BatchSummary[];
  readonly onResume: (batchId: string) => void;
  readonly onShow: (batchId: string) => void;
}

/** Finished imports listed at most; the journal keeps them all. */
const RECENT = 5;

/**
 * Submissions left unfinished (a reload, a crash, a stop), offered again; and the latest finished ones, with their
 * results.
 */
export function EarlierBatches({ batches, onResume, onShow }: Props) {
  const unfinished = batches.filter((b) => b.unfinished);
  const recent = batches.filter((b) => !b.unfinished).slice(0, RECENT);
  return (
    <>
      {unfinished.length > 0 && (
        <section class="notice" data-testid="unfinished">
          <h2>{unfinished.length === 1 ? "An import is unfinished" : `${unfinished.length} imports are unfinished`}</h2>
          <ul>
            {unfinished.map(({ batch, counts, busyElsewhere, progress }) => (
              <li key={batch.id} data-testid={`unfinished-${batch.id}`}>
                {batch.fileName} ({batch.sheetName}), started {formatInstant(batch.createdAt)}: {describeCounts(counts)}
                .{" "}
                {busyElsewhere ? (
                  <strong role="status">
                    It is being submitted in another tab or window right now{progress ? `: ${progress}` : ""}.
                  </strong>
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
          <p class="hint">
            Continuing first looks up, at the vendor, any order that got no clear answer; nothing is sent twice.
          </p>
        </section>
      )}
      {recent.length > 0 && (
        <section data-testid="recent-imports">
          <h2>Recent imports</h2>
          <ul>
            {recent.map(({ batch, counts }) => (
              <li key={batch.id}>
                {batch.fileName} ({batch.sheetName}), {formatInstant(batch.createdAt)}: {describeCounts(counts)}.{" "}
                <button
                  type="button"
                  class="small secondary"
                  onClick={() => onShow(batch.id)}
                  aria-label={`Results of ${batch.fileName} from ${formatInstant(batch.createdAt)}`}
                >
                  Results
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
