import { useLayoutEffect, useRef } from "preact/hooks";
import { countOf, pluralise } from "../../core/plural";
import type { ConfirmState } from "../workflow/import-workflow";
import { ArtworkThumb } from "../grid/artwork-thumb";
import { formatInstant } from "../tracking/tracked-jobs";
import { LazyDetails } from "../lazy-details";

interface Props {
  readonly confirm: ConfirmState;
  readonly accountName: string;
  readonly onCreate: () => void;
  /** Back to the review, nothing sent (also how a page stops waiting for another submission). */
  readonly onBack: () => void;
}

/**
 * The last word before money is spent: what will be created (jobs, lines, the estimated total,
 * due dates, delivery) and every order left out with why. "Create N jobs" sends exactly that.
 */
export function ConfirmStep({ confirm, accountName, onCreate, onBack }: Props) {
  const { summary, lines, waiting, sending } = confirm;
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the user: their place is the new heading, so a screen reader starts there. Focused as it is
  // drawn, not a frame later: in between, a key pressed would go to the page.
  useLayoutEffect(() => heading.current?.focus(), []);
  const create = `Create ${countOf(summary.jobs, "job", "jobs")}`;
  return (
    <section aria-labelledby="confirm-heading" data-testid="confirm">
      <h2 id="confirm-heading" tabIndex={-1} ref={heading}>
        {summary.jobs > 0
          ? `Create ${countOf(summary.jobs, "job", "jobs")} for ${accountName}?`
          : `Nothing to create for ${accountName}`}
      </h2>
      {confirm.notice && <p class="notice">{confirm.notice}</p>}
      <dl class="facts confirm-facts">
        <dt>Jobs</dt>
        <dd data-testid="confirm-jobs">
          {countOf(summary.jobs, "job", "jobs")}, {countOf(summary.lines, "line", "lines")}
        </dd>
        <dt>Estimated total</dt>
        <dd data-testid="confirm-total">
          {confirm.totalText}{" "}
          {confirm.currency && `(${confirm.currency}, from your tier's prices; an estimate, not an invoice)`}
        </dd>
      </dl>
      {/* The first sentence says again what the list above says: jobs, lines and total. */}
      <ul class="confirm-lines" data-testid="confirm-summary">
        {lines.slice(1).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {confirm.artwork && confirm.artwork.length > 0 && (
        <LazyDetails
          testId="confirm-artwork"
          summary={<>The artwork of {countOf(confirm.artwork.length, "order", "orders")}</>}
          content={() => (
            <ul class="order-artwork">
              {confirm.artwork?.flatMap((order) =>
                order.artwork.map((art) => (
                  <li key={`${order.orderNumber} ${art.link}`}>
                    <ArtworkThumb preview={art} size={40} />
                    <span>
                      {order.orderNumber}: {art.label}
                    </span>
                  </li>
                )),
              )}
            </ul>
          )}
        />
      )}
      {summary.leftOut.length > 0 && (
        <LazyDetails
          summary={
            <>
              {countOf(summary.leftOut.length, "order", "orders")} left out:{" "}
              {pluralise(summary.leftOut.length, "it is", "they are")} not sent
            </>
          }
          content={() => (
            <ul data-testid="confirm-left-out">
              {summary.leftOut.map((order) => (
                <li key={order.orderNumber}>
                  {order.orderNumber}: {LEFT_OUT_WORDS[order.why]}
                  {order.jobNumber !== undefined ? ` (job ${order.jobNumber})` : ""}
                </li>
              ))}
            </ul>
          )}
        />
      )}
      {waiting ? (
        <div role="status" data-testid="confirm-waiting">
          <p>
            This account's orders are being submitted elsewhere (another tab, browser or computer)
            {waiting.since ? ` since ${formatInstant(waiting.since)}` : ""}. Nothing is sent from here until that has
            finished; then what is left to send is looked up again and shown here for you to confirm.
          </p>
          {waiting.progress && <p>{waiting.progress}…</p>}
          <button type="button" class="secondary" onClick={onBack}>
            Stop waiting and go back to the review
          </button>
        </div>
      ) : (
        <div class="actions">
          {summary.jobs > 0 ? (
            <button
              type="button"
              onClick={onCreate}
              disabled={sending === true}
              aria-busy={sending === true}
              data-testid="confirm-create"
            >
              {sending ? "Creating…" : create}
            </button>
          ) : (
            <p>Nothing is left to create: every order is already at the vendor or left out for the reasons above.</p>
          )}{" "}
          <button type="button" class="secondary" onClick={onBack} disabled={sending === true}>
            Back to the review
          </button>
        </div>
      )}
      {confirm.error && (
        <p role="alert" class="error">
          {confirm.error}
        </p>
      )}
      <p class="hint">
        Each order is written down in this browser before it is sent and looked up at the vendor right before, so
        nothing is created twice.
      </p>
    </section>
  );
}

const LEFT_OUT_WORDS: Readonly<Record<ConfirmState["summary"]["leftOut"][number]["why"], string>> = {
  errors: "has errors to fix",
  unchecked: "the vendor could not check it just now",
  existing: "already at the vendor",
  skipped: "skipped",
};
