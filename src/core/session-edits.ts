import { z } from "zod";
import { MappingTarget } from "./mapping/sheet-mapping";

/** A cell's value as a session holds it (a Date survives IndexedDB, where saved reviews keep it). */
const CellValue = z.union([z.string(), z.number(), z.boolean(), z.instanceof(Date), z.null()]);

/** One change to an import session, with what it replaced, so it can be undone and replayed. */
export const Change = z.discriminatedUnion("kind", [
  z
    .object({ kind: z.literal("cell"), rowNumber: z.int(), column: z.int(), before: CellValue, after: CellValue })
    .readonly(),
  z.object({ kind: z.literal("skip"), rowNumber: z.int(), before: z.boolean(), after: z.boolean() }).readonly(),
]);
export type Change = z.infer<typeof Change>;

/** A column the user added for values the sheet does not have. */
export const AddedColumn = z.object({ header: z.string(), target: MappingTarget }).readonly();
export type AddedColumn = z.infer<typeof AddedColumn>;

/** One edit as the user made it: its changes, undone and replayed together, and when. */
export const EditRecord = z.object({ at: z.string(), changes: z.array(Change).readonly() }).readonly();
export type EditRecord = z.infer<typeof EditRecord>;

/**
 * Everything needed to rebuild a session's edits after a reload: added columns, then the edits in effect, oldest first.
 */
export const SessionEdits = z
  .object({ addedColumns: z.array(AddedColumn).readonly(), edits: z.array(EditRecord).readonly() })
  .readonly();
export type SessionEdits = z.infer<typeof SessionEdits>;

/** A cell as the sheet had it and as it was sent, after every edit in effect (for the result sheet and the audit). */
export const SentValue = z
  .object({ rowNumber: z.int(), column: z.string(), sheet: z.string(), sent: z.string(), at: z.string() })
  .readonly();
export type SentValue = z.infer<typeof SentValue>;

/** One change as the audit trail lists it: a cell's old and new value, or a skip, and when. */
export const EditLogEntry = z.union([
  z
    .object({
      at: z.string(),
      kind: z.literal("cell"),
      rowNumber: z.int(),
      column: z.string(),
      old: z.string(),
      new: z.string(),
    })
    .readonly(),
  z.object({ at: z.string(), kind: z.enum(["skip", "include"]), rowNumber: z.int() }).readonly(),
]);
export type EditLogEntry = z.infer<typeof EditLogEntry>;

/**
 * What the result sheet says of one row beyond its outcome: its estimate, what was sent instead of the sheet's values,
 * when it was skipped.
 */
export const RowDetail = z
  .object({
    rowNumber: z.int(),
    lineEstimate: z.number().optional(),
    sent: z.array(SentValue).readonly().optional(),
    skippedAt: z.string().optional(),
    /** What its artwork link was found to be, and when it was checked. */
    artworkCheck: z.string().optional(),
  })
  .readonly();
export type RowDetail = z.infer<typeof RowDetail>;
