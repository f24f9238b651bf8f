import { IMPORT_FIELDS, type FieldId } from "../fields";
import { normaliseHeader } from "../mapping/normalise";
import { DIMENSION_FIELDS } from "../resolve/attributes";
import type { AttributeDefinition, PriceCode } from "../vendor";

/**
 * One column of questions: every chosen price code's question with this heading. A row answers the question of its own
 * code, so one column serves each code that asks it ("Player name" for names of any height).
 */
export interface FormQuestion {
  /** The question's label (its name where the label is a field's own). */
  readonly heading: string;
  /** The vendor's names of the questions the column answers. */
  readonly names: readonly string[];
  /** The type every code gives the question; undefined when they differ. */
  readonly type: string | undefined;
  /** A select question's options, as the importer reads them back (their text, else their value). */
  readonly options: readonly string[];
  /** Fewest and most: the value of a number, the characters of a text; the loosest of the codes'. */
  readonly least: number | undefined;
  readonly most: number | undefined;
  readonly description: string | undefined;
  /** The codes that ask it, in the catalogue's order. */
  readonly askedBy: readonly { readonly code: string; readonly isRequired: boolean }[];
}

/** A field that answers custom-size codes' dimension (width or height), with the loosest of their ranges. */
export interface FormDimension {
  readonly field: FieldId;
  readonly least: number | undefined;
  readonly most: number | undefined;
  /** The codes made to size, which this field answers. */
  readonly askedBy: readonly string[];
}

export interface FormQuestions {
  readonly questions: readonly FormQuestion[];
  /** Width and height, when a chosen code is made to size. */
  readonly dimensions: readonly FormDimension[];
}

/**
 * A field's label as a heading would be taken for the field, not the question: a question so labelled is headed by its
 * name.
 */
const FIELD_LABELS: ReadonlySet<string> = new Set(IMPORT_FIELDS.map((field) => normaliseHeader(field.label)));

interface Gathered {
  heading: string;
  names: string[];
  types: Set<string>;
  options: string[];
  least: number | undefined;
  most: number | undefined;
  isBoundless: { least: boolean; most: boolean };
  description: string | undefined;
  askedBy: { code: string; isRequired: boolean }[];
}

function headingOf(definition: AttributeDefinition): string | undefined {
  for (const text of [definition.label, definition.name]) {
    const key = text ? normaliseHeader(text) : "";
    if (text && key !== "" && !FIELD_LABELS.has(key)) return text.trim();
  }
  // A question named and labelled like a field cannot have a column of its own that the importer tells apart.
  return undefined;
}

/** The values a select question offers, as text the importer matches: an option's text, else its value. */
function optionTexts(definition: AttributeDefinition): string[] {
  const options = definition.enumerableValues ?? [];
  const texts = options.map((o) => (o.text && o.text.trim() !== "" ? o.text : o.value));
  const count = new Map<string, number>();
  for (const text of texts) count.set(text, (count.get(text) ?? 0) + 1);
  // Two options written alike would read back as the first: those are offered by their values.
  return options.map((o, i) => {
    const text = texts[i] ?? o.value;
    return count.get(text) === 1 ? text : o.value;
  });
}

function bounds(definition: AttributeDefinition): {
  least: number | null | undefined;
  most: number | null | undefined;
} {
  return definition.type === "text"
    ? { least: definition.minLength, most: definition.maxLength }
    : { least: definition.minValue, most: definition.maxValue };
}

function emptyGathered(heading: string): Gathered {
  return {
    heading,
    names: [],
    types: new Set(),
    options: [],
    least: undefined,
    most: undefined,
    isBoundless: { least: false, most: false },
    description: undefined,
    askedBy: [],
  };
}

function gather(into: Gathered, definition: AttributeDefinition, code: string): void {
  if (!into.names.includes(definition.name)) into.names.push(definition.name);
  into.types.add(definition.type);
  for (const option of optionTexts(definition)) if (!into.options.includes(option)) into.options.push(option);
  const { least, most } = bounds(definition);
  if (least == null) into.isBoundless.least = true;
  else into.least = into.least === undefined ? least : Math.min(into.least, least);
  if (most == null) into.isBoundless.most = true;
  else into.most = into.most === undefined ? most : Math.max(into.most, most);
  into.description ??= definition.description?.trim() || undefined;
  into.askedBy.push({ code, isRequired: definition.required === true });
}

/**
 * The question columns of some price codes: one per heading, in the order the codes first ask them. Custom sizes'
 * dimensions are not questions: they are answered by the width and height columns.
 */
export function formQuestions(priceCodes: readonly PriceCode[]): FormQuestions {
  const byHeading = new Map<string, Gathered>();
  const dimensions = new Map<FieldId, Gathered>();
  for (const code of priceCodes) {
    for (const definition of code.attributes ?? []) {
      const dimension = definition.isMetaDataAttribute ? DIMENSION_FIELDS[definition.name] : undefined;
      const heading = dimension ?? headingOf(definition);
      if (heading === undefined) continue;
      const into: Map<string, Gathered> = dimension ? dimensions : byHeading;
      const key = dimension ?? normaliseHeader(heading);
      let gathered = into.get(key);
      if (gathered === undefined) into.set(key, (gathered = emptyGathered(heading)));
      gather(gathered, definition, code.priceCode ?? "");
    }
  }
  const least = (g: Gathered) => (g.isBoundless.least ? undefined : g.least);
  const most = (g: Gathered) => (g.isBoundless.most ? undefined : g.most);
  const questions = [...byHeading.values()].map((g): FormQuestion => {
    const type = g.types.size === 1 ? [...g.types][0] : undefined;
    return {
      heading: g.heading,
      names: g.names,
      type,
      options: type === "select" ? g.options : [],
      least: least(g),
      most: most(g),
      description: g.description,
      askedBy: g.askedBy,
    };
  });
  // Width before height, as the importer's fields are.
  const fields = [...new Set(Object.values(DIMENSION_FIELDS))];
  return {
    questions,
    dimensions: fields.flatMap((field) => {
      const g = dimensions.get(field);
      return g ? [{ field, least: least(g), most: most(g), askedBy: g.askedBy.map((a) => a.code) }] : [];
    }),
  };
}
