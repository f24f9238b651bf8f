import type { IncomingMessage, ServerResponse } from "node:http";
import { crc32, deflateSync } from "node:zlib";
import type { LocalArtwork } from "../artwork/check-artwork";

/**
 * Artwork for trying the importer against the embedded simulator, served at DEMO_ARTWORK_PATH by the simulator and,
 * when the simulator is the vendor, by the app (so the page can show it): images of several sizes, a PDF and an SVG,
 * a share-page look-alike (a web page, not a file), a file behind a login, and a signed-style link. The samples link
 * to them, so every state of the artwork check shows in the demo.
 */
export const DEMO_ARTWORK_PATH = "/demo-artwork/";

/** A greyscale PNG of a ring (real pixels and checksums: browsers draw it as a thumbnail). */
function ringPng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  const [cx, cy, outer, inner] = [width / 2, height / 2, Math.min(width, height) * 0.45, Math.min(width, height) * 0.3];
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - cx, y - cy);
      raw[row + 1 + x] = d < outer && d > inner ? 40 : 235;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "ascii");
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
    return Buffer.concat([head, data, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  // 300 pixels per inch, stated in the file as print programs do.
  const density = Buffer.alloc(9);
  density.writeUInt32BE(11811, 0);
  density.writeUInt32BE(11811, 4);
  density[8] = 1;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("pHYs", density),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a circle on it. */
function ringPdf(): Buffer {
  const content = "0.2 g 306 396 m 306 496 l S\n1 0 0 1 306 396 cm 0 0 100 0 360 re f\n";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const RING_SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">' +
  '<circle cx="50" cy="50" r="38" fill="none" stroke="#222" stroke-width="14"/></svg>\n';

const SHARE_PAGE =
  "<!doctype html><html><head><title>crest.png – shared with you</title></head>" +
  "<body><h1>crest.png</h1><p>Shared with you.</p><a href='crest-large.png'>Download</a></body></html>";

interface DemoFile {
  readonly type: string;
  readonly bytes: Buffer;
}

let files: ReadonlyMap<string, DemoFile> | undefined;

/** The demo files by their path under DEMO_ARTWORK_PATH, made once when first asked for. */
function demoFiles(): ReadonlyMap<string, DemoFile> {
  files ??= new Map([
    ["crest-large.png", { type: "image/png", bytes: ringPng(4200, 4200) }],
    ["crest-small.png", { type: "image/png", bytes: ringPng(400, 300) }],
    ["signed/crest.png", { type: "image/png", bytes: ringPng(1800, 1800) }],
    ["logo.pdf", { type: "application/pdf", bytes: ringPdf() }],
    ["crest.svg", { type: "image/svg+xml", bytes: Buffer.from(RING_SVG) }],
    ["share/crest", { type: "text/html; charset=utf-8", bytes: Buffer.from(SHARE_PAGE) }],
  ]);
  return files;
}

/**
 * With the embedded simulator, a link on a documentation domain (".example", which never resolves) stands for a demo
 * file, so the samples and tests show every state of the artwork check with no network: by its words ("private",
 * "login": behind a login; "missing", "gone": not found; "share": a share page) or else by its kind (a small image
 * when it says so, else a large one; a PDF; an SVG). Any other link is not answered here.
 */
export function demoArtworkFor(link: string): LocalArtwork | undefined {
  const parts = /^https?:\/\/([^/?#]+)([^?#]*)/i.exec(link.trim());
  const host = parts?.[1]?.toLowerCase().replace(/:\d+$/, "") ?? "";
  if (!(host === "example" || host.endsWith(".example"))) return undefined;
  const path = (parts?.[2] ?? "").toLowerCase();
  if (/private|login/.test(path)) return { status: 401 };
  if (/missing|gone/.test(path)) return { status: 404 };
  const name = /share/.test(path)
    ? "share/crest"
    : /\.(png|jpe?g|tiff?|psd)$/.test(path)
      ? /small|low|thumb/.test(path)
        ? "crest-small.png"
        : "crest-large.png"
      : /\.(pdf|ai|eps)$/.test(path)
        ? "logo.pdf"
        : /\.svg$/.test(path)
          ? "crest.svg"
          : undefined;
  const file = name === undefined ? undefined : demoFiles().get(name);
  if (!file || !name) return { status: 404 };
  return {
    status: 200,
    type: file.type,
    bytes: file.bytes.subarray(0, 64 * 1024),
    size: file.bytes.length,
    ...(file.type.startsWith("image/") ? { previewPath: `${DEMO_ARTWORK_PATH}${name}` } : {}),
  };
}

/**
 * Answers a request under DEMO_ARTWORK_PATH: a demo file (a range of it when asked), 401 for the one behind a login,
 * 404 for anything else. Answers false for any other path.
 */
export function serveDemoArtwork(req: IncomingMessage, res: ServerResponse): boolean {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  if (!path.startsWith(DEMO_ARTWORK_PATH)) return false;
  const name = decodeURIComponent(path.slice(DEMO_ARTWORK_PATH.length));
  if (name.startsWith("private/")) {
    res.writeHead(401, { "WWW-Authenticate": 'Basic realm="files"', "Content-Length": "0" }).end();
    return true;
  }
  const file = demoFiles().get(name);
  if (!file) {
    res.writeHead(404, { "Content-Length": "0" }).end();
    return true;
  }
  const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ""));
  const start = range ? Number(range[1]) : 0;
  const end = range?.[2] ? Math.min(Number(range[2]), file.bytes.length - 1) : file.bytes.length - 1;
  const body = file.bytes.subarray(start, end + 1);
  res.writeHead(range ? 206 : 200, {
    "Content-Type": file.type,
    "Content-Length": String(body.length),
    "Cache-Control": "public, max-age=3600",
    ...(range ? { "Content-Range": `bytes ${start}-${end}/${file.bytes.length}` } : {}),
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
