import { z } from "zod";
import { MappingTarget } from "./sheet-mapping";
import { headerSignature, type MappingTemplate } from "./templates";

/**
 * A mapping template as a JSON file: the page's saved template record as it is stored
 * (`{ name, signature, headers, assignments, savedAt }`), which `templateFileText` writes. Only
 * `assignments` is needed, so a file can be written by hand too:
 *
 * ```json
 * { "name": "German orders",
 *   "assignments": [
 *     { "header": "Auftragsnr.", "target": { "kind": "field", "field": "orderNumber" } },
 *     { "header": "Größe XL", "target": { "kind": "size", "size": "XL" } },
 *     { "header": "Stoff", "target": { "kind": "attribute", "attribute": "Fabric" } },
 *     { "header": "Bemerkung", "target": null } ] }
 * ```
 *
 * A header is matched to a sheet's as mapping matches headers (case, accents and punctuation
 * aside); a column whose header the file does not name is kept as it is. `name` defaults to
 * the file's name, `headers` to the assignments' headers; `signature` is always worked out
 * again from the headers, and `savedAt` is kept as written. Other keys are ignored.
 */
export const MappingTemplateFile = z.object({
  name: z.string().optional(),
  signature: z.string().optional(),
  headers: z.array(z.string()).optional(),
  assignments: z.array(z.object({ header: z.string(), target: MappingTarget.nullable() })).min(1),
  savedAt: z.string().optional(),
});
export type MappingTemplateFile = z.infer<typeof MappingTemplateFile>;

/** A saved template as the JSON file it is exported to (and read back from). */
export function templateFileText(template: MappingTemplate): string {
  return `${JSON.stringify(template, null, 2)}\n`;
}

/** Where in a file a problem is: `assignments[2].target.field`. */
function pathText(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`)).join("");
}

/**
 * Reads a template file's text; `fallbackName` names a template whose file gives it no name
 * (the file's name, as a rule). A file of another shape is refused with the first thing
 * wrong in it and where.
 */
export function readTemplateFile(
  text: string,
  fallbackName: string,
): { readonly ok: true; readonly template: MappingTemplate } | { readonly ok: false; readonly message: string } {
  let json: unknown;
  try {
    // Editors on Windows may start the file with a byte order mark.
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { ok: false, message: `it is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = MappingTemplateFile.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue && issue.path.length > 0 ? ` at ${pathText(issue.path)}` : "";
    const what = issue ? `${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}` : "unreadable";
    return { ok: false, message: `it is not a mapping template: ${what}${where}` };
  }
  const file = parsed.data;
  const headers = file.headers ?? file.assignments.map((a) => a.header);
  return {
    ok: true,
    template: {
      name: file.name?.trim() || fallbackName,
      signature: headerSignature(headers),
      headers,
      assignments: file.assignments,
      savedAt: file.savedAt ?? "",
    },
  };
}
