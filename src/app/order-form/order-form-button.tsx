import { useState } from "preact/hooks";
import { LiveStatus } from "../live-status";
import type { CatalogueStatus } from "../workflow/workflow-state";
import { downloadOrderForm, type OrderFormServices } from "./order-form-download";
import "./order-form.css";

interface Props {
  readonly catalogue: CatalogueStatus;
  readonly services: OrderFormServices;
}

const MAKING = "Making the order form…";
const ABOUT =
  "A blank form for a team order, a row per player for each item, with your codes, colours and sizes to choose from.";

/**
 * "Download an order form" where an import starts: a blank form for a team order, made from the loaded catalogue,
 * that comes back through this importer as it is. Waits for the catalogue; says so while the workbook is written.
 */
export function OrderFormButton({ catalogue, services }: Props) {
  const [isBusy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ readonly tone: "info" | "error"; readonly text: string }>();
  const isReady = catalogue.state === "ready";
  const note = isBusy
    ? MAKING
    : !isReady
      ? catalogue.state === "failed"
        ? "A form is made from the catalogue, which could not be loaded."
        : "Ready once the catalogue has loaded."
      : outcome?.tone === "info"
        ? outcome.text
        : ABOUT;
  async function download(): Promise<void> {
    setBusy(true);
    setOutcome(undefined);
    const made = await downloadOrderForm(services);
    setBusy(false);
    setOutcome(
      made.ok
        ? { tone: "info", text: `Downloaded ${made.fileName}: fill it in, then drop it here.` }
        : { tone: "error", text: made.message },
    );
  }
  return (
    <div class="order-form-download">
      <button
        type="button"
        class="secondary"
        disabled={!isReady || isBusy}
        aria-busy={isBusy}
        aria-describedby="order-form-note"
        onClick={() => void download()}
        data-testid="download-order-form"
      >
        Download an order form
      </button>
      <span id="order-form-note" class="hint" data-testid="order-form-note">
        {note}
      </span>
      <LiveStatus text={isBusy ? MAKING : outcome?.tone === "info" ? outcome.text : ""} testId="order-form-status" />
      {outcome?.tone === "error" && (
        <p role="alert" class="error">
          {outcome.text}
        </p>
      )}
    </div>
  );
}
