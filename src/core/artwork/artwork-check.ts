import { formatCount } from "../plural";
import { printDpi, type ArtworkBytes } from "./artwork-bytes";
import { isAbsoluteHttpUrl } from "../resolve/values";
import { sharePageOf } from "./share-links";

/**
 * What fetching an artwork link found, as the proxy's artwork check (or the command line, from Node) answers it: the
 * file's kind, size and pixels from its first bytes, or why there is no file. Plain data: it crosses workers and HTTP.
 */
export interface ArtworkCheck {
  readonly url: string;
  /** When it was checked (ISO): a check older than an hour is made again before sending. */
  readonly checkedAt: string;
  /**
   * `file`: bytes came back (see `file`); `refused`: never fetched (an internal address, another scheme or port);
   * `http`: the site answered with an error status; `no-host`: no such host; `unreachable`: no answer in time, or the
   * connection failed.
   */
  readonly outcome: "file" | "refused" | "http" | "no-host" | "unreachable";
  readonly status?: number | undefined;
  /** The address the redirects led to, when they led elsewhere. */
  readonly finalUrl?: string | undefined;
  /** The file's size in bytes, when the site said. */
  readonly size?: number | undefined;
  readonly file?: ArtworkBytes | undefined;
  /** Why it was refused or not reached, in the user's words. */
  readonly reason?: string | undefined;
  /** Where the page may load the picture from for a thumbnail, when not the link itself (the demo's own files). */
  readonly previewUrl?: string | undefined;
}

/** What an artwork link's check means for its row: an issue code, and its words (and fix, when there is one). */
export interface ArtworkFinding {
  readonly code:
    | "ARTWORK_SHARE_PAGE"
    | "ARTWORK_FILE"
    | "ARTWORK_NEEDS_LOGIN"
    | "ARTWORK_NOT_FOUND"
    | "ARTWORK_NOT_ARTWORK"
    | "ARTWORK_INTERNAL"
    | "ARTWORK_UNCHECKED"
    | "ARTWORK_LOW_RESOLUTION";
  readonly message: string;
  /** The fix, when there is one: the file's own address for a share page. */
  readonly suggestion?: string;
}

/** Whether an artwork link is worth fetching: an absolute http(s) address, and not a share page (found without it). */
export const isFetchableLink = (link: string): boolean => isAbsoluteHttpUrl(link) && sharePageOf(link) === undefined;

/**
 * What an http(s) artwork link is for its row: a share page (its file's own address offered where it can be written),
 * read from the link alone; else, once fetched, what `artworkFindings` makes of the check (nothing before).
 */
export function linkFindings(
  link: string,
  check: ArtworkCheck | undefined,
  printInches?: { readonly width: number; readonly height: number },
): ArtworkFinding[] {
  const share = sharePageOf(link);
  if (share)
    return [
      {
        code: "ARTWORK_SHARE_PAGE",
        message:
          `This is a ${share.service} share page, not the file: the vendor would get a web page. ` +
          (share.directUrl ? "Use the file's direct link." : `Use the file's direct link from ${share.service}.`),
        ...(share.directUrl ? { suggestion: share.directUrl } : {}),
      },
    ];
  return check ? artworkFindings(check, printInches) : [];
}

/** Print shops ask for this many dots per inch at the printed size. */
export const PRINT_DPI = 300;

/** "1.2 MB", "640 KB": a file's size as people read it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${bytes} bytes`;
}

/** "a web page", "an unknown file". */
const withArticle = (label: string) => `${/^[aeiou]/i.test(label) ? "an" : "a"} ${label}`;

const formatInches = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** "a PDF, 1.2 MB" or "a PNG image, 1,200 × 900 px, 640 KB": what was found, in words. */
export function fileText(check: ArtworkCheck): string {
  const file = check.file;
  const parts = [file ? file.label : "a file"];
  if (file?.pixels) parts.push(`${formatCount(file.pixels.width)} × ${formatCount(file.pixels.height)} px`);
  if (check.size !== undefined) parts.push(sizeText(check.size));
  return parts.join(", ");
}

/** Why a link is not fetched, as a sentence: "The vendor cannot reach an address inside your network." */
const refusedText = (reason: string | undefined) =>
  reason ? `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.` : "This link cannot be fetched.";

/** Whether a page the site answered with is a login page: the words of one in its address. */
const isLoginAddress = (url: string | undefined) =>
  url !== undefined && /(log-?in|sign-?in|auth|sso|account)/i.test(url.replace(/^https?:\/\/[^/]+/, ""));

/**
 * What a link's check means: the file it is (a note), or why the vendor will not get artwork from it (an error: a
 * login, no file, not artwork, an internal address), or that it could not be checked (a warning, to check again); and
 * a raster image too small for the print it is ordered at (`printInches`, when the price code says), a warning.
 */
