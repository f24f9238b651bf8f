import { questionLabel, type CatalogueSnapshot } from "../../core/catalogue";
import { fieldById, type FieldId } from "../../core/fields";
import type { MappingTarget } from "../../core/mapping/sheet-mapping";

export interface EditorOption {
  readonly value: string;
  readonly label?: string;
}

/** How a cell is edited: free text, a number, a date, or a value from a list the vendor gave. */
export type CellEditor =
  | { readonly kind: "text" }
  | { readonly kind: "number" }
  | { readonly kind: "date" }
  | { readonly kind: "list"; readonly options: readonly EditorOption[] };

const TEXT: CellEditor = { kind: "text" };
const NUMBER: CellEditor = { kind: "number" };
const YES_NO: CellEditor = { kind: "list", options: [{ value: "Yes" }, { value: "No" }] };
const NUMBER_FIELDS: ReadonlySet<FieldId> = new Set(["quantity", "width", "height"]);
const YES_NO_FIELDS: ReadonlySet<FieldId> = new Set(["mustDate", "sample", "saturdayDelivery"]);

/** Values the vendor allows for a price-code question, from every price code that asks it by that name or label. */
function attributeOptions(attribute: string, snapshot: CatalogueSnapshot): EditorOption[] {
  const options = new Map<string, EditorOption>();
  for (const code of snapshot.priceCodes) {
    for (const definition of code.attributes ?? []) {
      if (definition.name !== attribute && definition.label !== attribute) continue;
      for (const value of definition.enumerableValues ?? [])
        options.set(value.value, { value: value.value, label: value.text ?? undefined });
    }
  }
  return [...options.values()];
}

function fieldEditor(field: FieldId, snapshot: CatalogueSnapshot | undefined): CellEditor {
  if (NUMBER_FIELDS.has(field)) return NUMBER;
  if (YES_NO_FIELDS.has(field)) return YES_NO;
  if (field === "dueDate") return { kind: "date" };
  if (field === "itemType")
    return { kind: "list", options: [{ value: "PriceCode" }, { value: "Asset" }, { value: "Stock" }] };
  if (!snapshot) return TEXT;
  switch (field) {
    case "deliveryMethod":
      return {
        kind: "list",
        options: snapshot.deliveryOptions.map((o) => ({ value: o.code, label: o.label ?? undefined })),
      };
    case "country":
      return { kind: "list", options: snapshot.countries.countries.map((c) => ({ value: c.name, label: c.iso2 })) };
    case "state": {
      const states = new Map<string, EditorOption>();
      for (const list of Object.values(snapshot.states))
        for (const s of list) states.set(s.name, { value: s.name, label: s.abbreviation ?? undefined });
      return { kind: "list", options: [...states.values()] };
    }
    case "size": {
      const sizes = new Set(snapshot.sizeSets.flatMap((set) => set.sizes));
      return { kind: "list", options: [...sizes].map((value) => ({ value })) };
    }
    default:
      return TEXT;
  }
}

/** The editor for a column, from what the column is mapped to and the account's live lookups. */
export function editorFor(target: MappingTarget | null, snapshot: CatalogueSnapshot | undefined): CellEditor {
  if (target === null) return TEXT;
  switch (target.kind) {
    case "size":
      return NUMBER;
    case "attribute": {
      const options = snapshot ? attributeOptions(target.attribute, snapshot) : [];
      return options.length > 0 ? { kind: "list", options } : TEXT;
    }
    case "field":
      return fieldEditor(target.field, snapshot);
  }
}

/**
 * What a column is mapped to, in words: a field by its label ("Order number", "Code"), a size ("Size S"), a price
 * code's question by its label from the catalogue ("Vinyl colour"), never by the vendor's key.
 */
export function targetLabel(target: MappingTarget | null, snapshot: CatalogueSnapshot | undefined): string {
  if (target === null) return "kept as it is";
  if (target.kind === "field") return fieldById(target.field).label;
  if (target.kind === "size") return `Size ${target.size}`;
  return questionLabel(snapshot, target.attribute);
}

/** A column of the review grid: its header, what it is mapped to (and that in words), and how its cells are edited. */
export interface GridColumn {
  readonly header: string;
  readonly target: MappingTarget | null;
  readonly targetText: string;
  readonly editor: CellEditor;
}

/** The review grid's column for a header and what it is mapped to. */
export function gridColumn(
  header: string,
  target: MappingTarget | null,
  snapshot: CatalogueSnapshot | undefined,
): GridColumn {
  return { header, target, targetText: targetLabel(target, snapshot), editor: editorFor(target, snapshot) };
}
