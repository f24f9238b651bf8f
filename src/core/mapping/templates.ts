import { z } from "zod";
import { normaliseHeader } from "./normalise";
import { MappingTarget, type ColumnAssignment, type SheetMapping } from "./sheet-mapping";

/** A mapping saved by name, to be offered again for sheets with the same headers; also the shape it is read back by. */
export const MappingTemplate = z
  .object({
    name: z.string(),
    /** Normalised headers joined: sheets with the same signature get the template offered. */
    signature: z.string(),
    headers: z.array(z.string()).readonly(),
    assignments: z.array(z.object({ header: z.string(), target: MappingTarget.nullable() }).readonly()).readonly(),
    savedAt: z.string(),
  })
  .readonly();
export type MappingTemplate = z.infer<typeof MappingTemplate>;

export function headerSignature(headers: readonly string[]): string {
  return headers.map(normaliseHeader).join("|");
}

export function createTemplate(
  name: string,
  headers: readonly string[],
  mapping: SheetMapping,
  savedAt: string,
): MappingTemplate {
  return {
    name: name.trim(),
    signature: headerSignature(headers),
    headers: [...headers],
    assignments: mapping.columns.map((c) => ({ header: c.header, target: c.target })),
    savedAt,
  };
}

/** The template's choices laid over the sheet's columns, matched by normalised header. */
export function applyTemplate(headers: readonly string[], template: MappingTemplate): SheetMapping {
  const byHeader = new Map(template.assignments.map((a) => [normaliseHeader(a.header), a.target]));
  const columns: ColumnAssignment[] = headers.map((header, column) => {
    const target = byHeader.get(normaliseHeader(header)) ?? null;
    return { column, header, target, confidence: target ? 1 : 0, reason: target ? "template" : null };
  });
  return { columns };
}
