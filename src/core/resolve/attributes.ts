import type { FieldId } from "../fields";
import { makeIssue, type Issue, type IssueCode } from "../issues";
import { closestBy, similarity } from "../mapping/normalise";
import type { Answer, OrderRow } from "../order-rows";
import type { AttributeDefinition, EnumerableValue, PriceCode } from "../vendor";
import { translationOf } from "../word-reading";
import { optionText, readOption } from "./option-words";
import { isKeyOf } from "./question-columns";
import { parseNumber } from "./values";

/** The custom-dimension attributes: width and height, answered by the width and height columns. */
export const DIMENSION_FIELDS: Readonly<Record<string, FieldId>> = { "DG-X": "width", "DG-Y": "height" };

export interface AttributeResolution {
  /** Attribute name (as the service returned it) to the value to send. */
  readonly values: Record<string, string | number>;
  readonly issues: Issue[];
  /** Width and height for a custom-dimension code, once both are valid. */
  readonly dimensions?: { readonly width: number; readonly height: number };
}

export interface AttributeContext {
  readonly orderNumber: string | undefined;
  readonly columnOf: (field: FieldId) => string | undefined;
  /** The header of the sheet's column for a question (by its name or label), blank on this row or not. */
  readonly columnOfQuestion?: ((definition: AttributeDefinition) => string | undefined) | undefined;
}

function answerFor(row: OrderRow, definition: AttributeDefinition): Answer | undefined {
  // A loop, not `find`: this runs for every question of every row, and a callback each time was garbage.
  for (const answer of row.attributes) if (isKeyOf(answer.key, definition)) return answer;
  return undefined;
}

/** The option whose value, else whose text, is exactly `value`. */
function exactOption(options: readonly EnumerableValue[], value: string): EnumerableValue | undefined {
  for (const option of options) if (option.value === value) return option;
  for (const option of options) if (option.text === value) return option;
  return undefined;
}

/** The option a select answer is, when it is one; the issue it raises, when it raises one. */
interface SelectReading {
  readonly option?: EnumerableValue;
  readonly issue?: { readonly code: IssueCode; readonly message: string; readonly suggestion?: string | undefined };
}

/**
 * A select answer among its options: as one's value or text; in other case (read with a note); in other
 * words, another language or spelling (read with a note when they name one option, else that option offered); a
 * misspelling of one offered. A near spelling never stands in for a translation: "Blanc" is never offered Black.
 */
function readSelect(value: string, definition: AttributeDefinition, label: string): SelectReading {
  const options = definition.enumerableValues ?? [];
  const exact = exactOption(options, value);
  if (exact) return { option: exact };
  const lower = value.toLowerCase();
  const loose =
    options.find((o) => o.text?.toLowerCase() === lower) ?? options.find((o) => o.value.toLowerCase() === lower);
  if (loose) {
    // Only the case differs: the option is meant, and sent as the vendor writes it (as an answer in other words is).
    const fix = loose.text?.toLowerCase() === lower ? (loose.text ?? loose.value) : loose.value;
    return {
      option: loose,
      issue: {
        code: "ATTRIBUTE_VALUE_CASE",
        message: `"${value}" is read as the option "${fix}" for ${label}, written in its own case.`,
        suggestion: fix,
      },
    };
  }
  const reading = readOption(value, definition);
  if (reading?.kind === "read") {
    const fix = optionText(reading.value);
    return {
      option: reading.value,
      issue: {
        code: "ATTRIBUTE_VALUE_NORMALISED",
        message: `"${value}" is read as the option ${fix} for ${label}.`,
        suggestion: fix,
      },
    };
  }
  const nearest = reading
    ? reading.kind === "near"
      ? reading.value
      : undefined
    : closestBy(
        options,
        (o) => Math.max(similarity(lower, (o.text ?? "").toLowerCase()), similarity(lower, o.value.toLowerCase())),
        0.6,
      );
  const translation = reading && translationOf(value, reading);
  const what = translation ? `"${value}" is read as ${translation}, which` : `"${value}"`;
  return {
    issue: {
      code: "ATTRIBUTE_VALUE_INVALID",
      message: `${what} is not an option for ${label}; the options are ${options.map(optionText).join(", ")}.`,
      suggestion: nearest ? optionText(nearest) : undefined,
    },
  };
}

/**
 * Answers a price code's questions from the row, by the definitions the service returned:
 * required ones present, select values among the options, numbers in range, text within its
 * length (too long is cut with a warning), custom sizes from the width and height columns.
 */
