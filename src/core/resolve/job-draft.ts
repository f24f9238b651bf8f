import type { FieldId } from "../fields";
import type { JobGroup } from "../group";
import { makeIssue, type Issue, type IssueCode } from "../issues";
import type { FactRequest, ResolveContext } from "./context";

/** An order being resolved: its group, what it is resolved against, and the issues and needs found so far. */
export interface JobDraft {
  readonly group: JobGroup;
  readonly context: ResolveContext;
  readonly issues: Issue[];
  readonly needs: FactRequest[];
}

/** A job-level value as text, or null when the order does not give it (as the request wants it). */
export const jobText = (draft: JobDraft, field: FieldId): string | null => draft.group.jobValues[field] ?? null;

/**
 * Raises an issue about the order: on `rowNumber` when given (a line's own row), else on the
 * row that gave the field's value, else (a value missing) on the order's first row; on no row
 * when there is no field.
 */
export function raiseOnJob(
  draft: JobDraft,
  code: IssueCode,
  field: FieldId | undefined,
  message: string,
  suggestion?: string,
  rowNumber?: number | null,
): void {
  const { group, context } = draft;
  const onRow =
    rowNumber === undefined ? (field ? (group.valueRows[field] ?? group.rowNumbers[0] ?? null) : null) : rowNumber;
  draft.issues.push(
    makeIssue(
      code,
      { rowNumber: onRow, orderNumber: group.orderNumber, field, column: field ? context.columnOf(field) : undefined },
      message,
      suggestion,
    ),
  );
}
