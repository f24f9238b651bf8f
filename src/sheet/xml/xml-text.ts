const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(lt|gt|amp|quot|apos));/g;
const NAMED: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function replaceEntity(
  whole: string,
  hex: string | undefined,
  decimal: string | undefined,
  name: string | undefined,
): string {
  if (name !== undefined) return NAMED[name] ?? whole;
  const code = hex !== undefined ? parseInt(hex, 16) : Number(decimal);
  // A reference to no character (or to a lone surrogate) stays as it was written.
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
}

/**
 * Character data as XML defines it: line ends normalised to `\n`, then the five predefined
 * entities and character references replaced. Any other `&name;` stays as written: without a
 * document type there is nothing it could stand for.
 */
export function decodeXmlText(raw: string): string {
  let text = raw.indexOf("\r") === -1 ? raw : raw.replace(/\r\n?/g, "\n");
  if (text.indexOf("&") !== -1) text = text.replace(ENTITY, replaceEntity);
  return text;
}

/** An attribute value as XML defines it: whitespace characters become spaces before references are replaced. */
export function decodeXmlAttribute(raw: string): string {
  let isPlain = true;
  for (let i = 0; i < raw.length && isPlain; i++) {
    const c = raw.charCodeAt(i);
    isPlain = c !== 38 && c !== 9 && c !== 10 && c !== 13;
  }
  if (isPlain) return raw;
  const text = raw.replace(/\r\n|[\t\n\r]/g, " ");
  return text.indexOf("&") === -1 ? text : text.replace(ENTITY, replaceEntity);
}

/**
 * Spreadsheet text escapes: `_x000D_` stands for the character with that code (Excel writes
 * control characters so), and `_x005F_` escapes an underscore that would otherwise start one.
 */
export function decodeEscapedCharacters(text: string): string {
  return text.indexOf("_x") === -1
    ? text
    : text.replace(/_x([0-9A-F]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
