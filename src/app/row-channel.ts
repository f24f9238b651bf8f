import { proxy, transfer } from "comlink";
import type { EngineApi } from "../engine/engine-api";
import type { SheetWorkerClient } from "./sheet-worker-client";
import type { Bridged } from "./worker-bridge";

/** The table whose rows are sent: a sheet, below its header row. */
export interface RowSource {
  readonly sheetName: string;
  readonly headerRowNumber: number;
}

/**
 * Moves a sheet's rows from the sheet worker into the engine's down a channel of their own, `windowSize` rows a
 * message: they are copied once, off the page's thread, and the engine resolves each window while the next is read.
 * `onWindow` hears how many rows the engine has after each. Answers how many rows were sent, once the engine has them
 * all; fails when either side does.
 */
export async function moveRows(
  sheets: Pick<SheetWorkerClient, "sendRows">,
  engine: Pick<Bridged<EngineApi>, "receiveRows">,
  source: RowSource,
  windowSize: number,
  onWindow: (received: number) => void,
): Promise<number> {
  const { port1, port2 } = new MessageChannel();
  const received = engine.receiveRows(transfer(port2, [port2]), proxy(onWindow));
  const sent = sheets.sendRows(source.sheetName, source.headerRowNumber, port1, windowSize);
  // The sheet's side failing leaves the engine waiting for rows that never come: the first failure is the answer.
  const [count] = await Promise.all([received, sent]);
  return count;
}
