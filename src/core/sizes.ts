/**
 * Garment size labels compared the way people write them: `XXL`, `2X` and `2XL` are one
 * size; `Youth 8` and `Y8` are size 8; `One size` is OSFA.
 */
const ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    XXS: ["XXS", "2XS", "XXSMALL"],
    XS: ["XS", "XSMALL", "EXTRASMALL", "XSM"],
    S: ["S", "SM", "SML", "SMALL"],
    M: ["M", "MD", "MED", "MEDIUM"],
    L: ["L", "LG", "LRG", "LARGE"],
    XL: ["XL", "XLG", "XLRG", "XLARGE", "EXTRALARGE"],
    "2XL": ["2XL", "XXL", "2X", "XXLARGE", "2XLARGE"],
    "3XL": ["3XL", "XXXL", "3X", "XXXLARGE", "3XLARGE"],
    "4XL": ["4XL", "XXXXL", "4X"],
    "5XL": ["5XL", "XXXXXL", "5X"],
    "6XL": ["6XL", "XXXXXXL", "6X"],
    OSFA: ["OSFA", "OS", "OSFM", "ONESIZE", "ONESIZEFITSALL", "ONESIZEFITSMOST"],
  }).flatMap(([key, spellings]) => spellings.map((spelling) => [spelling, key] as const)),
);

const YOUTH_PREFIX = /^(?:Y|YTH|YOUTH|K|KID|KIDS|CHILD|CHILDS|CHILDREN|JUNIOR|JR|SIZE)(\d{1,2})$/;

/** The comparison key of a size label; labels with the same key are the same size. */
export function sizeKey(label: string): string {
  const compact = label.toUpperCase().replace(/[\s._-]+/g, "");
  const alias = ALIASES.get(compact);
  if (alias !== undefined) return alias;
  const youth = YOUTH_PREFIX.exec(compact)?.[1];
  return youth !== undefined ? String(Number(youth)) : compact;
}

/** Sizes a column header may name in a wide layout, beyond those the catalogue lists. */
const COMMON_SIZE_KEYS: ReadonlySet<string> = new Set(ALIASES.values());

/**
 * Whether a header reads as a size label. Letter sizes and youth sizes ("Y8") always do; bare
 * numbers only when the catalogue lists them or `inRun` says a neighbour is a size too.
 */
export function looksLikeSize(header: string, catalogueSizeKeys: ReadonlySet<string>, inRun: boolean): boolean {
  const key = sizeKey(header);
  if (key === "") return false;
  if (COMMON_SIZE_KEYS.has(key) || YOUTH_PREFIX.test(header.toUpperCase().replace(/[\s._-]+/g, ""))) return true;
  if (/^\d{1,2}$/.test(key)) return catalogueSizeKeys.has(key) || (inRun && Number(key) % 2 === 0);
  return catalogueSizeKeys.has(key) && key !== "QTY";
}
