import type { FieldId } from "../../core/fields";
import type { IssueCode } from "../../core/issues";
import type { CellValue } from "../../core/sheet-model";
import type { CellEdit } from "../../engine/edit-commands";
import type { EditResult } from "../../engine/views";
import { currentReview, updateReview, type Engine } from "./review-actions";
import type { WorkflowContext } from "./workflow-state";

/**
 * The review's edits of every kind, made in the engine worker. Each edit's answer (what
 * changed) updates the summary and bumps the revision, and an edit that changed cells is
 * told to `onSessionChange`, which keeps the review.
 */
export function createReviewEdits(context: WorkflowContext, onSessionChange: () => void = () => undefined) {
  async function afterEdit(result: EditResult): Promise<EditResult> {
    const { columns } = result;
    updateReview(context, (current) => ({
      summary: result.summary,
      ...(columns ? { headers: columns.headers, mapping: columns.mapping } : {}),
      revision: current.revision + 1,
    }));
    if (result.changedCells > 0) onSessionChange();
    return result;
  }

  const editWith = async (run: (e: Engine) => Promise<EditResult>): Promise<EditResult | undefined> => {
    if (!currentReview(context)) return undefined;
    return afterEdit(await run(await context.deps.engine.get()));
  };

  return {
    editCells: (cells: readonly CellEdit[]) => editWith((e) => e.setCells(cells)),
    setCell: (rowNumber: number, column: string, value: CellValue) =>
      editWith((e) => e.setCell(rowNumber, column, value)),
    applySuggestion: (rowNumber: number, code: IssueCode, column?: string) =>
      editWith((e) => e.applySuggestion(rowNumber, code, column)),
    applySuggestionToAll: (rowNumber: number, code: IssueCode, column?: string) =>
      editWith((e) => e.applySuggestionToAll(rowNumber, code, column)),
    fillOrderNumbersFromAbove: () => editWith((e) => e.fillOrderNumbersFromAbove()),
    skipRows: (rowNumbers: readonly number[], skip: boolean) => editWith((e) => e.skipRows(rowNumbers, skip)),
    skipRow: (rowNumber: number, skip: boolean) => editWith((e) => e.skipRows([rowNumber], skip)),
    skipOrder: (orderNumber: string, skip: boolean) => editWith((e) => e.skipOrder(orderNumber, skip)),
    includeImportedBefore: () => editWith((e) => e.includeImportedBefore()),
    setJobValue: (orderNumber: string, field: FieldId, value: string) =>
      editWith((e) => e.setJobValue(orderNumber, field, value)),
    answerAttribute: (
      attribute: string,
      value: string,
      scope: { readonly rowNumber: number } | { readonly code: string },
    ) => editWith((e) => e.answerAttribute(attribute, value, scope)),
    replaceInColumn: (column: string, find: string, replacement: string, matchCase: boolean) =>
      editWith((e) => e.replaceInColumn(column, find, replacement, matchCase)),
    undo: () => editWith((e) => e.undo()),
    redo: () => editWith((e) => e.redo()),
  };
}

export type ReviewEdits = ReturnType<typeof createReviewEdits>;
