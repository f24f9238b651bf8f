import { resolvePartPath } from "../../formats/part-paths";
import { escapeAttribute, openFormOf, readAttribute } from "../../xml/xml-attributes";
import { childElement, childElements, openTagOf, rootElement, type XmlElement } from "../../xml/xml-elements";
import { malformed } from "../../xml/xml-refusal";

const MAIN_NAMESPACE = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const WORKSHEET_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml";
const STYLES_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml";
const STYLES_RELATIONSHIP = "/styles";

/** The parts that describe a workbook, as text. */
export interface PackageTexts {
  readonly workbook: string;
  readonly relationships: string;
  readonly contentTypes: string;
}

export interface Relationship {
  readonly id: string;
  readonly type: string;
  /** The part it points at, as a zip entry name (`xl/worksheets/sheet1.xml`). */
  readonly part: string;
}

export interface WorkbookSheet {
  readonly name: string;
  readonly sheetId: number;
  /** Its `<sheet>` tag as written. */
  readonly tag: string;
  /** The name of the attribute giving its relationship, as written (`r:id`). */
  readonly idAttribute: string;
  readonly relationship: Relationship | undefined;
}

/** Relationship targets are read relative to the workbook part (`xl/`), or from the package root when absolute. */
const WORKBOOK_PART = "xl/workbook.xml";

/** A part's relationships to the parts inside the package (not those to outside addresses). */
export function readRelationships(xml: string): Relationship[] {
  const root = rootElement(xml);
  return childElements(xml, root)
    .filter((element) => element.name === "Relationship")
    .flatMap((element) => {
      const tag = openTagOf(xml, element);
      const id = readAttribute(tag, "Id");
      const target = readAttribute(tag, "Target");
      if (id === undefined || target === undefined || readAttribute(tag, "TargetMode") === "External") return [];
      return [{ id, type: readAttribute(tag, "Type") ?? "", part: resolvePartPath(WORKBOOK_PART, target) }];
    });
}

/** The `<sheets>` element and the sheets in it, in order. */
export function readSheets(
  workbookXml: string,
  relationships: readonly Relationship[],
): { sheets: WorkbookSheet[]; element: XmlElement } {
  const root = rootElement(workbookXml);
  const element = root.name === "workbook" ? childElement(workbookXml, root, "sheets") : undefined;
  if (!element) throw malformed("the workbook lists no sheets");
  const byId = new Map(relationships.map((relationship) => [relationship.id, relationship]));
  const sheets = childElements(workbookXml, element)
    .filter((child) => child.name === "sheet")
    .map((child) => {
      const tag = openTagOf(workbookXml, child);
      const idAttribute = /\s((?:[\w.-]+:)?id)\s*=/.exec(tag)?.[1] ?? "r:id";
      const id = readAttribute(tag, idAttribute) ?? "";
      return {
        name: readAttribute(tag, "name") ?? "",
        sheetId: Number(readAttribute(tag, "sheetId")) || 0,
        tag,
        idAttribute,
        relationship: byId.get(id),
      };
    });
  return { sheets, element };
}

/** The namespace of the workbook's own elements, for the parts added beside them. */
export function mainNamespace(workbookXml: string): string {
  const root = rootElement(workbookXml);
  const tag = openTagOf(workbookXml, root);
  return readAttribute(tag, root.prefix ? `xmlns:${root.prefix.slice(0, -1)}` : "xmlns") ?? MAIN_NAMESPACE;
}

/** The workbook's styles part and its relationship, if it has one. */
export function stylesRelationship(relationships: readonly Relationship[]): Relationship | undefined {
  return relationships.find((relationship) => relationship.type.endsWith(STYLES_RELATIONSHIP));
}

export interface NewSheet {
  readonly name: string;
  /** Its part, e.g. `xl/worksheets/sheet4.xml`. */
  readonly part: string;
}

/** `element` with `children` added after its own; an empty element (`<Types/>`) is opened for them. */
function appendChildren(xml: string, element: XmlElement, children: string): string {
  if (element.openEnd !== element.end)
    return xml.slice(0, element.closeStart) + children + xml.slice(element.closeStart);
  return (
    xml.slice(0, element.start) +
    openFormOf(openTagOf(xml, element)) +
    children +
    `</${element.prefix}${element.name}>` +
    xml.slice(element.end)
  );
}

/** A relationship id not taken yet, counting on from the number of relationships. */
function freeIds(taken: ReadonlySet<string>, count: number): string[] {
  const ids: string[] = [];
  for (let n = taken.size + 1; ids.length < count; n++) if (!taken.has(`rId${n}`)) ids.push(`rId${n}`);
  return ids;
}

