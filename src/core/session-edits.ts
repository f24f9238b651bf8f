import type { MappingTarget } from "./mapping/sheet-mapping";
import type { CellValue } from "./sheet-model";

/** One change to an import session, with what it replaced, so it can be undone and replayed. */
export type Change =
  | { readonly kind: "cell"; readonly rowNumber: number; readonly column: number; readonly before: CellValue; readonly after: CellValue }
  | { readonly kind: "skip"; readonly rowNumber: number; readonly before: boolean; readonly after: boolean };

/** A column the user added for values the sheet does not have. */
export interface AddedColumn {
  readonly header: string;
  readonly target: MappingTarget;
}

/** One edit as the user made it: its changes, undone and replayed together, and when. */
export interface EditRecord {
  readonly at: string;
  readonly changes: readonly Change[];
}

/** Everything needed to rebuild a session's edits after a reload: added columns, then the edits in effect, oldest first. */
export interface SessionEdits {
  readonly addedColumns: readonly AddedColumn[];
  readonly edits: readonly EditRecord[];
}

/** A cell as the sheet had it and as it was sent, after every edit in effect (for the result sheet and the audit). */
export interface SentValue {
  readonly rowNumber: number;
  readonly column: string;
  readonly sheet: string;
  readonly sent: string;
  readonly at: string;
}

/** One change as the audit trail lists it: a cell's old and new value, or a skip, and when. */
export type EditLogEntry =
  | { readonly at: string; readonly kind: "cell"; readonly rowNumber: number; readonly column: string; readonly old: string; readonly new: string }
  | { readonly at: string; readonly kind: "skip" | "include"; readonly rowNumber: number };

/** What the result sheet says of one row beyond its outcome: its estimate, what was sent instead of the sheet's values, when it was skipped. */
export interface RowDetail {
  readonly rowNumber: number;
  readonly lineEstimate?: number | undefined;
  readonly sent?: readonly SentValue[] | undefined;
  readonly skippedAt?: string | undefined;
}