export function artworkFindings(
  check: ArtworkCheck,
  printInches?: { readonly width: number; readonly height: number },
): ArtworkFinding[] {
  switch (check.outcome) {
    case "refused":
      return [{ code: "ARTWORK_INTERNAL", message: refusedText(check.reason) }];
    case "no-host":
      return [{ code: "ARTWORK_NOT_FOUND", message: "No web site answers at this address (no such host)." }];
    case "unreachable":
      return [
        {
          code: "ARTWORK_UNCHECKED",
          message: `The link could not be checked${check.reason ? ` (${check.reason})` : ""}; check again.`,
        },
      ];
    case "http":
      return [httpFinding(check.status ?? 0)];
    case "file":
      return fileFindings(check, printInches);
  }
}

function httpFinding(status: number): ArtworkFinding {
  if (status === 401 || status === 403)
    return {
      code: "ARTWORK_NEEDS_LOGIN",
      message: "This link needs a login; share it publicly or upload it elsewhere.",
    };
  if (status === 404 || status === 410)
    return {
      code: "ARTWORK_NOT_FOUND",
      message: `File not found: the site answers that nothing is there (HTTP ${status}).`,
    };
  return {
    code: "ARTWORK_UNCHECKED",
    message: `The site answered with an error (HTTP ${status}), so the file could not be checked; check again.`,
  };
}

function fileFindings(check: ArtworkCheck, printInches?: { width: number; height: number }): ArtworkFinding[] {
  const file = check.file;
  if (file?.kind === "html" && isLoginAddress(check.finalUrl ?? check.url))
    return [
      {
        code: "ARTWORK_NEEDS_LOGIN",
        message: "This link leads to a login page; share it publicly or upload it elsewhere.",
      },
    ];
  if (!file?.isArtwork)
    return [
      {
        code: "ARTWORK_NOT_ARTWORK",
        message:
          `This link gives ${withArticle(file ? file.label : "unknown file")}, not an artwork file ` +
          "(PDF, AI, EPS, SVG, PNG, JPEG, TIFF or PSD).",
      },
    ];
  const findings: ArtworkFinding[] = [{ code: "ARTWORK_FILE", message: `Artwork found: ${fileText(check)}.` }];
  if (file.pixels && printInches && printInches.width > 0 && printInches.height > 0) {
    const dpi = printDpi(file.pixels, printInches);
    if (dpi < PRINT_DPI)
      findings.push({
        code: "ARTWORK_LOW_RESOLUTION",
        message:
          `${formatCount(file.pixels.width)} × ${formatCount(file.pixels.height)} px printed ` +
          `${formatInches(printInches.width)} × ${formatInches(printInches.height)} in is ${dpi} DPI; ` +
          `print shops ask for ${PRINT_DPI}.`,
      });
  }
  return findings;
}

/** A price code's print size in inches, from its size and unit (or a custom size's width and height in that unit). */
export function printInchesOf(size: {
  readonly unit?: string | null;
  readonly width?: number | null;
  readonly height?: number | null;
}): { width: number; height: number } | undefined {
  const perInch = { in: 1, cm: 2.54, mm: 25.4 }[size.unit?.toLowerCase() ?? ""];
  if (perInch === undefined || !size.width || !size.height || size.width <= 0 || size.height <= 0) return undefined;
  return { width: size.width / perInch, height: size.height / perInch };
}

/**
 * How a checked link is shown beside it: an image's picture (from `src`: the demo's own copy, else where the link led),
 * a marker for a PDF's first page, a marker for another artwork file, or that there is no file to show.
 */
export interface ArtworkPreview {
  readonly kind: "image" | "pdf" | "file" | "none";
  readonly src?: string | undefined;
  /** What it is, in words, for the picture's alternative text and a tooltip. */
  readonly label: string;
}

const PICTURES: ReadonlySet<string> = new Set(["png", "jpeg", "gif", "webp", "svg"]);

/** What to show beside a checked artwork link; undefined before it is checked. */
export function artworkPreviewOf(link: string, check: ArtworkCheck | undefined): ArtworkPreview | undefined {
  if (!check) return undefined;
  const file = check.file;
  if (check.outcome !== "file" || !file?.isArtwork)
    return { kind: "none", label: artworkFindings(check)[0]?.message ?? "No artwork file" };
  const label = fileText(check);
  const src = check.previewUrl ?? check.finalUrl ?? link;
  // The page shows pictures from its own address or https only (its content security policy): others get a marker.
  if (PICTURES.has(file.kind) && (src.startsWith("/") || /^https:/i.test(src))) return { kind: "image", src, label };
  return { kind: file.kind === "pdf" || file.kind === "ai" ? "pdf" : "file", label };
}
