import type { CatalogueSnapshot } from "../../core/catalogue";
import type { OrderFormData } from "../../core/order-form/order-form-data";
import { localDay } from "../assets/reorder-services";
import { saveFile } from "../save-file";
import type { SheetWorkerClient } from "../sheet-worker-client";

/** What the order form's download needs from the page. */
export interface OrderFormServices {
  /** The connected account's catalogue snapshot, once loaded. */
  snapshot(): Promise<CatalogueSnapshot | undefined>;
  /** Writes the workbook (in the sheet worker). */
  writeOrderForm(data: OrderFormData): Promise<Uint8Array>;
  /** Today in the user's zone (YYYY-MM-DD). */
  today(): string;
}

/** The services over the page's import workflow and its sheet worker. */
export function orderFormServices(
  workflow: { catalogueSnapshot(): Promise<CatalogueSnapshot | undefined> },
  sheets: Pick<SheetWorkerClient, "writeOrderForm">,
): OrderFormServices {
  return {
    snapshot: () => workflow.catalogueSnapshot(),
    writeOrderForm: (data) => sheets.writeOrderForm(data),
    today: () => localDay(new Date()),
  };
}

export type OrderFormDownload =
  | { readonly ok: true; readonly fileName: string }
  | { readonly ok: false; readonly message: string };

/** Makes a blank order form of every price code and style in the loaded catalogue and offers it as a download. */
export async function downloadOrderForm(
  services: OrderFormServices,
  save: (bytes: Uint8Array, fileName: string) => void = saveFile,
): Promise<OrderFormDownload> {
  const snapshot = await services.snapshot();
  if (snapshot === undefined)
    return {
      ok: false,
      message: "The catalogue is not loaded, so there is nothing to put in a form: refresh it beside the account.",
    };
  const today = services.today();
  // Only a download needs the form's layout, so it is loaded then rather than with the page.
  const { orderFormData, orderFormFileName } = await import("../../core/order-form/order-form-data");
  const made = orderFormData({ snapshot, today });
  // Without choices nothing can be unknown; a form is always made.
  if (!made.ok) return { ok: false, message: "The order form could not be made from this catalogue." };
  try {
    const fileName = orderFormFileName(today);
    save(await services.writeOrderForm(made.value), fileName);
    return { ok: true, fileName };
  } catch (error) {
    console.error("Writing the order form failed", error);
    return {
      ok: false,
      message:
        "The order form could not be written: something went wrong in this page while making it. " +
        "Try the download again; if it fails again, reload the page and try once more.",
    };
  }
}
