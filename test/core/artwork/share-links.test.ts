import { describe, expect, it } from "vitest";
import { linkExpiry } from "../../../src/core/artwork/link-expiry";
import { sharePageOf } from "../../../src/core/artwork/share-links";
import { formatWebAddress, parseWebAddress } from "../../../src/core/artwork/web-address";

describe("share pages of the services artwork is sent through", () => {
  it.each([
    [
      "https://www.dropbox.com/s/t7k2abc/thunder-front.png?dl=0",
      "Dropbox",
      "https://www.dropbox.com/s/t7k2abc/thunder-front.png?dl=1",
    ],
    [
      "https://www.dropbox.com/scl/fi/x1y2/logo.pdf?rlkey=abc123&dl=0",
      "Dropbox",
      "https://www.dropbox.com/scl/fi/x1y2/logo.pdf?rlkey=abc123&dl=1",
    ],
    ["https://dropbox.com/s/abc/crest.ai", "Dropbox", "https://dropbox.com/s/abc/crest.ai?dl=1"],
    [
      "https://drive.google.com/file/d/1AbC-dEf_9/view?usp=sharing",
      "Google Drive",
      "https://drive.google.com/uc?export=download&id=1AbC-dEf_9",
    ],
    ["https://drive.google.com/open?id=1XyZ", "Google Drive", "https://drive.google.com/uc?export=download&id=1XyZ"],
    [
      "https://onedrive.live.com/redir?resid=ABC%21123&authkey=%21xyz",
      "OneDrive",
      "https://onedrive.live.com/download?resid=ABC!123&authkey=!xyz",
    ],
    [
      "https://club.sharepoint.com/:i:/g/personal/a_b/EaBcD?e=Xy12",
      "OneDrive",
      "https://club.sharepoint.com/:i:/g/personal/a_b/EaBcD?e=Xy12&download=1",
    ],
  ] as const)("%s is a %s page; the file is at %s", (link, service, direct) => {
    expect(sharePageOf(link)).toEqual({ service, directUrl: direct });
  });

  it.each([
    ["https://we.tl/t-AbCdEf", "WeTransfer"],
    ["https://wetransfer.com/downloads/abc/def", "WeTransfer"],
    ["https://1drv.ms/i/s!AbCdEf", "OneDrive"],
    ["https://app.box.com/s/abc123", "Box"],
    ["https://drive.google.com/drive/folders/1abc", "Google Drive"],
  ] as const)("%s is a %s page with no file address to write", (link, service) => {
    expect(sharePageOf(link)).toEqual({ service });
  });

  it.each([
    "https://www.dropbox.com/s/abc/logo.png?dl=1",
    "https://www.dropbox.com/s/abc/logo.png?raw=1",
    "https://dl.dropboxusercontent.com/s/abc/logo.png",
    "https://drive.google.com/uc?export=download&id=1AbC",
    "https://onedrive.live.com/download?resid=ABC",
    "https://cdn.example.com/art/logo.png",
    "https://app.box.com/shared/static/abc.png",
    "not a link",
  ])("%s is a file's own address (or none)", (link) => {
    expect(sharePageOf(link)).toBeUndefined();
  });
});

describe("when a signed link stops working", () => {
  it.each([
    [
      "https://bucket.s3.amazonaws.com/logo.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261126T010203Z" +
        "&X-Amz-Expires=604800&X-Amz-Signature=abc",
      "2026-12-03T01:02:03.000Z",
    ],
    [
      "https://bucket.s3.amazonaws.com/logo.png?AWSAccessKeyId=A&Expires=1798761600&Signature=x",
      "2027-01-01T00:00:00.000Z",
    ],
    [
      "https://storage.googleapis.com/b/logo.png?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Date=20261201T000000Z" +
        "&X-Goog-Expires=3600",
      "2026-12-01T01:00:00.000Z",
    ],
    [
      "https://acct.blob.core.windows.net/c/logo.png?sv=2022-11-02&se=2026-12-05T10:00:00Z&sig=x",
      "2026-12-05T10:00:00.000Z",
    ],
    ["https://cdn.example.com/logo.png?exp=1798761600000", "2027-01-01T00:00:00.000Z"],
  ])("%s expires at %s", (link, at) => {
    expect(linkExpiry(link)).toBe(at);
  });

  it.each(["https://cdn.example.com/logo.png", "https://cdn.example.com/logo.png?exp=soon", "logo.png"])(
    "%s says nothing",
    (link) => {
      expect(linkExpiry(link)).toBeUndefined();
    },
  );
});

describe("a web address taken apart", () => {
  it("gives back the address as written when nothing is changed", () => {
    const text = "https://Example.com:443/a%20b/c.png?x=1&y&z=%2F#top";
    const address = parseWebAddress(text);
    expect(address?.host).toBe("example.com");
    expect(address?.params).toEqual([
      ["x", "1"],
      ["y", ""],
      ["z", "/"],
    ]);
    expect(address && formatWebAddress(address)).toBe("https://Example.com:443/a%20b/c.png?x=1&y&z=%2F#top");
  });
});
