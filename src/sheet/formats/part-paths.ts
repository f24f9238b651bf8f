/** The folder of a part (`xl/worksheets/sheet1.xml` → `xl/worksheets/`). */
function folderOf(part: string): string {
  return part.slice(0, part.lastIndexOf("/") + 1);
}

/** A relationship target as a path inside the zip: relative to the source part's folder, or absolute. */
export function resolvePartPath(sourcePart: string, target: string): string {
  const joined = target.startsWith("/") ? target.slice(1) : folderOf(sourcePart) + target;
  const segments: string[] = [];
  for (const segment of joined.split("/")) {
    if (segment === "..") segments.pop();
    else if (segment !== "." && segment !== "") segments.push(segment);
  }
  return segments.join("/");
}

/** Where a part's relationships are kept: `xl/workbook.xml` → `xl/_rels/workbook.xml.rels`. */
export function relationshipsPathOf(part: string): string {
  return `${folderOf(part)}_rels/${part.slice(part.lastIndexOf("/") + 1)}.rels`;
}
