import fc from "fast-check";
import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { printDpi, readArtworkBytes, type ArtworkBytes } from "../../../src/core/artwork/artwork-bytes";

type Part = number[] | string | Uint8Array;

/** Bytes from numbers, Latin-1 text and byte arrays, in order. */
function bytes(...parts: Part[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === "string") for (const char of part) out.push(char.charCodeAt(0) & 0xff);
    else out.push(...part);
  }
  return Uint8Array.from(out);
}

const be16 = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const be32 = (n: number) => [...be16(Math.floor(n / 65536)), ...be16(n % 65536)];
const le32 = (n: number) => [...le16(n % 65536), ...le16(Math.floor(n / 65536))];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG chunk with a zero CRC, which the reader does not check. */
function pngChunk(type: string, data: Part = []): Uint8Array {
  const body = bytes(data);
  return bytes(be32(body.length), type, body, [0, 0, 0, 0]);
}

function ihdr(width: number, height: number): Uint8Array {
  return pngChunk("IHDR", [...be32(width), ...be32(height), 8, 6, 0, 0, 0]);
}

function phys(x: number, y: number, unit: number): Uint8Array {
  return pngChunk("pHYs", [...be32(x), ...be32(y), unit]);
}

/** A JPEG marker segment: FF, marker, length counting itself, data. */
const segment = (marker: number, data: number[]) => [0xff, marker, ...be16(data.length + 2), ...data];
const jfif = (units: number, x: number, y: number) =>
  segment(0xe0, [...bytes("JFIF\0"), 1, 2, units, ...be16(x), ...be16(y), 0, 0]);
