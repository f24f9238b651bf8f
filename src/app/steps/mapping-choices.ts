import { IMPORT_FIELDS, type FieldId } from "../../core/fields";
import type { MappingTarget, MatchReason, SheetMapping } from "../../core/mapping/sheet-mapping";
import { sizeLayout } from "../../core/mapping/sheet-mapping";

const LAYOUT_TEXT = {
  wide: "one column per size",
  long: "a size column beside the quantity",
  none: "no size columns",
} as const;

/** How the mapping lays sizes out, in words: "one column per size". */
export const sizeLayoutText = (mapping: SheetMapping): string => LAYOUT_TEXT[sizeLayout(mapping)];

/** A column's use as a choice's value: "field:quantity", "size:XL", "attribute:Colour", or "" when kept as it is. */
export function targetValue(target: MappingTarget | null): string {
  if (target === null) return "";
  return target.kind === "field"
    ? `field:${target.field}`
    : target.kind === "size"
      ? `size:${target.size}`
      : `attribute:${target.attribute}`;
}

/** The use a choice's value names (see targetValue). */
export function parseTarget(value: string): MappingTarget | null {
  const [kind, ...rest] = value.split(":");
  const name = rest.join(":");
  if (kind === "size") return { kind: "size", size: name };
  if (kind === "attribute") return { kind: "attribute", attribute: name };
  if (kind === "field") return { kind: "field", field: name as FieldId };
  return null;
}

/** The fields still needed, by their labels. */
export const missingLabels = (missing: Iterable<FieldId>): string =>
  [...missing].map((id) => IMPORT_FIELDS.find((f) => f.id === id)?.label).join(", ");

/** Hidden rows of the sheet, the first ten named: " Rows 4, 9 are hidden in the file and are imported too." */
export function hiddenRowsText(hiddenRows: readonly number[]): string {
  if (hiddenRows.length === 0) return "";
  return (
    ` Rows ${hiddenRows.slice(0, 10).join(", ")}${hiddenRows.length > 10 ? "…" : ""} are hidden in the file ` +
    "and are imported too."
  );
}

/** How a column came to its target, in words: shown beside its confidence. */
export const MATCH_REASON_TEXT: Readonly<Record<MatchReason, string>> = {
  label: "the field's name",
  synonym: "a usual name for it",
  contains: "a word of the header",
  abbreviation: "a short form",
  fuzzy: "a near spelling",
  values: "its values",
  size: "a size",
  attribute: "the question's name",
  template: "your template",
  manual: "your choice",
};
