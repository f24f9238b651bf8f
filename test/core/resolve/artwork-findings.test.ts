import { describe, expect, it } from "vitest";
import type { ArtworkBytes } from "../../../src/core/artwork/artwork-bytes";
import {
  artworkFindings,
  artworkPreviewOf,
  printInchesOf,
  type ArtworkCheck,
} from "../../../src/core/artwork/artwork-check";
import { groupOf } from "../../../src/core/group";
import { processSetKey, resolveJob, resolveRow, type LiveFacts } from "../../../src/core/resolve";
import { contextWith, transferRow } from "./resolve-fixtures";

const LINK = "https://cdn.example.com/art/crest.png";
const AT = "2026-11-26T00:00:00.000Z";
const PNG: ArtworkBytes = { kind: "png", label: "PNG image", isArtwork: true, pixels: { width: 1200, height: 900 } };

const checked = (check: Partial<ArtworkCheck>): ArtworkCheck => ({
  url: LINK,
  checkedAt: AT,
  outcome: "file",
  ...check,
});

/** A transfer row with an artwork link, resolved knowing what checking the link found. */
function rowIssues(artworkUrl: string, check?: ArtworkCheck) {
  const facts: Partial<LiveFacts> = check ? { artwork: new Map([[artworkUrl, check]]) } : {};
  return resolveRow(transferRow(2, { artworkUrl }), contextWith(facts)).issues.map((i) => [
    i.code,
    i.severity,
    i.message,
    i.suggestion,
  ]);
}

describe("an artwork link on its row", () => {
  it("is a share page, offered the file's own address", () => {
    expect(rowIssues("https://www.dropbox.com/s/t7k2/crest.png?dl=0")).toEqual([
      [
        "ARTWORK_SHARE_PAGE",
        "error",
        "This is a Dropbox share page, not the file: the vendor would get a web page. Use the file's direct link.",
        "https://www.dropbox.com/s/t7k2/crest.png?dl=1",
      ],
    ]);
    expect(rowIssues("https://we.tl/t-AbC")[0]?.slice(0, 2)).toEqual(["ARTWORK_SHARE_PAGE", "error"]);
    expect(rowIssues("https://we.tl/t-AbC")[0]?.[3]).toBeUndefined();
  });

  it("says nothing more until it is checked", () => {
    expect(rowIssues(LINK)).toEqual([]);
  });

  it.each([
    [{ outcome: "http", status: 401 }, "ARTWORK_NEEDS_LOGIN", "error"],
    [{ outcome: "http", status: 403 }, "ARTWORK_NEEDS_LOGIN", "error"],
    [{ outcome: "http", status: 404 }, "ARTWORK_NOT_FOUND", "error"],
    [{ outcome: "http", status: 410 }, "ARTWORK_NOT_FOUND", "error"],
    [{ outcome: "http", status: 503 }, "ARTWORK_UNCHECKED", "warning"],
    [{ outcome: "no-host" }, "ARTWORK_NOT_FOUND", "error"],
    [{ outcome: "unreachable", reason: "no answer in 10 seconds" }, "ARTWORK_UNCHECKED", "warning"],
    [
      { outcome: "refused", reason: "the vendor cannot reach an address inside your network" },
      "ARTWORK_INTERNAL",
      "error",
    ],
    [{ file: { kind: "html", label: "web page", isArtwork: false } }, "ARTWORK_NOT_ARTWORK", "error"],
    [
      {
        file: { kind: "html", label: "web page", isArtwork: false },
        finalUrl: "https://files.example.com/login?next=x",
      },
      "ARTWORK_NEEDS_LOGIN",
      "error",
    ],
    [{ file: { kind: "gif", label: "GIF image", isArtwork: false } }, "ARTWORK_NOT_ARTWORK", "error"],
    [{ file: PNG, size: 640_000 }, "ARTWORK_FILE", "info"],
  ] as const)("checked as %j is %s (%s)", (check, code, severity) => {
    expect(rowIssues(LINK, checked(check as Partial<ArtworkCheck>)).map((i) => i.slice(0, 2))).toEqual([
      [code, severity],
    ]);
  });

  it("names what was found, and what was not", () => {
    expect(rowIssues(LINK, checked({ file: PNG, size: 640_000 }))[0]?.[2]).toBe(
      "Artwork found: PNG image, 1,200 × 900 px, 640 KB.",
    );
    expect(rowIssues(LINK, checked({ file: { kind: "html", label: "web page", isArtwork: false } }))[0]?.[2]).toBe(
      "This link gives a web page, not an artwork file (PDF, AI, EPS, SVG, PNG, JPEG, TIFF or PSD).",
    );
    expect(
      rowIssues(
        LINK,
        checked({ outcome: "refused", reason: "the vendor cannot reach an address inside your network" }),
      )[0]?.[2],
    ).toBe("The vendor cannot reach an address inside your network.");
  });
});

