import { transfer } from "comlink";
import { resultFileName } from "../../core/result-sheet-data";
import type { ResultFile } from "../../sheet/write/write-results";
import type { WorkflowContext } from "./workflow-state";

/**
 * A batch's files from the journal: the result sheet (in the customer's own file when it is kept) and the audit trail.
 */
export function createSubmissionFiles(context: WorkflowContext) {
  const { deps } = context;
  return {
    /**
     * The result sheet, from the journal, written back into the customer's own file (kept
     * with the batch); the results alone when that file is not at hand.
     */
    async resultFile(batchId: string, options: { readonly utf8?: boolean } = {}): Promise<ResultFile> {
      const connected = context.currentConnected();
      if (!connected)
        return { ok: false, reason: "unreadable", message: "Connect to the account again to write its results." };
      const submitter = await context.submitter(connected);
      const original = await (await deps.batchFiles()).get(batchId).catch(() => undefined);
      // The sheet worker gets ready to write while the journal gives up the batch's results.
      if (original) deps.sheets.prepareWrite();
      // The data goes from the submit worker to the sheet worker; the page only joins them.
      const { port1, port2 } = new MessageChannel();
      const batch = await submitter.sendResultSheet(transfer(port1, [port1]), batchId, original !== undefined);
      if (!batch) {
        port2.close();
        return { ok: false, reason: "unreadable", message: "That submission is no longer in this browser's journal." };
      }
      if (original)
        return deps.sheets.writeResultsFrom(
          port2,
          new Uint8Array(await original.arrayBuffer()),
          batch.fileName,
          batch.sheetName,
          options,
        );
      return {
        ok: true,
        bytes: await deps.sheets.resultsOnlySheetFrom(port2),
        fileName: resultFileName(batch.fileName, "csv"),
      };
    },

    /** The batch's audit trail as JSON Lines, made in the submit worker. */
    async auditFile(batchId: string): Promise<{ readonly bytes: Uint8Array; readonly fileName: string } | undefined> {
      const connected = context.currentConnected();
      if (!connected) return undefined;
      // The trail is the journal's alone: no need to ask the vendor for each job's status.
      return (await context.submitter(connected)).auditFile(batchId);
    },
  };
}
