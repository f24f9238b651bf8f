import type { z } from "zod";
import { parseQuery, type QueryIssue } from "../../core/vendor";
import { fieldErrors, type SimResponse } from "./sim-response";

/** An unreadable query value in the words of the vendor's model binding. */
export function queryIssueText(issue: QueryIssue): string {
  const { name, value } = issue;
  switch (issue.rule) {
    case "wholeNumber":
      return (
        `The value '${value}' is not valid for ${name}; ` + `expected a whole number from ${issue.min} to ${issue.max}.`
      );
    case "number":
      return `The value '${value}' is not a valid number.`;
    case "trueOrFalse":
      return `The value '${value.toLowerCase()}' is not valid for ${name}; expected true or false.`;
    case "oneOf":
      return `The value '${value}' is not valid for ${name}; expected one of ${issue.values.join(", ")}.`;
  }
}

/**
 * Reads a request's query through its endpoint's schema (`ENDPOINTS[id].query`): the values, or
 * the 400 the vendor answers with every unreadable value keyed by its parameter.
 */
export function readQuery<Shape extends z.core.$ZodLooseShape>(
  schema: z.ZodObject<Shape>,
  query: URLSearchParams,
):
  | { readonly ok: true; readonly value: z.output<z.ZodObject<Shape>> }
  | { readonly ok: false; readonly refusal: SimResponse } {
  const reading = parseQuery(schema, query);
  if (reading.ok) return reading;
  const errors: Record<string, string[]> = {};
  for (const issue of reading.issues) (errors[issue.name] ??= []).push(queryIssueText(issue));
  return { ok: false, refusal: fieldErrors(errors) };
}