export function resolveAttributes(row: OrderRow, code: PriceCode, context: AttributeContext): AttributeResolution {
  const values: Record<string, string | number> = {};
  const issues: Issue[] = [];
  let dimensions: Record<string, number> | undefined;
  // The attribute being read, for `raise`: one closure for the row, where one made for each attribute was much of the
  // engine's garbage.
  let definition: AttributeDefinition;
  let label: string;
  let dimensionField: FieldId | undefined;
  let answer: Answer | undefined;
  const raise = (issueCode: IssueCode, message: string, suggestion?: string, column?: string) =>
    issues.push(
      makeIssue(
        issueCode,
        {
          rowNumber: row.rowNumber,
          orderNumber: context.orderNumber,
          field: dimensionField,
          column: column ?? (answer?.column || (dimensionField ? context.columnOf(dimensionField) : undefined)),
          attribute: dimensionField ? undefined : definition.name,
          attributeLabel: dimensionField ? undefined : label,
          priceCode: code.priceCode ?? undefined,
        },
        message,
        suggestion,
      ),
    );
  for (definition of code.attributes ?? []) {
    label = definition.label ?? definition.name;
    dimensionField = definition.isMetaDataAttribute ? DIMENSION_FIELDS[definition.name] : undefined;
    answer = dimensionField
      ? row.values[dimensionField] === undefined
        ? undefined
        : {
            key: definition.name,
            column: context.columnOf(dimensionField) ?? "",
            value: row.values[dimensionField] ?? "",
          }
      : answerFor(row, definition);

    if (answer === undefined) {
      if (dimensionField)
        raise(
          "PRICE_CODE_NEEDS_DIMENSIONS",
          `${code.priceCode} is made to size: give its ${dimensionField} (${label}).`,
        );
      else if (definition.required) {
        const column = context.columnOfQuestion?.(definition);
        if (column)
          raise(
            "ATTRIBUTE_REQUIRED",
            `${code.priceCode} needs ${label}: fill in its column, "${column}".`,
            undefined,
            column,
          );
        else
          raise("ATTRIBUTE_REQUIRED", `${code.priceCode} needs ${label}; add a column named "${label}" or fill it in.`);
      }
      continue;
    }
    const value = answer.value;
    switch (definition.type) {
      case "select": {
        const reading = readSelect(value, definition, label);
        if (reading.option) values[definition.name] = reading.option.value;
        if (reading.issue) raise(reading.issue.code, reading.issue.message, reading.issue.suggestion);
        break;
      }
      case "int":
      case "decimal": {
        const number = parseNumber(value);
        if (number === undefined || (definition.type === "int" && !Number.isInteger(number))) {
          raise(
            dimensionField ? "DIMENSION_INVALID" : "ATTRIBUTE_VALUE_INVALID",
            `${label} must be ${definition.type === "int" ? "a whole number" : "a number"}, not "${value}".`,
          );
        } else if (
          (definition.minValue != null && number < definition.minValue) ||
          (definition.maxValue != null && number > definition.maxValue)
        ) {
          const nearest =
            definition.minValue != null && number < definition.minValue ? definition.minValue : definition.maxValue;
          raise(
            dimensionField ? "DIMENSION_INVALID" : "ATTRIBUTE_OUT_OF_RANGE",
            `${label} must be between ${definition.minValue ?? "–"} and ${definition.maxValue ?? "–"}; ` +
              `it is ${number}.`,
            nearest == null ? undefined : String(nearest),
          );
        } else {
          values[definition.name] = number;
          if (dimensionField) (dimensions ??= {})[definition.name] = number;
        }
        break;
      }
      case "text": {
        let text = value;
        if (definition.maxLength != null && text.length > definition.maxLength) {
          text = text.slice(0, definition.maxLength);
          raise(
            "ATTRIBUTE_TRUNCATED",
            `${label} is longer than ${definition.maxLength} characters; "${text}" will be sent.`,
            text,
          );
        }
        if (definition.minLength != null && text.length < definition.minLength) {
          raise("ATTRIBUTE_TOO_SHORT", `${label} needs at least ${definition.minLength} characters.`);
        }
        values[definition.name] = text;
        break;
      }
      default:
        // An attribute type this importer does not know yet is sent as written.
        values[definition.name] = value;
    }
  }
  const width = dimensions?.["DG-X"];
  const height = dimensions?.["DG-Y"];
  return width !== undefined && height !== undefined
    ? { values, issues, dimensions: { width, height } }
    : { values, issues };
}