const sof = (marker: number, width: number, height: number) =>
  segment(marker, [8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
const sos = segment(0xda, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]);

/** A TIFF with one image directory of the given entries ([tag, type, value]) and rationals after it. */
function tiff(little: boolean, entries: [number, number, number][], rationals: [number, number][] = []): Uint8Array {
  const u16 = little ? le16 : be16;
  const u32 = little ? le32 : be32;
  const ifd = 8;
  const field = (type: number, value: number) => (type === 3 ? [...u16(value), 0, 0] : u32(value));
  return bytes(
    little ? "II*\0" : "MM\0*",
    u32(ifd),
    u16(entries.length),
    ...entries.map(([tag, type, value]) => [...u16(tag), ...u16(type), ...u32(1), ...field(type, value)]),
    u32(0),
    ...rationals.map(([numerator, denominator]) => [...u32(numerator), ...u32(denominator)]),
  );
}

/** Where the first rational lands after a directory of `entryCount` entries: header, count, entries, next offset. */
const rationalOffset = (entryCount: number) => 8 + 2 + entryCount * 12 + 4;

const read = (data: Part, contentType?: string) => readArtworkBytes(bytes(data), contentType);
const kindOf = (data: Part, contentType?: string) => read(data, contentType).kind;

describe("PNG", () => {
  it("reads the pixel size from IHDR", () => {
    const file = bytes(PNG_SIGNATURE, ihdr(1200, 900), pngChunk("IDAT", [0, 0]), pngChunk("IEND"));
    expect(readArtworkBytes(file)).toEqual({
      kind: "png",
      label: "PNG image",
      pixels: { width: 1200, height: 900 },
      isArtwork: true,
    });
  });

  it("reads the resolution from pHYs in pixels per metre", () => {
    const file = bytes(PNG_SIGNATURE, ihdr(3000, 2000), pngChunk("sRGB", [0]), phys(11811, 5906, 1));
    const result = readArtworkBytes(file);
    expect(result.pixels).toEqual({ width: 3000, height: 2000 });
    expect(result.dpi).toEqual({ x: 300, y: 150 });
  });

  it("has no resolution when pHYs states only the aspect ratio, or comes after IDAT", () => {
    expect(readArtworkBytes(bytes(PNG_SIGNATURE, ihdr(10, 10), phys(1, 1, 0))).dpi).toBeUndefined();
    const late = bytes(PNG_SIGNATURE, ihdr(10, 10), pngChunk("IDAT", [0]), phys(11811, 11811, 1));
    expect(readArtworkBytes(late).dpi).toBeUndefined();
    expect(readArtworkBytes(late).pixels).toEqual({ width: 10, height: 10 });
  });

  it("stops at a chunk whose length runs past the bytes", () => {
    const file = bytes(PNG_SIGNATURE, ihdr(64, 32), be32(0xfffffff0), "tEXt", "abc");
    expect(readArtworkBytes(file)).toMatchObject({ kind: "png", pixels: { width: 64, height: 32 } });
  });

  it("reads a real PNG written with zlib", () => {
    const chunk = (type: string, data: Uint8Array) => {
      const typed = bytes(type, data);
      return bytes(be32(data.length), typed, be32(crc32(typed)));
    };
    const [width, height] = [37, 19];
    const rows = new Uint8Array((width * 3 + 1) * height);
    const file = bytes(
      PNG_SIGNATURE,
      chunk("IHDR", bytes(be32(width), be32(height), [8, 2, 0, 0, 0])),
      chunk("pHYs", bytes(be32(2835), be32(2835), [1])),
      chunk("IDAT", deflateSync(rows)),
      chunk("IEND", new Uint8Array()),
    );
    expect(readArtworkBytes(file)).toEqual({
      kind: "png",
      label: "PNG image",
      pixels: { width: 37, height: 19 },
      dpi: { x: 72, y: 72 },
      isArtwork: true,
    });
  });
});

describe("JPEG", () => {
  it("reads the JFIF density in dots per inch and the baseline frame size", () => {
    const file = bytes([0xff, 0xd8], jfif(1, 300, 300), sof(0xc0, 2400, 1800), sos, [1, 2, 3, 0xff, 0xd9]);
    expect(readArtworkBytes(file)).toEqual({
      kind: "jpeg",
      label: "JPEG image",
      pixels: { width: 2400, height: 1800 },
      dpi: { x: 300, y: 300 },
      isArtwork: true,
    });
  });

  it("converts dots per centimetre to dots per inch", () => {
    const file = bytes([0xff, 0xd8], jfif(2, 118, 59), sof(0xc0, 100, 50), sos);
    expect(readArtworkBytes(file).dpi).toEqual({ x: 300, y: 150 });
  });

  it("has no resolution when JFIF states only the aspect ratio", () => {
    const file = bytes([0xff, 0xd8], jfif(0, 1, 1), sof(0xc0, 100, 50), sos);
    expect(readArtworkBytes(file).dpi).toBeUndefined();
    expect(readArtworkBytes(file).pixels).toEqual({ width: 100, height: 50 });
  });

  it("reads a progressive frame after other segments and fill bytes", () => {
    const exif = segment(0xe1, [...bytes("Exif\0\0"), ...new Array<number>(40).fill(0xc0)]);
    const table = segment(0xdb, new Array<number>(65).fill(1));
    const file = bytes([0xff, 0xd8], exif, table, [0xff, 0xff], sof(0xc2, 640, 480), sos);
    expect(readArtworkBytes(file)).toMatchObject({ kind: "jpeg", pixels: { width: 640, height: 480 } });
    expect(readArtworkBytes(file).dpi).toBeUndefined();
  });

  it("has no size when the frame header is past the bytes given", () => {
    const file = bytes([0xff, 0xd8], jfif(1, 72, 72), segment(0xe2, new Array<number>(100).fill(0)));
    expect(readArtworkBytes(file)).toEqual({
      kind: "jpeg",
      label: "JPEG image",
      dpi: { x: 72, y: 72 },
      isArtwork: true,
    });
  });

  it("does not look past the start of the scan", () => {
    const file = bytes([0xff, 0xd8], sos, sof(0xc0, 10, 10));
    expect(readArtworkBytes(file).pixels).toBeUndefined();
  });
});

describe("TIFF", () => {
  it.each([true, false])("reads SHORT sizes and the resolution in inches (little-endian %s)", (little) => {
    const file = tiff(
      little,
      [
        [256, 3, 1500],
        [257, 3, 1000],
        [282, 5, rationalOffset(5)],
        [283, 5, rationalOffset(5) + 8],
        [296, 3, 2],
      ],
      [
        [600, 2],
        [300, 1],
      ],
    );
    expect(readArtworkBytes(file)).toEqual({
      kind: "tiff",
      label: "TIFF image",
      pixels: { width: 1500, height: 1000 },
      dpi: { x: 300, y: 300 },
      isArtwork: true,
    });
  });

  it.each([true, false])("reads LONG sizes and the resolution in centimetres (little-endian %s)", (little) => {
    const file = tiff(
      little,
      [
        [256, 4, 70000],
        [257, 4, 65537],
        [282, 5, rationalOffset(5)],
        [283, 5, rationalOffset(5) + 8],
        [296, 3, 3],
      ],
      [
        [118, 1],
        [59, 1],
      ],
    );
    const result = readArtworkBytes(file);
    expect(result.pixels).toEqual({ width: 70000, height: 65537 });
    expect(result.dpi).toEqual({ x: 300, y: 150 });
  });

  it("takes inches when the unit is not given, and none when it says there is no unit", () => {
    const entries = (unit: number[]): [number, number, number][] => [
      [256, 3, 10],
      [257, 3, 10],
      [282, 5, rationalOffset(4 + unit.length)],
      [283, 5, rationalOffset(4 + unit.length)],
      ...unit.map((value): [number, number, number] => [296, 3, value]),
    ];
    expect(readArtworkBytes(tiff(true, entries([]), [[72, 1]])).dpi).toEqual({ x: 72, y: 72 });
    expect(readArtworkBytes(tiff(true, entries([1]), [[72, 1]])).dpi).toBeUndefined();
  });

  it("has no size when the image directory is past the bytes given", () => {
    const file = bytes("II*\0", le32(60000), new Array<number>(100).fill(0));
    expect(readArtworkBytes(file)).toEqual({ kind: "tiff", label: "TIFF image", isArtwork: true });
    const far = bytes("MM\0*", be32(8), be16(65535), new Array<number>(30).fill(0xff));
    expect(readArtworkBytes(far)).toEqual({ kind: "tiff", label: "TIFF image", isArtwork: true });
  });
});

describe("other raster kinds", () => {
  it("reads a Photoshop file's size", () => {
    const file = bytes("8BPS", be16(1), [0, 0, 0, 0, 0, 0], be16(3), be32(2000), be32(3000), be16(8), be16(3));
    expect(readArtworkBytes(file)).toEqual({
      kind: "psd",
      label: "Photoshop file",
      pixels: { width: 3000, height: 2000 },
      isArtwork: true,
    });
    expect(kindOf(bytes("8BPS", be16(7)))).toBe("other");
  });

  it.each(["GIF87a", "GIF89a"])("reads a %s size but does not take it as artwork", (signature) => {
    expect(read(bytes(signature, le16(320), le16(200), [0xf7, 0, 0]))).toEqual({
      kind: "gif",
      label: "GIF image",
      pixels: { width: 320, height: 200 },
      isArtwork: false,
    });
  });

  it("tells WebP and does not take it as artwork", () => {
    expect(read(bytes("RIFF", le32(100), "WEBPVP8 "))).toEqual({ kind: "webp", label: "WebP image", isArtwork: false });
    expect(kindOf(bytes("RIFF", le32(100), "WAVEfmt "))).toBe("other");
  });
});

describe("PDF and Illustrator", () => {
  it("tells a plain PDF, also after junk before the header", () => {
    expect(read("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n")).toEqual({ kind: "pdf", label: "PDF", isArtwork: true });
    expect(kindOf(bytes(new Array<number>(1024).fill(0x20), "%PDF-1.4\n"))).toBe("pdf");
    expect(kindOf(bytes(new Array<number>(1025).fill(0x20), "%PDF-1.4\n"))).toBe("other");
  });

  it.each([
    "%%Creator: Adobe Illustrator(R) 24.0",
    "%AI9_PrivateDataBegin",
    "<illustrator:Type>Document</illustrator:Type>",
  ])("tells an Illustrator file saved with PDF content by %s", (mark) => {
    const file = bytes("%PDF-1.6\n", new Array<number>(5000).fill(0x41), "\n", mark, "\n");
    expect(readArtworkBytes(file)).toEqual({ kind: "ai", label: "Illustrator (PDF-compatible)", isArtwork: true });
  });

  it("is case-sensitive about the Illustrator marks", () => {
    expect(kindOf("%PDF-1.6\nadobe illustrator %ai <ILLUSTRATOR:")).toBe("pdf");
  });
});

describe("EPS and PostScript", () => {
  it("tells EPS by its first line", () => {
    expect(read("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n")).toEqual({
      kind: "eps",
      label: "EPS",
      isArtwork: true,
    });
  });

  it("tells EPS with a binary DOS header", () => {
    expect(kindOf(bytes([0xc5, 0xd0, 0xd3, 0xc6], le32(30), le32(1000)))).toBe("eps");
  });

  it("calls PostScript without EPSF on its first line a PostScript file, not artwork", () => {
    expect(read("%!PS-Adobe-3.0\n%%Title: EPSF mentioned later\n")).toEqual({
      kind: "other",
      label: "PostScript file",
      isArtwork: false,
    });
  });
});

describe("SVG and web pages", () => {
  it.each([
    ['<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['\xef\xbb\xbf  \n<svg width="10" height="10"></svg>'],
    ["<!-- Generator: Adobe Illustrator 27 -->\n<svg></svg>"],
    ['<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg/>'],
  ])("tells SVG: %s", (text) => {
    expect(read(text)).toEqual({ kind: "svg", label: "SVG", isArtwork: true });
  });

  it.each([
    ["<!DOCTYPE html><html><body><svg></svg></body></html>"],
    ["\xef\xbb\xbf\r\n<HTML><head><title>Sign in</title>"],
    ["  <head><meta charset=utf-8>"],
    ["<body>Not found</body>"],
    ["<!-- served by the CDN -->\n<html lang=en>"],
    ['<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><svg/></html>'],
  ])("tells a web page: %s", (text) => {
    expect(read(text)).toEqual({ kind: "html", label: "web page", isArtwork: false });
  });

  it("takes the content type for bytes it cannot tell, but not over a binary kind", () => {
    expect(kindOf("Access denied", "text/html; charset=utf-8")).toBe("html");
    expect(kindOf("", "Text/HTML")).toBe("html");
    expect(kindOf("Access denied", "text/plain")).toBe("other");
    expect(kindOf(bytes(PNG_SIGNATURE, ihdr(1, 1)), "text/html")).toBe("png");
    expect(kindOf("%PDF-1.7\n", "text/html")).toBe("pdf");
  });

  it("calls a comment with neither tag after it an unknown file", () => {
    expect(read("<!-- nothing here -->")).toEqual({ kind: "other", label: "unknown file", isArtwork: false });
  });
});

describe("bytes cut anywhere or made up", () => {
  /** Every prefix of `file` reads as `kind`, with each of pixels and dpi either the full file's or absent. */
  function expectPrefixesAgree(file: Uint8Array, minimumLength: number) {
    const whole = readArtworkBytes(file);
    for (let length = 0; length <= file.length; length++) {
      const part: ArtworkBytes = readArtworkBytes(file.subarray(0, length));
      if (length >= minimumLength) expect(part.kind).toBe(whole.kind);
      if (part.pixels) expect(part.pixels).toEqual(whole.pixels);
      if (part.dpi) expect(part.dpi).toEqual(whole.dpi);
    }
  }

  it("reads every prefix of a PNG right or not at all", () => {
    expectPrefixesAgree(bytes(PNG_SIGNATURE, ihdr(4000, 3000), phys(11811, 11811, 1), pngChunk("IDAT", [0])), 8);
  });

  it("reads every prefix of a JPEG right or not at all", () => {
    expectPrefixesAgree(bytes([0xff, 0xd8], jfif(1, 300, 300), sof(0xc2, 4000, 3000), sos), 3);
  });

  it("reads every prefix of a TIFF right or not at all", () => {
    const entries: [number, number, number][] = [
      [256, 4, 4000],
      [257, 4, 3000],
      [282, 5, rationalOffset(4)],
      [283, 5, rationalOffset(4)],
    ];
    expectPrefixesAgree(tiff(false, entries, [[300, 1]]), 4);
  });

  it("never throws on empty, random or signature-led random bytes", () => {
    expect(readArtworkBytes(new Uint8Array())).toEqual({ kind: "other", label: "unknown file", isArtwork: false });
    const signatures = [
      [],
      PNG_SIGNATURE,
      [...PNG_SIGNATURE, ...ihdr(1, 1)],
      [0xff, 0xd8, 0xff],
      [...bytes("II*\0")],
      [...bytes("MM\0*")],
      [...bytes("MM\0*"), 0, 0, 0, 8],
      [...bytes("8BPS"), 0, 1],
      [...bytes("GIF89a")],
      [...bytes("RIFF")],
      [...bytes("%PDF-")],
      [...bytes("%!PS-Adobe")],
      [...bytes("<?xml")],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 600 }), (signature, tail) => {
        const result = readArtworkBytes(bytes(signature, tail));
        expect(typeof result.label).toBe("string");
        if (result.pixels) expect(result.pixels.width).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it("looks through the first 64 KB of text only", () => {
    const file = bytes("<!-- ", "x".repeat(66000), " -->", "<svg/>");
    expect(kindOf(file)).toBe("other");
    expect(kindOf(bytes("<!-- x -->", "y".repeat(65000), "<svg/>"))).toBe("svg");
  });
});

describe("print resolution", () => {
  it.each([
    [{ width: 1200, height: 900 }, { width: 10, height: 10 }, 90],
    [{ width: 3000, height: 3000 }, { width: 10, height: 10 }, 300],
    [{ width: 2550, height: 3300 }, { width: 8.5, height: 11 }, 300],
    [{ width: 3, height: 3 }, { width: 0.01, height: 0.01 }, 300],
    [{ width: 1000, height: 1000 }, { width: 3, height: 3 }, 333],
    [{ width: 100, height: 100 }, { width: 0, height: 10 }, 0],
  ])("%o over %o inches prints at %i dpi", (pixels, inches, dpi) => {
    expect(printDpi(pixels, inches)).toBe(dpi);
  });
});
