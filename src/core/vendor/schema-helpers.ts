import { z } from "zod";

/**
 * A string field whose documented values are known but which the vendor may extend at any
 * time (statuses, process codes, attribute types, charge types). Unknown values parse fine;
 * the type still offers the known ones for completion and exhaustive handling.
 */
export function openEnum<const Known extends readonly string[]>(_known: Known) {
  return z.string() as unknown as z.ZodType<Known[number] | (string & {}), string>;
}

/** A field the spec marks nullable; a missing key is tolerated the same way as null. */
export const nullableString = () => z.string().nullish();
export const nullableNumber = () => z.number().nullish();
export const nullableInt = () => z.int().nullish();
