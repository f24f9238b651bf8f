import { ArtworkThumb } from "../grid/artwork-thumb";
import { ownRowsText } from "../../core/source-files";
import { jobNumbersText } from "../../core/journal";
import { countOf } from "../../core/plural";
import { useEffect, useRef, useState } from "preact/hooks";
import type { CatalogueSnapshot } from "../../core/catalogue";
import { fieldById, type FieldId } from "../../core/fields";
import type { OrderView } from "../../engine/views";
import { JOB_STATE_TEXT } from "../../engine/job-state-text";
import { editorFor } from "../grid/column-editors";
import type { ImportWorkflow } from "../workflow/import-workflow";
import type { SidePanelAction } from "./side-panel-focus";

interface Props {
  readonly orderNumber: string | undefined;
  /** Changes whenever the session does, so the order is read again. */
  readonly revision: number;
  readonly snapshot: CatalogueSnapshot | undefined;
  readonly workflow: ImportWorkflow;
  /** Runs a change of the order, then gives focus back to the grid. */
  readonly act: SidePanelAction;
}

/** The job-level values a user can give per order, in the order a delivery is written. */
const ORDER_FIELDS: readonly FieldId[] = [
  "deliveryMethod",
  "dueDate",
  "contactName",
  "organisation",
  "streetAddress",
  "address2",
  "suburb",
  "city",
  "state",
  "postalCode",
  "country",
  "phone",
  "email",
  "promoCode",
];

interface FieldProps {
  readonly order: OrderView;
  readonly field: FieldId;
  readonly snapshot: CatalogueSnapshot | undefined;
  readonly workflow: ImportWorkflow;
  readonly act: SidePanelAction;
}

function OrderField({ order, field, snapshot, workflow, act }: FieldProps) {
  const current = order.values[field] ?? "";
  const [value, setValue] = useState(current);
  // The list of options is put in the page while the field is in use only: some lists are long.
  const [focused, setFocused] = useState(false);
  /** The order's value the field last started from. */
  const shown = useRef(current);
  // The field follows the order's value as it changes (an edit of a row of the order); what the user typed and has not
  // saved yet stays. Another order's fields are new ones (see the key below), so nothing typed waits on an effect.
  useEffect(() => {
    const previous = shown.current;
    shown.current = current;
    setValue((typed) => (typed === previous ? current : typed));
  }, [current]);
  const editor = editorFor({ kind: "field", field }, snapshot);
  const id = `order-${field}`;
  const changed = value !== current;
  return (
    <div class="field-row">
      <label for={id}>{fieldById(field).label}</label>
      <input
        id={id}
        value={value}
        list={editor.kind === "list" ? `${id}-options` : undefined}
        placeholder={editor.kind === "date" ? "YYYY-MM-DD" : order.columns[field] ? "" : "not in the sheet"}
        onInput={(e) => setValue(e.currentTarget.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && changed) void act(() => workflow.setJobValue(order.orderNumber, field, value));
        }}
      />
      {editor.kind === "list" && focused && (
        <datalist id={`${id}-options`}>
          {editor.options.map((option) => (
            <option value={option.value} key={option.value}>
              {option.label}
            </option>
          ))}
        </datalist>
      )}
      <div class="field-actions">
        <button
          type="button"
          class="small"
          disabled={!changed}
          onClick={() => act(() => workflow.setJobValue(order.orderNumber, field, value))}
        >
          Save
        </button>
        <button
          type="button"
          class="small secondary"
          disabled={value === ""}
          onClick={() => act(() => workflow.setJobValue("all orders", field, value))}
        >
          Apply to all orders
        </button>
      </div>
    </div>
  );
}

/**
 * An order the vendor already has a job for under its number (not one made here): left out
 * unless the user chooses, knowingly, to create another beside it.
 */
