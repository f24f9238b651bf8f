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

/** Everything needed to rebuild a session's edits after a reload: added columns, then the edits in effect, oldest first. */
export interface SessionEdits {
  readonly addedColumns: readonly AddedColumn[];
  readonly edits: readonly (readonly Change[])[];
}
