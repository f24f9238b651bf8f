import type { z } from "zod";
import { ENDPOINTS, ENDPOINT_IDS, type EndpointId } from "./endpoints";
import { QueryRule, type QueryIssue } from "./query-fields";

/** Each endpoint's documented query parameters, by lower-cased name, under their documented spelling. */
const DOCUMENTED_NAMES: ReadonlyMap<EndpointId, ReadonlyMap<string, string>> = new Map(
  ENDPOINT_IDS.map((id) => {
    const names = Object.keys(ENDPOINTS[id].query.shape);
    return [id, new Map(names.map((name) => [name.toLowerCase(), name]))];
  }),
);

/**
 * Keeps only the query parameters the endpoint documents, under their documented spelling.
 * Parameter names match case-insensitively; order and repeats are kept.
 */
export function pickDocumentedQuery(
  id: EndpointId,
  query: Iterable<readonly [string, string]>,
): [name: string, value: string][] {
  const allowed = DOCUMENTED_NAMES.get(id);
  const kept: [string, string][] = [];
  for (const [name, value] of query) {
    const canonical = allowed?.get(name.toLowerCase());
    if (canonical !== undefined) kept.push([canonical, value]);
  }
  return kept;
}

/** A query as read: its typed values, or every value that could not be read. */
export type QueryReading<Values> =
  | { readonly ok: true; readonly value: Values }
  | { readonly ok: false; readonly issues: readonly QueryIssue[] };

/**
 * Reads a query through an endpoint's schema (`ENDPOINTS[id].query`) the way the vendor's model
 * binding does: names in any case, the last of repeated parameters, an empty value as none,
 * anything undocumented ignored. Every unreadable value is an issue; nothing is thrown.
 */
export function parseQuery<Shape extends z.core.$ZodLooseShape>(
  schema: z.ZodObject<Shape>,
  query: Iterable<readonly [string, string]>,
): QueryReading<z.output<z.ZodObject<Shape>>> {
  const names = new Map(Object.keys(schema.shape).map((name) => [name.toLowerCase(), name]));
  const given: Record<string, string> = {};
  for (const [name, value] of query) {
    const canonical = names.get(name.toLowerCase());
    if (canonical === undefined) continue;
    if (value === "") delete given[canonical];
    else given[canonical] = value;
  }
  const parsed = schema.safeParse(given);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((issue): QueryIssue => {
    const name = String(issue.path[0] ?? "");
    const value = given[name] ?? "";
    const rule = QueryRule.safeParse(issue.code === "custom" ? issue.params : undefined);
    // Every field reads text and states its own rule; anything else would be a schema not built from them.
    return { name, value, ...(rule.success ? rule.data : { rule: "oneOf", values: [] }) };
  });
  return { ok: false, issues };
}
