import { escapeAttribute, openFormOf, readAttribute, withAttribute } from "../../xml/xml-attributes";
import { childElements, openTagOf, rootElement, type XmlElement } from "../../xml/xml-elements";
import { malformed } from "../../xml/xml-refusal";

const MONEY_FORMAT = "#,##0.00";
/** Dates as ISO writes them, which reads the same in every locale; a moment to the minute. */
const DATE_FORMATS = { date: "yyyy-mm-dd", "date-time": "yyyy-mm-dd hh:mm" } as const;
/** Number formats below this are built in; a workbook's own start here. */
const FIRST_CUSTOM_FORMAT = 164;

/** The stylesheet's sections in the order the schema requires. */
const SECTION_ORDER = [
  "numFmts",
  "fonts",
  "fills",
  "borders",
  "cellStyleXfs",
  "cellXfs",
  "cellStyles",
  "dxfs",
  "tableStyles",
  "colors",
  "extLst",
] as const;
type Section = (typeof SECTION_ORDER)[number];

/** What a section must start with when a workbook lacks it, so index 0 means what readers assume. */
const SECTION_DEFAULTS: Partial<Record<Section, (p: string) => string>> = {
  fonts: (p) => `<${p}font><${p}sz val="11"/><${p}name val="Calibri"/><${p}family val="2"/></${p}font>`,
  fills: (p) =>
    `<${p}fill><${p}patternFill patternType="none"/></${p}fill>` +
    `<${p}fill><${p}patternFill patternType="gray125"/></${p}fill>`,
  borders: (p) => `<${p}border><${p}left/><${p}right/><${p}top/><${p}bottom/><${p}diagonal/></${p}border>`,
  cellXfs: (p) => `<${p}xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>`,
};

/** A stylesheet for a workbook that has none. */
export const emptyStylesXml = (namespace: string) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  `<styleSheet xmlns="${escapeAttribute(namespace)}"></styleSheet>`;

interface SectionState {
  readonly element: XmlElement | undefined;
  /** Its children's XML, the workbook's first, then those added. */
  readonly items: string[];
  readonly added: string[];
}

/**
 * Adds the few cell formats the results need to a workbook's stylesheet without moving any
 * it has: new fonts, number formats and cell formats go after the existing ones, so every
 * style index in the workbook keeps its meaning. Ask for formats first, then take `toXml()`.
 */
export class StylesPatch {
  private readonly xml: string;
  private readonly root: XmlElement;
  private readonly sections = new Map<Section, SectionState>();
  /** The number format id of each format code asked for. */
  private readonly formatIds = new Map<string, number>();

  constructor(xml: string) {
    let root = rootElement(xml);
    if (root.name !== "styleSheet") throw malformed(`the stylesheet starts with <${root.name}>`);
    if (root.openEnd === root.end) {
      xml =
        xml.slice(0, root.start) +
        openFormOf(openTagOf(xml, root)) +
        `</${root.prefix}styleSheet>` +
        xml.slice(root.end);
      root = rootElement(xml);
    }
    this.xml = xml;
    this.root = root;
    const children = childElements(xml, root);
    for (const name of SECTION_ORDER) {
      const element = children.find((child) => child.name === name);
      const items = element ? childElements(xml, element).map((child) => xml.slice(child.start, child.end)) : [];
      const added: string[] = [];
      const defaults = SECTION_DEFAULTS[name]?.(root.prefix);
      if (items.length === 0 && defaults) {
        added.push(...childElements(defaults).map((child) => defaults.slice(child.start, child.end)));
        items.push(...added);
      }
      this.sections.set(name, { element, items, added });
    }
  }

  private section(name: Section): SectionState {
    return this.sections.get(name) as SectionState;
  }

  /** Adds an item to a section unless an identical one is there already; returns its index. */
  private add(name: Section, item: string): number {
    const section = this.section(name);
    const index = section.items.indexOf(item);
    if (index >= 0) return index;
    section.items.push(item);
    section.added.push(item);
    return section.items.length - 1;
  }

  private cellFormat(index: number): string {
    const formats = this.section("cellXfs").items;
    return formats[index] ?? (formats[0] as string);
  }

  /**
   * The cell format `index` (its fill, border, alignment), in the bold of its own font and the General number format.
   */
  boldFormat(index: number): number {
    const base = this.cellFormat(index);
    const fonts = this.section("fonts").items;
    const fontId = Number(readAttribute(base, "fontId") ?? 0);
    const font = fonts[fontId] ?? (fonts[0] as string);
    const boldId = isBold(font) && fonts[fontId] !== undefined ? fontId : this.add("fonts", withBold(font));
    return this.add("cellXfs", withAttributes(base, { numFmtId: 0, fontId: boldId, applyFont: 1 }));
  }

