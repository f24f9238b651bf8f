import { remembered } from "../remembered";
import { formatWebAddress, paramOf, parseWebAddress, withParam, type WebAddress } from "./web-address";

/**
 * Links to a file-sharing service's page about a file, rather than to the file: the vendor fetching one gets a web
 * page. For the services whose file address can be written from the page's, that address is given; for the others,
 * only that it is a page.
 */

/** A share page, the service it is of and, where it can be worked out, the file's own address. */
export interface SharePage {
  readonly service: string;
  readonly directUrl?: string;
}

function dropbox(url: WebAddress): SharePage | undefined {
  if (url.host !== "dropbox.com" || !/^\/(s|sh|scl\/fi)\//.test(url.path)) return undefined;
  if (paramOf(url, "dl") === "1" || paramOf(url, "raw") === "1") return undefined;
  return { service: "Dropbox", directUrl: withParam(url, "dl", "1") };
}

function googleDrive(url: WebAddress): SharePage | undefined {
  if (url.host !== "drive.google.com") return undefined;
  if (url.path === "/uc" && paramOf(url, "export") === "download") return undefined;
  const id = /^\/file\/d\/([\w-]+)/.exec(url.path)?.[1] ?? (url.path === "/open" ? paramOf(url, "id") : null);
  if (!id) return { service: "Google Drive" };
  return {
    service: "Google Drive",
    directUrl: `https://drive.google.com/uc?export=download&id=${encodeURIComponent(id)}`,
  };
}

function oneDrive(url: WebAddress): SharePage | undefined {
  if (url.host === "1drv.ms") return { service: "OneDrive" };
  if (url.host === "onedrive.live.com") {
    if (url.path === "/download") return undefined;
    if (url.path === "/redir" || url.path === "/embed")
      return { service: "OneDrive", directUrl: formatWebAddress({ ...url, path: "/download" }) };
    return { service: "OneDrive" };
  }
  if (url.host.endsWith(".sharepoint.com") && /^\/:[a-z]:\//i.test(url.path)) {
    if (paramOf(url, "download") === "1") return undefined;
    return { service: "OneDrive", directUrl: withParam(url, "download", "1") };
  }
  return undefined;
}

/** Services whose share pages have no file address of their own to write: the file is fetched from the page. */
const PAGE_ONLY: readonly (readonly [RegExp, string])[] = [
  [/^(we\.tl|wetransfer\.com)$/, "WeTransfer"],
  [/^(app\.)?box\.com$/, "Box"],
  [/^icloud\.com$/, "iCloud"],
  [/^(mega\.nz|mega\.io)$/, "MEGA"],
];

const SHARE_MEMO_LIMIT = 10_000;

/**
 * What a link is, when it is a share page of a service people send artwork through; undefined otherwise. Every row's
 * link is asked about, and a team's rows mostly share one: the answers are remembered.
 */
export const sharePageOf: (text: string) => SharePage | undefined = remembered(SHARE_MEMO_LIMIT, sharePageUncached);

function sharePageUncached(text: string): SharePage | undefined {
  const url = parseWebAddress(text);
  if (!url) return undefined;
  const known = dropbox(url) ?? googleDrive(url) ?? oneDrive(url);
  if (known) return known;
  const pageOnly = PAGE_ONLY.find(([pattern]) => pattern.test(url.host));
  // Box serves files from other paths too; only its /s/ links are share pages.
  if (pageOnly && !(pageOnly[1] === "Box" && !url.path.startsWith("/s/"))) return { service: pageOnly[1] };
  return undefined;
}
