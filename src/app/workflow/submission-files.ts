import { auditJsonLines, auditTrail } from "../../core/result-sheet-data";
import { resultFileName } from "../../core/result-sheet-data";
import { orderNumbersOfEachFile } from "../../core/source-files";
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
      const results = await submitter.results(batchId);
      if (!results)
        return { ok: false, reason: "unreadable", message: "That submission is no longer in this browser's journal." };
      const { batch } = results;
      const original = await (await deps.batchFiles()).get(batchId).catch(() => undefined);
      const data = original ? await submitter.resultData(batchId) : undefined;
      const several = batch.files && {
        files: batch.files.map((f) => ({
          name: f.fileName,
          sheetName: f.sheetName,
          headerRowNumber: f.headerRowNumber,
        })),
        orderNumbersOf: orderNumbersOfEachFile(results.rows, batch.files.length),
      };
      if (original && data)
        return deps.sheets.writeResults(
          new Uint8Array(await original.arrayBuffer()),
          batch.fileName,
          batch.sheetName,
          data,
          options,
          several,
        );
      return {
        ok: true,
        bytes: await deps.sheets.resultsOnlySheet(results.rows),
        fileName: resultFileName(batch.fileName, "csv"),
      };
    },

    /** The batch's audit trail as JSON Lines: the import, every edit and skip, each request and answer. */
    async auditFile(batchId: string): Promise<{ readonly bytes: Uint8Array; readonly fileName: string } | undefined> {
      const connected = context.currentConnected();
      if (!connected) return undefined;
      const submitter = await context.submitter(connected);
      // The trail is the journal's alone: no need to ask the vendor for each job's status.
      const results = await submitter.results(batchId);
      if (!results) return undefined;
      const trail = auditJsonLines(auditTrail(results.batch, results.orders));
      return {
        bytes: new TextEncoder().encode(trail),
        fileName: resultFileName(results.batch.fileName, "jsonl", "audit"),
      };
    },
  };
}