describe("a raster image printed at the size ordered", () => {
  it("is too small below 300 DPI, with the numbers", () => {
    expect(artworkFindings(checked({ file: PNG }), { width: 10, height: 10 })).toContainEqual({
      code: "ARTWORK_LOW_RESOLUTION",
      message: "1,200 × 900 px printed 10 × 10 in is 90 DPI; print shops ask for 300.",
    });
    expect(artworkFindings(checked({ file: PNG }), { width: 4, height: 3 }).map((f) => f.code)).toEqual([
      "ARTWORK_FILE",
    ]);
    expect(artworkFindings(checked({ file: PNG })).map((f) => f.code)).toEqual(["ARTWORK_FILE"]);
  });

  it("takes the print size from the price code in its own unit", () => {
    expect(printInchesOf({ unit: "in", width: 4, height: 4 })).toEqual({ width: 4, height: 4 });
    expect(printInchesOf({ unit: "cm", width: 25.4, height: 12.7 })).toEqual({ width: 10, height: 5 });
    expect(printInchesOf({ unit: "mm", width: 254, height: 254 })).toEqual({ width: 10, height: 10 });
    expect(printInchesOf({ unit: null, width: 4, height: 4 })).toBeUndefined();
    expect(printInchesOf({ unit: "in", width: null, height: 4 })).toBeUndefined();
  });
});

describe("a signed artwork link", () => {
  const expiring = (date: string) =>
    `https://bucket.s3.amazonaws.com/crest.png?X-Amz-Date=${date}T000000Z&X-Amz-Expires=86400&X-Amz-Signature=x`;
  const job = (artworkUrl: string) => {
    const context = contextWith({ shipDates: new Map([[processSetKey(["DTF"]), "2027-02-01"]]) });
    const rows = [
      transferRow(2, {
        artworkUrl,
        dueDate: "2027-03-01",
        deliveryMethod: "Courier",
        streetAddress: "1 Queen Street",
        city: "Auckland",
        postalCode: "1010",
      }),
    ];
    return resolveJob(
      groupOf("E-1", rows, context.columnOf),
      rows.map((row) => resolveRow(row, context)),
      context,
    ).issues.filter((i) => i.code === "ARTWORK_LINK_EXPIRES");
  };

  it("that stops working before the job is due is a warning naming both dates", () => {
    const [issue] = job(expiring("20270210"));
    expect(issue).toMatchObject({ severity: "warning", rowNumber: 2, column: "Artwork URL" });
    expect(issue?.message).toBe(
      "This signed link stops working on 11 February 2027, before the job is due on 1 March 2027, " +
        "and the vendor fetches the file when it prints: give a link that lasts longer.",
    );
  });

  it("that lasts past the due date says nothing", () => {
    expect(job(expiring("20270401"))).toEqual([]);
    expect(job("https://cdn.example.com/crest.png")).toEqual([]);
  });
});

describe("what is shown beside a checked link", () => {
  const preview = (link: string, check: Partial<ArtworkCheck>) =>
    artworkPreviewOf(link, { url: link, checkedAt: AT, outcome: "file", ...check });

  it("is the picture of an image, from its own copy when there is one, else where the link led", () => {
    expect(preview(LINK, { file: PNG, previewUrl: "/demo-artwork/crest.png" })).toMatchObject({
      kind: "image",
      src: "/demo-artwork/crest.png",
    });
    expect(preview(LINK, { file: PNG, finalUrl: "https://cdn.example.com/c.png" })).toMatchObject({
      kind: "image",
      src: "https://cdn.example.com/c.png",
    });
  });

  it("is a marker for a PDF, another file, a picture the page may not load, or no file at all", () => {
    expect(preview(LINK, { file: { kind: "pdf", label: "PDF", isArtwork: true } })?.kind).toBe("pdf");
    expect(preview(LINK, { file: { kind: "eps", label: "EPS", isArtwork: true } })?.kind).toBe("file");
    expect(preview("http://files.example.com/c.png", { file: PNG })?.kind).toBe("file");
    expect(preview(LINK, { outcome: "http", status: 404 })).toMatchObject({ kind: "none" });
    expect(artworkPreviewOf(LINK, undefined)).toBeUndefined();
  });
});
