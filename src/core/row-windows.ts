import type { SheetRow } from "./sheet-model";

/**
 * What the sheet's side sends down a channel of rows, in order: windows of rows, then either the end (with how many
 * rows were sent) or why the rows could not be read. Plain data, so it crosses between workers as it is.
 */
export type RowWindowMessage =
  | { readonly rows: readonly SheetRow[] }
  | { readonly end: number }
  | { readonly failed: string };
