/**
 * What a file is, from its first bytes: the signatures of the artwork formats print shops take, and the pixel size
 * and resolution raster headers state. Every read is bounds-checked, since the bytes may be cut anywhere or hostile.
 */

/** The kinds of file a link to artwork turns out to be. */
export type ArtworkKind =
  | "pdf"
  | "ai"
  | "eps"
  | "svg"
  | "png"
  | "jpeg"
  | "tiff"
  | "psd"
  | "gif"
  | "webp"
  | "html"
  | "other";

/** What the first bytes of a file say it is. */
export interface ArtworkBytes {
  readonly kind: ArtworkKind;
  /** What a person calls it: "PDF", "Illustrator (PDF-compatible)", "PNG image", "web page", "unknown file"… */
  readonly label: string;
  /** Raster images only, when the header in the bytes given says: pixel size. */
  readonly pixels?: { readonly width: number; readonly height: number };
  /** Raster images only, when stated in the file: resolution in dots per inch (rounded), horizontal and vertical. */
  readonly dpi?: { readonly x: number; readonly y: number };
  /** Whether the kind is one print shops take as artwork (pdf, ai, eps, svg, png, jpeg, tiff, psd). */
  readonly isArtwork: boolean;
}

const LABELS: Readonly<Record<ArtworkKind, string>> = {
  pdf: "PDF",
  ai: "Illustrator (PDF-compatible)",
  eps: "EPS",
  svg: "SVG",
  png: "PNG image",
  jpeg: "JPEG image",
  tiff: "TIFF image",
  psd: "Photoshop file",
  gif: "GIF image",
  webp: "WebP image",
  html: "web page",
  other: "unknown file",
};

const ARTWORK_KINDS: ReadonlySet<ArtworkKind> = new Set(["pdf", "ai", "eps", "svg", "png", "jpeg", "tiff", "psd"]);

/** The most text looked through for markers, as callers hand over at most this much. */
const TEXT_LIMIT = 65536;

type Read = (bytes: Uint8Array, at: number) => number | undefined;

const be16: Read = (b, at) => (at >= 0 && at + 2 <= b.length ? (b[at] ?? 0) * 256 + (b[at + 1] ?? 0) : undefined);
const le16: Read = (b, at) => (at >= 0 && at + 2 <= b.length ? (b[at + 1] ?? 0) * 256 + (b[at] ?? 0) : undefined);
// Multiplying rather than shifting keeps the top bit from turning the number negative.
const be32: Read = (b, at) => {
  const high = be16(b, at);
  const low = be16(b, at + 2);
  return high === undefined || low === undefined ? undefined : high * 65536 + low;
};
const le32: Read = (b, at) => {
  const low = le16(b, at);
  const high = le16(b, at + 2);
  return high === undefined || low === undefined ? undefined : high * 65536 + low;
};

/** Bytes as Latin-1 text, each byte one character; enough to find ASCII markers. Cut short at the end of the bytes. */
function ascii(b: Uint8Array, from: number, to: number): string {
  let text = "";
  const end = Math.min(to, b.length);
  // In chunks, as one call with tens of thousands of arguments can overflow the stack.
  for (let at = Math.max(0, from); at < end; at += 8192) {
    text += String.fromCharCode(...b.subarray(at, Math.min(end, at + 8192)));
  }
  return text;
}

function found(kind: ArtworkKind, label = LABELS[kind]): ArtworkBytes {
  return { kind, label, isArtwork: ARTWORK_KINDS.has(kind) };
}

/** A raster result, keeping only a size and resolution that are whole, positive and fully read. */
function raster(kind: ArtworkKind, size: (number | undefined)[], dpi: (number | undefined)[] = []): ArtworkBytes {
  const [width, height] = size;
  const [x, y] = dpi.map((value) => (value === undefined || !Number.isFinite(value) ? 0 : Math.round(value)));
  return {
    ...found(kind),
    ...(width && height ? { pixels: { width, height } } : {}),
    ...(x && y && x > 0 && y > 0 ? { dpi: { x, y } } : {}),
  };
}

/** PNG: IHDR comes first; pHYs, when present, comes before the first IDAT. */
function readPng(b: Uint8Array): ArtworkBytes {
  const size = ascii(b, 12, 16) === "IHDR" ? [be32(b, 16), be32(b, 20)] : [];
  for (let at = 8; at + 8 <= b.length; ) {
    const length = be32(b, at) ?? 0;
    const type = ascii(b, at + 4, at + 8);
    if (type === "IDAT" || type === "IEND") break;
    if (type === "pHYs") {
      // Unit 1 is per metre; unit 0 states only the aspect ratio.
      const perMetre = b[at + 16] === 1;
      const [x, y] = [be32(b, at + 8), be32(b, at + 12)];
      return raster("png", size, perMetre && x !== undefined && y !== undefined ? [x * 0.0254, y * 0.0254] : []);
    }
    at += 12 + length;
  }
  return raster("png", size);
}