  /** The cell format `index` with the money number format. */
  moneyFormat(index: number): number {
    return this.withNumberFormat(index, MONEY_FORMAT);
  }

  /** The cell format `index` with the number format of a date ("2027-03-01") or a date-time ("2026-11-25 14:03"). */
  dateFormat(index: number, kind: keyof typeof DATE_FORMATS): number {
    return this.withNumberFormat(index, DATE_FORMATS[kind]);
  }

  private withNumberFormat(index: number, code: string): number {
    return this.add(
      "cellXfs",
      withAttributes(this.cellFormat(index), { numFmtId: this.formatIdOf(code), applyNumberFormat: 1 }),
    );
  }

  /** The id of a custom number format: the workbook's own when it has this one, else a new one after its others. */
  private formatIdOf(code: string): number {
    const known = this.formatIds.get(code);
    if (known !== undefined) return known;
    let highest = FIRST_CUSTOM_FORMAT - 1;
    for (const format of this.section("numFmts").items) {
      const id = Number(readAttribute(format, "numFmtId"));
      if (!Number.isInteger(id)) continue;
      if (readAttribute(format, "formatCode") === code) {
        this.formatIds.set(code, id);
        return id;
      }
      highest = Math.max(highest, id);
    }
    const id = highest + 1;
    this.formatIds.set(code, id);
    this.add("numFmts", `<${this.root.prefix}numFmt numFmtId="${id}" formatCode="${escapeAttribute(code)}"/>`);
    return id;
  }

  /** The stylesheet with what was added; undefined when nothing was. */
  toXml(): string | undefined {
    const edits: { readonly at: number; readonly end: number; readonly text: string }[] = [];
    const prefix = this.root.prefix;
    // A missing section goes before the next one there is, walking from the last.
    let missingAt = this.root.closeStart;
    for (const name of [...SECTION_ORDER].reverse()) {
      const { element, items, added } = this.section(name);
      if (element) missingAt = element.start;
      if (added.length === 0) continue;
      const counted = (tag: string) =>
        readAttribute(tag, "count") === undefined ? tag : withAttribute(tag, "count", items.length);
      if (!element) {
        edits.push({
          at: missingAt,
          end: missingAt,
          text: `<${prefix}${name} count="${items.length}">${added.join("")}</${prefix}${name}>`,
        });
      } else if (element.openEnd === element.end) {
        edits.push({
          at: element.start,
          end: element.end,
          text: `${counted(openFormOf(openTagOf(this.xml, element)))}${added.join("")}</${element.prefix}${name}>`,
        });
      } else {
        edits.push({ at: element.closeStart, end: element.closeStart, text: added.join("") });
        edits.push({ at: element.start, end: element.openEnd, text: counted(openTagOf(this.xml, element)) });
      }
    }
    if (edits.length === 0) return undefined;
    // From the end backwards, so earlier offsets still hold; the sort keeps the order of edits at one place.
    let xml = this.xml;
    for (const edit of edits.sort((a, b) => b.at - a.at)) xml = xml.slice(0, edit.at) + edit.text + xml.slice(edit.end);
    return xml;
  }
}

/** An element's XML with attributes of its start tag set. */
function withAttributes(element: string, values: Readonly<Record<string, string | number>>): string {
  const open = firstTag(element);
  let tag = open;
  for (const [name, value] of Object.entries(values)) tag = withAttribute(tag, name, value);
  return tag + element.slice(open.length);
}

function firstTag(element: string): string {
  return element.slice(0, element.indexOf(">") + 1);
}

const BOLD = /<(\w+:)?b(\s[^>]*)?\/?>/;

function isBold(font: string): boolean {
  const match = BOLD.exec(font);
  if (!match) return false;
  const value = readAttribute(match[0], "val");
  return value === undefined || value === "1" || value === "true";
}

/** A font's XML in bold: a `<b>` saying otherwise is replaced, else one is added first. */
function withBold(font: string): string {
  const prefix = /^<(\w+:)?/.exec(font)?.[1] ?? "";
  const bold = `<${prefix}b/>`;
  if (BOLD.test(font)) return font.replace(BOLD, bold);
  const open = firstTag(font);
  return open.endsWith("/>") ? `${openFormOf(open)}${bold}</${prefix}font>` : open + bold + font.slice(open.length);
}
