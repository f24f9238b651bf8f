import { createSheetSession, type SheetSession } from "./worker-api";
import { writeCampaignSheet } from "./write/campaign-sheet";
import { writeOrderForm } from "./write/order-form-sheet";

/** The sheet worker's session: the reader and writers, the new workbooks' writers (exceljs) included. */
export const createWorkerSheetSession = (): SheetSession => createSheetSession({ writeCampaignSheet, writeOrderForm });

/** The instance the sheet worker exposes. */
export const sheetWorkerApi: SheetSession = createWorkerSheetSession();