const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: walks the marker segments up to the start of the scan for the frame size and the JFIF density. */
function readJpeg(b: Uint8Array): ArtworkBytes {
  let size: (number | undefined)[] = [];
  let dpi: (number | undefined)[] = [];
  let at = 2;
  while (at < b.length && b[at] === 0xff) {
    let m = at + 1;
    while (b[m] === 0xff) m++;
    const marker = b[m];
    const segment = m + 1;
    if (marker === undefined || marker === 0xda || marker === 0xd9) break;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at = segment;
      continue;
    }
    const length = be16(b, segment);
    if (length === undefined || length < 2) break;
    if (JPEG_SOF.has(marker)) size = [be16(b, segment + 5), be16(b, segment + 3)];
    if (marker === 0xe0 && ascii(b, segment + 2, segment + 7) === "JFIF\0") {
      const units = b[segment + 9];
      const [x, y] = [be16(b, segment + 10), be16(b, segment + 12)];
      const scale = units === 1 ? 1 : units === 2 ? 2.54 : 0;
      if (scale && x !== undefined && y !== undefined) dpi = [x * scale, y * scale];
    }
    at = segment + length;
  }
  return raster("jpeg", size, dpi);
}

/** TIFF: the first image directory's size, resolution and its unit (inches unless it says otherwise). */
function readTiff(b: Uint8Array, little: boolean): ArtworkBytes {
  const u16 = little ? le16 : be16;
  const u32 = little ? le32 : be32;
  const ifd = u32(b, 4) ?? b.length;
  const count = u16(b, ifd) ?? 0;
  const values = new Map<number, number | undefined>();
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > b.length) break;
    const tag = u16(b, entry) ?? 0;
    const type = u16(b, entry + 2);
    if (type === 3) values.set(tag, u16(b, entry + 8));
    else if (type === 4) values.set(tag, u32(b, entry + 8));
    else if (type === 5) {
      const offset = u32(b, entry + 8) ?? b.length;
      const [numerator, denominator] = [u32(b, offset), u32(b, offset + 4)];
      values.set(tag, numerator !== undefined && denominator ? numerator / denominator : undefined);
    }
  }
  const unit = values.has(296) ? values.get(296) : 2;
  const scale = unit === 2 ? 1 : unit === 3 ? 2.54 : 0;
  const [x, y] = [values.get(282), values.get(283)];
  return raster(
    "tiff",
    [values.get(256), values.get(257)],
    scale && x !== undefined && y !== undefined ? [x * scale, y * scale] : [],
  );
}

/** The binary kinds, told by their fixed signatures. */
function readBinary(b: Uint8Array): ArtworkBytes | undefined {
  const head = ascii(b, 0, 12);
  if (head.startsWith("\x89PNG\r\n\x1a\n")) return readPng(b);
  if (head.startsWith("\xff\xd8\xff")) return readJpeg(b);
  if (head.startsWith("II*\0")) return readTiff(b, true);
  if (head.startsWith("MM\0*")) return readTiff(b, false);
  if (head.startsWith("8BPS") && (be16(b, 4) === 1 || be16(b, 4) === 2)) {
    return raster("psd", [be32(b, 18), be32(b, 14)]);
  }
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return raster("gif", [le16(b, 6), le16(b, 8)]);
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") return found("webp");
  if (head.startsWith("\xc5\xd0\xd3\xc6")) return found("eps");
  return undefined;
}

/** The text kinds: PDF and PostScript by their headers, SVG and HTML by their first tags. */
function readText(b: Uint8Array): ArtworkBytes | undefined {
  const text = ascii(b, 0, TEXT_LIMIT);
  // PDF readers accept up to 1024 bytes of junk before the header.
  const pdfAt = text.indexOf("%PDF-");
  if (pdfAt >= 0 && pdfAt <= 1024) {
    const illustrator = ["Adobe Illustrator", "%AI", "<illustrator:"].some((mark) => text.includes(mark));
    return found(illustrator ? "ai" : "pdf");
  }
  if (text.startsWith("%!PS-Adobe")) {
    const firstLine = text.split(/[\r\n]/, 1)[0] ?? "";
    return firstLine.includes("EPSF") ? found("eps") : found("other", "PostScript file");
  }
  const lower = text
    .replace(/^\xef\xbb\xbf/, "")
    .trimStart()
    .toLowerCase();
  if (["<!doctype html", "<html", "<head", "<body"].some((tag) => lower.startsWith(tag))) return found("html");
  if (["<?xml", "<svg", "<!--", "<!doctype svg"].some((tag) => lower.startsWith(tag))) {
    const svgAt = lower.indexOf("<svg");
    const htmlAt = lower.indexOf("<html");
    if (htmlAt >= 0 && (svgAt < 0 || htmlAt < svgAt)) return found("html");
    if (svgAt >= 0) return found("svg");
  }
  return undefined;
}

/**
 * What the first bytes of a file (at most the first 64 KB; may be cut anywhere) say it is. The bytes decide; a
 * `contentType` of text/html only names a file the bytes do not, as servers answer with pages under any name.
 * Never throws.
 */
export function readArtworkBytes(bytes: Uint8Array, contentType?: string): ArtworkBytes {
  const known = readBinary(bytes) ?? readText(bytes);
  if (known) return known;
  return contentType?.trim().toLowerCase().startsWith("text/html") ? found("html") : found("other");
}

/**
 * The resolution a raster image prints at over a given print size in inches: the lower of the two directions,
 * rounded down. 0 when either size is not a positive number.
 */
export function printDpi(pixels: { width: number; height: number }, inches: { width: number; height: number }): number {
  if (!(inches.width > 0 && inches.height > 0)) return 0;
  const dpi = Math.min(pixels.width / inches.width, pixels.height / inches.height);
  // A hair of slack so that 299.99999999999994 from floating-point division counts as the 300 it is.
  return Number.isFinite(dpi) && dpi > 0 ? Math.floor(dpi + 1e-9) : 0;
}
