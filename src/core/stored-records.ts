import type { z } from "zod";

/** Records read back from storage: those of their schema's shape (repaired where it says how), and the rest. */
export interface StoredRecords<T> {
  readonly kept: T[];
  /** Each record left out, as it was read, for the store to name it in a message. */
  readonly unread: unknown[];
}

/**
 * Parses every record read back from storage by its schema (`safeParse`: storage is a trust
 * boundary, written by other versions, other tabs and interrupted writes). A record of another
 * shape is left out, never thrown on and never passed on to code that would trust it.
 */
export function readStoredRecords<T>(schema: z.ZodType<T>, values: Iterable<unknown>): StoredRecords<T> {
  const kept: T[] = [];
  const unread: unknown[] = [];
  for (const value of values) {
    const parsed = schema.safeParse(value);
    if (parsed.success) kept.push(parsed.data);
    else unread.push(value);
  }
  return { kept, unread };
}

/** A text field of a record that did not parse, to name it by (undefined when it has none). */
export function textFieldOf(value: unknown, field: string): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const text: unknown = Reflect.get(value, field);
  return typeof text === "string" ? text : undefined;
}
