import { z } from "zod";

/**
 * Query parameters as a query string carries them: every field schema reads a string and gives
 * the typed value, and an unreadable value becomes an issue with the rule it broke, as data
 * (the simulator puts it into the vendor's words; the client's types never let one be sent).
 */

/** The rule a query value broke. */
export const QueryRule = z.discriminatedUnion("rule", [
  z.object({ rule: z.literal("wholeNumber"), min: z.number(), max: z.number() }),
  z.object({ rule: z.literal("number") }),
  z.object({ rule: z.literal("trueOrFalse") }),
  z.object({ rule: z.literal("oneOf"), values: z.array(z.string()).readonly() }),
]);
export type QueryRule = z.infer<typeof QueryRule>;

/** One unreadable query value: the parameter (as documented), the value as sent, and the rule it broke. */
export type QueryIssue = QueryRule & { readonly name: string; readonly value: string };

/** The largest value of the vendor's integers (32-bit), where the spec gives no bound of its own. */
export const MAX_QUERY_INT = 2_147_483_647;

function refuse(ctx: z.RefinementCtx<string>, value: string, rule: QueryRule): never {
  ctx.issues.push({ code: "custom", input: value, message: `not valid: ${rule.rule}`, params: { ...rule, value } });
  return z.NEVER;
}

/** A whole number from `min` to `max`, written in digits ("7", " 7 ", "-1"; not "7.0" or "1e3"). */
export function queryWholeNumber(min: number, max = MAX_QUERY_INT) {
  return z.string().transform((text, ctx) => {
    const value = Number(text);
    if (/^-?\d+$/.test(text.trim()) && value >= min && value <= max) return value;
    return refuse(ctx, text, { rule: "wholeNumber", min, max });
  });
}

/** Any finite number ("12.5"). */
export function queryNumber() {
  return z.string().transform((text, ctx) => {
    const value = Number(text);
    return Number.isFinite(value) ? value : refuse(ctx, text, { rule: "number" });
  });
}

/** `true` or `false`, in any case. */
export function queryFlag() {
  return z.string().transform((text, ctx) => {
    const value = text.toLowerCase();
    if (value === "true") return true;
    if (value === "false") return false;
    return refuse(ctx, text, { rule: "trueOrFalse" });
  });
}

/** One of the documented values, matched in any case and given back as documented. */
export function queryChoice<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.string().transform((text, ctx): Values[number] => {
    const match = values.find((option) => option.toLowerCase() === text.toLowerCase());
    return match ?? refuse(ctx, text, { rule: "oneOf", values });
  });
}

/** A comma-separated list, each entry trimmed, empty entries left out. */
export function queryList() {
  return z.string().transform((text) =>
    text
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== ""),
  );
}

/** Text as sent, untrimmed. */
export function queryText() {
  return z.string();
}
