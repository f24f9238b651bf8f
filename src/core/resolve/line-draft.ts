import type { LineEstimate } from "../estimate";
import type { FieldId } from "../fields";
import { isError, makeIssue, type Issue, type IssueCode } from "../issues";
import type { OrderRow } from "../order-rows";
import type { JobCandidateLine } from "../vendor";
import type { FactRequest, ResolveContext } from "./context";
import type { LineType } from "./item-type";
import { parseQuantity } from "./values";

/** One sheet row resolved as a job line, or the issues that stop it. Plain data. */
export interface ResolvedLine {
  readonly rowNumber: number;
  /** The order the row belongs to (its own, made up, when rows without one form their own jobs). */
  readonly orderNumber: string | undefined;
  readonly itemType: LineType | undefined;
  /** The line to send, when the row has no errors of its own. */
  readonly line: JobCandidateLine | undefined;
  readonly processCode: string | undefined;
  readonly estimate: LineEstimate | undefined;
  /** Price-code lines: what makes two lines one design, which could then be one line. */
  readonly design: LineDesign | undefined;
  readonly customerReference: string | undefined;
  readonly artworkUrl: string | undefined;
  readonly issues: readonly Issue[];
  /** Facts to fetch from the vendor before this row can be settled. */
  readonly needs: readonly FactRequest[];
}

/**
 * A price-code line's code, answers, artwork and sample flag: two lines alike in all are one design. Kept as parts, not
 * as one text: every line holds it, and only an order's lines are ever compared.
 */
export interface LineDesign {
  readonly code: string;
  readonly answers: Readonly<Record<string, string | number>>;
  readonly artworkUrl: string | undefined;
  readonly isSample: boolean;
}

/** The order number a row without one gets when each such row is its own job. */
export const ownJobNumber = (rowNumber: number) => `ROW-${rowNumber}`;

/** A row being resolved: where it is, what it is resolved against, and the issues and needs found so far. */
export interface LineDraft {
  readonly row: OrderRow;
  readonly context: ResolveContext;
  readonly orderNumber: string | undefined;
  readonly issues: Issue[];
  readonly needs: FactRequest[];
}

/** Raises an issue on the row: in the field's column, or the column named. */
export function raise(
  draft: LineDraft,
  code: IssueCode,
  field: FieldId | undefined,
  message: string,
  suggestion?: string,
  column?: string,
): void {
  draft.issues.push(
    makeIssue(
      code,
      {
        rowNumber: draft.row.rowNumber,
        orderNumber: draft.orderNumber,
        field,
        column: column ?? (field ? draft.context.columnOf(field) : undefined),
      },
      message,
      suggestion,
    ),
  );
}

/** The row's quantity, or an issue saying why there is none. */
export function quantityOf(draft: LineDraft): number | undefined {
  const text = draft.row.values.quantity;
  if (text === undefined) {
    raise(draft, "QUANTITY_MISSING", "quantity", "The quantity is blank.");
    return undefined;
  }
  const quantity = parseQuantity(text);
  if (quantity === undefined)
    raise(draft, "QUANTITY_INVALID", "quantity", `"${text}" is not a whole number of at least 1.`);
  return quantity;
}

/** " Did you mean …?" for close candidates, or nothing. */
export function candidatesText(candidates: readonly string[]): string {
  return candidates.length > 0 ? ` Did you mean ${candidates.map((c) => `"${c}"`).join(" or ")}?` : "";
}

const NONE: readonly never[] = [];

/** The resolved line: sent only when the row has no errors of its own and waits for no fact. */
export function finish(draft: LineDraft, fields: Partial<ResolvedLine>): ResolvedLine {
  const errors = draft.issues.some(isError) || draft.needs.length > 0;
  return {
    rowNumber: draft.row.rowNumber,
    orderNumber: draft.orderNumber,
    itemType: fields.itemType,
    line: errors ? undefined : fields.line,
    processCode: fields.processCode,
    estimate: fields.estimate,
    design: fields.design,
    customerReference: fields.customerReference,
    artworkUrl: fields.artworkUrl,
    // Most rows have neither: they share one empty list rather than hold two each.
    issues: draft.issues.length > 0 ? draft.issues : NONE,
    needs: draft.needs.length > 0 ? draft.needs : NONE,
  };
}
