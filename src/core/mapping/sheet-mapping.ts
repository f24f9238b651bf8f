import { z } from "zod";
import { FIELD_IDS, type FieldId } from "../fields";

/** What a column of the user's sheet feeds. */
export const MappingTarget = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("field"), field: z.enum(FIELD_IDS) }).readonly(),
  /** One size of a wide layout (one column per size); `size` is the header as written. */
  z.object({ kind: z.literal("size"), size: z.string() }).readonly(),
  /** A price-code attribute, by the `name` or `label` the service returned. */
  z.object({ kind: z.literal("attribute"), attribute: z.string() }).readonly(),
]);
export type MappingTarget = z.infer<typeof MappingTarget>;

/** How a column came to its target: the basis of its confidence. */
export const MatchReason = z.enum([
  "label",
  "synonym",
  "contains",
  "abbreviation",
  "fuzzy",
  "values",
  "size",
  "attribute",
  "translation",
  "template",
  "manual",
]);
export type MatchReason = z.infer<typeof MatchReason>;

export const ColumnAssignment = z
  .object({
    /** 0-based column index. */
    column: z.int().nonnegative(),
    header: z.string(),
    /** null: the column is kept as it is and goes back into the result sheet untouched. */
    target: MappingTarget.nullable(),
    /** 0..1; 1 for a label match, a template or a choice made by hand. */
    confidence: z.number(),
    reason: MatchReason.nullable(),
    /** What the column's values are, in words, when they say ("42 of 44 values are price codes"). */
    evidence: z.string().optional(),
  })
  .readonly();
export type ColumnAssignment = z.infer<typeof ColumnAssignment>;

/** Every column of a sheet and what it feeds. Plain data: stored in templates and saved reviews, sent to workers. */
export const SheetMapping = z.object({ columns: z.array(ColumnAssignment).readonly() }).readonly();
export type SheetMapping = z.infer<typeof SheetMapping>;

export type SizeLayout = "wide" | "long" | "none";

export function sameTarget(a: MappingTarget | null, b: MappingTarget | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "field":
      return a.field === (b as typeof a).field;
    case "size":
      return a.size === (b as typeof a).size;
    case "attribute":
      return a.attribute === (b as typeof a).attribute;
  }
}

/** The column mapped to a field, if any. */
export function columnForField(mapping: SheetMapping, field: FieldId): ColumnAssignment | undefined {
  return mapping.columns.find((c) => c.target?.kind === "field" && c.target.field === field);
}

export function sizeColumns(mapping: SheetMapping): ColumnAssignment[] {
  return mapping.columns.filter((c) => c.target?.kind === "size");
}

export function attributeColumns(mapping: SheetMapping): ColumnAssignment[] {
  return mapping.columns.filter((c) => c.target?.kind === "attribute");
}

/** Wide: one column per size; long: a size column beside a quantity column; none otherwise. */
export function sizeLayout(mapping: SheetMapping): SizeLayout {
  if (sizeColumns(mapping).length > 0) return "wide";
  return columnForField(mapping, "size") ? "long" : "none";
}

/**
 * Fields a sheet cannot do without: the order number, the code, and a quantity, which wide
 * size columns can stand in for.
 */
export function missingRequiredFields(mapping: SheetMapping): FieldId[] {
  const missing: FieldId[] = [];
  if (!columnForField(mapping, "orderNumber")) missing.push("orderNumber");
  if (!columnForField(mapping, "code")) missing.push("code");
  if (!columnForField(mapping, "quantity") && sizeLayout(mapping) !== "wide") missing.push("quantity");
  return missing;
}

/**
 * Points one column at a target by hand. Whatever else held a field or size target gives it
 * up (it becomes unmapped), so a field is never fed by two columns.
 */
export function assignColumn(mapping: SheetMapping, column: number, target: MappingTarget | null): SheetMapping {
  return {
    columns: mapping.columns.map((assignment) => {
      // What the values said was about the suggestion: a choice by hand stands on its own.
      const { evidence: _said, ...kept } = assignment;
      if (assignment.column === column) return { ...kept, target, confidence: 1, reason: target ? "manual" : null };
      if (target !== null && target.kind !== "attribute" && sameTarget(assignment.target, target)) {
        return { ...kept, target: null, confidence: 0, reason: null };
      }
      return assignment;
    }),
  };
}

/** Points a field at a column (or at none), freeing the column's previous target. */
export function assignField(mapping: SheetMapping, field: FieldId, column: number | null): SheetMapping {
  const target: MappingTarget = { kind: "field", field };
  if (column === null) {
    return {
      columns: mapping.columns.map((a) =>
        sameTarget(a.target, target) ? { ...a, target: null, confidence: 0, reason: null } : a,
      ),
    };
  }
  return assignColumn(mapping, column, target);
}
