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

/** A choice in a list of uses for a column: its value (see targetValue) and what it shows. */
export interface TargetChoice {
  readonly value: string;
  readonly label: string;
}

/**
 * The price codes' questions a column can answer, one choice each, shown by label: the vendor names a question by its
 * key and its label, and both are among `attributes`. A choice's value is the first of those names, or the one the
 * column is mapped to now (`current`), so the list shows what the mapping holds.
 */
export function questionChoices(
  attributes: readonly string[],
  labelOf: (attribute: string) => string,
  current: MappingTarget | null,
): TargetChoice[] {
  const chosen = current?.kind === "attribute" ? current.attribute : undefined;
  const byLabel = new Map<string, TargetChoice>();
  for (const attribute of attributes) {
    const label = labelOf(attribute);
    if (!byLabel.has(label) || attribute === chosen) byLabel.set(label, { value: `attribute:${attribute}`, label });
  }
  if (chosen !== undefined && !attributes.includes(chosen)) {
    const label = labelOf(chosen);
    byLabel.set(label, { value: `attribute:${chosen}`, label });
  }
  return [...byLabel.values()];
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
  translation: "the question's name in another language",
  template: "your template",
  manual: "your choice",
};