function SendAnyway({
  orderNumber,
  jobNumbers,
  sending,
  workflow,
}: {
  readonly orderNumber: string;
  readonly jobNumbers: readonly number[];
  readonly sending: boolean;
  readonly workflow: ImportWorkflow;
}) {
  const [asking, setAsking] = useState(false);
  if (sending) {
    return (
      <p class="field-actions">
        <button type="button" class="small secondary" onClick={() => workflow.sendAnyway(orderNumber, false)}>
          Leave it out after all
        </button>
      </p>
    );
  }
  return asking ? (
    <p class="field-actions" role="group" aria-label="Send it again?">
      This creates another job for {orderNumber} beside {jobNumbersText(jobNumbers)}.{" "}
      <button type="button" class="small" onClick={() => workflow.sendAnyway(orderNumber, true)}>
        Yes, send it anyway
      </button>{" "}
      <button type="button" class="small secondary" onClick={() => setAsking(false)}>
        Keep it out
      </button>
    </p>
  ) : (
    <p class="field-actions">
      <button type="button" class="small secondary" onClick={() => setAsking(true)}>
        Send it anyway…
      </button>
    </p>
  );
}

/** The active row's order: its state, estimate and the vendor's answer, its job values, skipping it whole. */
export function OrderPanel({ orderNumber, revision, snapshot, workflow, act }: Props) {
  const [order, setOrder] = useState<OrderView | undefined>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the session changes
  useEffect(() => {
    if (orderNumber === undefined) return setOrder(undefined);
    let current = true;
    void workflow.order(orderNumber).then((found) => current && setOrder(found));
    return () => {
      current = false;
    };
  }, [workflow, orderNumber, revision]);
  if (!order) return null;
  const isStale = order.orderNumber !== orderNumber;
  const { job } = order;
  const allSkipped = job === undefined;
  return (
    <section class="side-panel" aria-labelledby="order-panel-heading" aria-busy={isStale} data-testid="order-panel">
      <h3 id="order-panel-heading">Order {order.orderNumber}</h3>
      {job ? (
        <p data-testid="order-state">
          <span class="badge">{JOB_STATE_TEXT[job.state]}</span> · {countOf(job.lineCount, "line", "lines")} ·{" "}
          {job.estimateText}
          {order.skippedRows > 0 ? ` · ${order.skippedRows} skipped` : ""}
        </p>
      ) : (
        <p data-testid="order-state">Every row of this order is skipped.</p>
      )}
      {order.artwork.length > 0 && (
        <ul class="order-artwork" aria-label="Artwork" data-testid="order-artwork">
          {order.artwork.map((art) => (
            <li key={art.link}>
              <ArtworkThumb preview={art} size={48} />
              <span>{art.label}</span>
            </li>
          ))}
        </ul>
      )}
      {job && job.issues.length > 0 && (
        <ul class="issues">
          {job.issues.map((issue, i) => (
            <li key={i} class={issue.severity} data-code={issue.code}>
              {ownRowsText(issue.message)}
            </li>
          ))}
        </ul>
      )}
      {job?.atVendor?.kind === "vendor" && (
        <SendAnyway
          orderNumber={order.orderNumber}
          jobNumbers={job.atVendor.jobNumbers}
          sending={job.sendingAnyway === true}
          workflow={workflow}
        />
      )}
      {/* Until the active row's order has come, the one shown is another's: nothing in it can be changed. */}
      <fieldset class="order-fields" disabled={isStale}>
        <div class="field-actions">
          <button
            type="button"
            class="small secondary"
            onClick={() => act(() => workflow.setFilter({ kind: "order", orderNumber: order.orderNumber }))}
          >
            Show only this order
          </button>
          <button
            type="button"
            class="small secondary"
            onClick={() => act(() => workflow.skipOrder(order.orderNumber, !allSkipped))}
          >
            {allSkipped ? "Include this order again" : "Skip this order"}
          </button>
        </div>
        <h4>Delivery and dates</h4>
        {job &&
          ORDER_FIELDS.map((field) => (
            // Keyed by the order too: a field starts from the order it is drawn for, in the frame it is drawn.
            <OrderField
              key={`${field}:${order.orderNumber}`}
              order={order}
              field={field}
              snapshot={snapshot}
              workflow={workflow}
              act={act}
            />
          ))}
      </fieldset>
    </section>
  );
}