/**
 * The workbook, its relationships and content types with `sheets` added after the last sheet
 * (each with the next sheet id and relationship id, and `styles` when the workbook had no
 * stylesheet). `like`, a sheet of the workbook's, gives the relationship type and the id
 * attribute the new ones copy.
 */
export function addSheets(
  texts: PackageTexts,
  like: WorkbookSheet,
  sheets: readonly NewSheet[],
  styles?: string,
): PackageTexts {
  const relationshipsRoot = rootElement(texts.relationships);
  const takenIds = new Set(
    childElements(texts.relationships, relationshipsRoot).map(
      (element) => readAttribute(openTagOf(texts.relationships, element), "Id") ?? "",
    ),
  );
  const ids = freeIds(takenIds, sheets.length + 1);
  const { sheets: existing, element } = readSheets(texts.workbook, readRelationships(texts.relationships));
  const nextSheetId = Math.max(0, ...existing.map((sheet) => sheet.sheetId)) + 1;
  const workbookPrefix = element.prefix;
  // The id attribute's prefix is declared on the workbook, or (rarely) on the sheet itself, where the new sheets need
  // it too.
  const idPrefix = like.idAttribute.includes(":")
    ? like.idAttribute.slice(0, like.idAttribute.indexOf(":"))
    : undefined;
  const ownDeclaration = idPrefix === undefined ? undefined : readAttribute(like.tag, `xmlns:${idPrefix}`);
  const declaration = ownDeclaration === undefined ? "" : ` xmlns:${idPrefix}="${escapeAttribute(ownDeclaration)}"`;
  const sheetTags = sheets
    .map(
      (sheet, i) =>
        `<${workbookPrefix}sheet name="${escapeAttribute(sheet.name)}" ` +
        `sheetId="${nextSheetId + i}" ${like.idAttribute}="${ids[i]}"${declaration}/>`,
    )
    .join("");
  const workbook = appendChildren(texts.workbook, element, sheetTags);

  const relationshipPrefix = relationshipsRoot.prefix;
  const relationshipTags = sheets.map(
    (sheet, i) =>
      `<${relationshipPrefix}Relationship Id="${ids[i]}" Type="${escapeAttribute(like.relationship?.type ?? "")}" ` +
      `Target="${escapeAttribute(relativeToWorkbook(sheet.part))}"/>`,
  );
  if (styles)
    relationshipTags.push(
      `<${relationshipPrefix}Relationship Id="${ids[sheets.length]}" ` +
        `Type="${escapeAttribute((like.relationship?.type ?? "").replace(/\/worksheet$/, STYLES_RELATIONSHIP))}" ` +
        `Target="${escapeAttribute(relativeToWorkbook(styles))}"/>`,
    );
  const relationships = appendChildren(texts.relationships, relationshipsRoot, relationshipTags.join(""));

  const typesRoot = rootElement(texts.contentTypes);
  const typesPrefix = typesRoot.prefix;
  const overrides = sheets.map(
    (sheet) =>
      `<${typesPrefix}Override PartName="/${escapeAttribute(sheet.part)}" ContentType="${WORKSHEET_CONTENT_TYPE}"/>`,
  );
  if (styles)
    overrides.push(
      `<${typesPrefix}Override PartName="/${escapeAttribute(styles)}" ContentType="${STYLES_CONTENT_TYPE}"/>`,
    );
  const contentTypes = appendChildren(texts.contentTypes, typesRoot, overrides.join(""));
  return { workbook, relationships, contentTypes };
}

function relativeToWorkbook(part: string): string {
  return part.startsWith("xl/") ? part.slice(3) : `/${part}`;
}

/** Part names in use or promised: entries, and content-type overrides that may name a part not there. */
export function takenPartNames(entryNames: readonly string[], contentTypesXml: string): Set<string> {
  const taken = new Set(entryNames.map((name) => name.toLowerCase()));
  for (const element of childElements(contentTypesXml, rootElement(contentTypesXml))) {
    const part = readAttribute(openTagOf(contentTypesXml, element), "PartName");
    if (part) taken.add(part.replace(/^\//, "").toLowerCase());
  }
  return taken;
}

/** `count` new worksheet part names, numbered after the highest there is. */
export function newWorksheetParts(taken: ReadonlySet<string>, count: number): string[] {
  let highest = 0;
  for (const name of taken) {
    const n = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1];
    if (n) highest = Math.max(highest, Number(n));
  }
  const parts: string[] = [];
  for (let n = highest + 1; parts.length < count; n++)
    if (!taken.has(`xl/worksheets/sheet${n}.xml`)) parts.push(`xl/worksheets/sheet${n}.xml`);
  return parts;
}
