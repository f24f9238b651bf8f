import { IMPORT_FIELDS, type FieldId } from "./fields";

/**
 * Which column feeds which field. Columns are 0-based indexes into the sheet's headers;
 * attribute columns carry the normalised attribute name or label they answer.
 */
export interface ColumnMapping {
  readonly fields: Readonly<Partial<Record<FieldId, number>>>;
  readonly attributes: readonly { readonly column: number; readonly key: string }[];
}

/** Lower case, accents dropped (ß as ss), `#` and `No.` read as "number", punctuation as spaces. */
export function normaliseHeader(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/#/g, " number ")
    .replace(/\bno\b\.?/g, " number ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const SYNONYMS: ReadonlyMap<string, FieldId> = new Map(
  IMPORT_FIELDS.flatMap((field) => [field.label, field.id, ...field.synonyms].map((name) => [normaliseHeader(name), field.id] as const)),
);

/**
 * Maps headers to fields by normalised name and synonyms, first column wins; columns left
 * over that name a price-code attribute (by `name` or `label`) become attribute columns.
 */
export function autoMap(headers: readonly string[], attributeKeys: Iterable<string>): ColumnMapping {
  const fields: Partial<Record<FieldId, number>> = {};
  const attributeSet = new Set([...attributeKeys].map(normaliseHeader));
  const attributes: { column: number; key: string }[] = [];
  headers.forEach((header, column) => {
    const normalised = normaliseHeader(header);
    if (normalised === "") return;
    if (attributeSet.has(normalised)) {
      attributes.push({ column, key: normalised });
      return;
    }
    const field = SYNONYMS.get(normalised);
    if (field !== undefined && fields[field] === undefined) fields[field] = column;
  });
  return { fields, attributes };
}
