import { editEntries, problemSheetData, type ResultSheetMessage } from "../core/result-sheet-data";
import { orderNumbersOfEachFile, rowsOfPlan, type ResultFilePart } from "../core/source-files";
import type { SessionState } from "./engine-session";
import { submissionPlanOf } from "./submission-plan";

/** The sheet a problem sheet is written into: its header row, and with several files each one's sheet and mapping. */
export interface ProblemSheetSource {
  readonly headerRowNumber: number;
  readonly files?: readonly ResultFilePart[] | undefined;
}

/**
 * What the problem sheet is written from, before anything is submitted: each row's state (ready, or why not) and the
 * edits made here, with several files each one's part.
 */
export function problemSheetMessage(session: SessionState, source: ProblemSheetSource): ResultSheetMessage {
  const plan = submissionPlanOf(session);
  const { files } = source;
  const data = problemSheetData(
    source,
    plan,
    editEntries(
      plan.editLog ?? [],
      files?.map((f) => f.name),
    ),
  );
  return { data, several: files && { files, orderNumbersOf: orderNumbersOfEachFile(rowsOfPlan(plan), files.length) } };
}
