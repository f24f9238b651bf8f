import type { CatalogueSnapshot } from "../catalogue";
import type { Asset, AssetFiles, AssetJobs, PriceBand } from "../vendor";

/** One design as the Assets view and the campaign sheet list it: the account's own, or a global one. */
export interface AssetListing {
  readonly tag: string;
  readonly asset: Asset;
  readonly isGlobal: boolean;
  /** Archived designs can be shown, never ordered. */
  readonly isArchived: boolean;
}

const listingsBySnapshot = new WeakMap<CatalogueSnapshot, readonly AssetListing[]>();

/**
 * The snapshot's designs: the account's own first, then the global ones, each tag once (an
 * own asset wins over a global one with the same tag, as resolution has it). Worked out once
 * per snapshot.
 */
export function assetListings(snapshot: CatalogueSnapshot): readonly AssetListing[] {
  const known = listingsBySnapshot.get(snapshot);
  if (known) return known;
  const seen = new Set<string>();
  const listings: AssetListing[] = [];
  for (const [assets, isGlobal] of [
    [snapshot.assets, false],
    [snapshot.globalAssets, true],
  ] as const) {
    for (const asset of assets) {
      const tag = asset.assetTag?.trim();
      if (!tag || seen.has(tag.toUpperCase())) continue;
      seen.add(tag.toUpperCase());
      listings.push({ tag, asset, isGlobal: isGlobal || asset.isGlobal, isArchived: asset.isArchived });
    }
  }
  listingsBySnapshot.set(snapshot, listings);
  return listings;
}

const byTagBySnapshot = new WeakMap<CatalogueSnapshot, ReadonlyMap<string, AssetListing>>();

/** The design with a tag (any case), if the snapshot holds it. */
export function findListing(snapshot: CatalogueSnapshot, tag: string): AssetListing | undefined {
  let byTag = byTagBySnapshot.get(snapshot);
  if (byTag === undefined) {
    byTag = new Map(assetListings(snapshot).map((listing) => [listing.tag.toUpperCase(), listing]));
    byTagBySnapshot.set(snapshot, byTag);
  }
  return byTag.get(tag.trim().toUpperCase());
}

/** The fewest a reorder may ask for: the first band's `from` (not assumed to be 1). */
export const minimumQuantity = (asset: Asset): number | undefined => sortedBands(asset.priceBands)[0]?.from;

/** Each catalogue list of bands, sorted: every asset line asks for its asset's, and the catalogue does not change. */
const bandsSorted = new WeakMap<readonly PriceBand[], readonly PriceBand[]>();

/** Bands lowest first, as the vendor may list them in any order. */
export function sortedBands(bands: readonly PriceBand[]): readonly PriceBand[] {
  let sorted = bandsSorted.get(bands);
  if (sorted === undefined) bandsSorted.set(bands, (sorted = [...bands].sort((a, b) => a.from - b.from)));
  return sorted;
}

/** The quantities a band covers: "25–49", "1000+", "12". */
export const bandRange = (band: PriceBand): string =>
  band.to == null ? `${band.from}+` : band.to === band.from ? `${band.from}` : `${band.from}–${band.to}`;

/** Each band's range and unit price: "25–49: $0.43 · 50–99: $0.39 · 1000+: $0.24". */
export function describeBands(
  bands: readonly PriceBand[],
  money: (amount: number) => string,
  separator = " · ",
): string {
  return sortedBands(bands)
    .map((band) => `${bandRange(band)}: ${money(band.unitPrice)}`)
    .join(separator);
}

/** The name of a process as the account's lookups give it; the code itself only when they have none. */
export function processName(snapshot: CatalogueSnapshot, code: string | null | undefined): string {
  if (!code) return "";
  const process = snapshot.processes.find((p) => p.processCode === code);
  if (process?.description) return process.description;
  return snapshot.processCodes.find((p) => p.processCode === code)?.description || code;
}

/** The most recent order of a design, from `GET /Assets/{tag}/jobs`. */
export interface LastOrder {
  readonly jobNumber: number;
  readonly orderNumber: string | undefined;
  readonly quantity: number | undefined;
  /** The day (YYYY-MM-DD) it was dispatched; undefined while the job is still open. */
  readonly date: string | undefined;
  readonly status: string | undefined;
}

/** What the vendor's order history of one design says. */
export interface AssetHistory {
  /** The vendor lists open jobs first, then by dispatch date, newest first: the first is the last order. */
  readonly lastOrder: LastOrder | undefined;
  /** The latest dispatch day among the jobs, if any was dispatched. */
  readonly lastDispatched: string | undefined;
  /** Whether a job of the design is still open (not dispatched). */
  readonly hasOpenJob: boolean;
  readonly jobCount: number;
}

const dayOf = (value: string | null | undefined): string | undefined =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;

export function historyOf(answer: AssetJobs): AssetHistory {
  const [first] = answer.jobs;
  const days = answer.jobs.map((job) => dayOf(job.dateOut)).filter((day): day is string => day !== undefined);
  return {
    lastOrder: first && {
      jobNumber: first.jobNumber,
      orderNumber: first.orderNumber ?? undefined,
      quantity: first.quantity ?? undefined,
      date: dayOf(first.dateOut),
      status: first.masterJobStatus ?? undefined,
    },
    lastDispatched: days.sort().at(-1),
    hasOpenJob: answer.jobs.some((job) => !job.dateOut),
    jobCount: answer.jobs.length,
  };
}

/** Whether a design was ordered on or after a day: dispatched since then, or in a job still open now. */
export function orderedSince(history: AssetHistory, day: string): boolean {
  return history.hasOpenJob || (history.lastDispatched !== undefined && history.lastDispatched >= day);
}

/** The current image of a design, if its files have one (newest upload first, as the vendor lists them). */
export function currentImage(files: AssetFiles | undefined): AssetFiles["currentFiles"][number] | undefined {
  return files?.currentFiles.find((file) => file.isImage && isWebAddress(file.cdnUrl));
}

/** A thumbnail address of an image file: the vendor's `?size=` (50, 100 or 150) added to its address. */
export function thumbnailUrl(cdnUrl: string, size: 50 | 100 | 150 = 100): string {
  const [base = "", fragment] = cdnUrl.split("#", 2);
  const sized = `${base}${base.includes("?") ? "&" : "?"}size=${size}`;
  return fragment === undefined ? sized : `${sized}#${fragment}`;
}

/**
 * The link to a design's picture: the asset's own preview link, else its current image file; without the space around
 * it.
 */
export function previewLink(asset: Asset, files?: AssetFiles): string | undefined {
  if (asset.assetUrl && isWebAddress(asset.assetUrl)) return asset.assetUrl.trim();
  return currentImage(files)?.cdnUrl.trim();
}

/** Only http(s) addresses become links: a vendor value is never trusted to be one. */
export const isWebAddress = (text: string): boolean => /^https?:\/\/[^\s/]+/i.test(text.trim());

/** What the Assets view and the campaign command filter designs by. All parts optional. */
export interface AssetFilter {
  /** Words that must all appear in the tag, description, garment or price code (any case). */
  readonly search?: string | undefined;
  readonly processCode?: string | undefined;
  readonly garment?: string | undefined;
  /** Created on or after / on or before these days (YYYY-MM-DD, UTC). */
  readonly createdFrom?: string | undefined;
  readonly createdTo?: string | undefined;
  /** Ordered on or after this day (YYYY-MM-DD): needs each design's order history. */
  readonly orderedSince?: string | undefined;
  /** Archived designs are hidden unless asked for. */
  readonly showArchived?: boolean | undefined;
  /** Global designs are shown unless turned off. */
  readonly showGlobal?: boolean | undefined;
}

export interface FilteredAssets {
  readonly matching: readonly AssetListing[];
  /** Designs that pass every other part of the filter but whose order history is not known yet. */
  readonly awaitingHistory: readonly AssetListing[];
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "");
const same = (a: string | null | undefined, b: string) => (a ?? "").trim().toLowerCase() === b.trim().toLowerCase();

function passesCatalogueParts(listing: AssetListing, filter: AssetFilter, needles: readonly string[]): boolean {
  const { asset } = listing;
  if (listing.isArchived && !filter.showArchived) return false;
  if (listing.isGlobal && filter.showGlobal === false) return false;
  if (filter.processCode && !same(asset.processCode, filter.processCode)) return false;
  if (filter.garment && !same(asset.garment, filter.garment)) return false;
  const created = asset.createDate.slice(0, 10);
  if (filter.createdFrom && created < filter.createdFrom) return false;
  if (filter.createdTo && created > filter.createdTo) return false;
  if (needles.length > 0) {
    const haystack = [listing.tag, asset.description, asset.garment, asset.priceCode, asset.externalId]
      .filter(Boolean)
      .join(" ")
      .toLowerCase();
    if (!needles.every((needle) => haystack.includes(needle))) return false;
  }
  return true;
}

/**
 * The designs a filter keeps, in the order given. "Ordered since" needs each design's order
 * history: a design whose history is not known yet is neither kept nor dropped but set aside,
 * so the caller can fetch the histories it needs, a bounded number at a time.
 */
export function filterAssets(
  listings: readonly AssetListing[],
  filter: AssetFilter,
  historyOf: (tag: string) => AssetHistory | undefined = () => undefined,
): FilteredAssets {
  const needles = words(filter.search ?? "");
  const matching: AssetListing[] = [];
  const awaitingHistory: AssetListing[] = [];
  for (const listing of listings) {
    if (!passesCatalogueParts(listing, filter, needles)) continue;
    if (filter.orderedSince) {
      const history = historyOf(listing.tag);
      if (history === undefined) {
        awaitingHistory.push(listing);
        continue;
      }
      if (!orderedSince(history, filter.orderedSince)) continue;
    }
    matching.push(listing);
  }
  return { matching, awaitingHistory };
}

export interface Facet {
  readonly value: string;
  readonly label: string;
  readonly count: number;
}

/** The processes and garments the designs have, with how many of each, for the filter's lists. */
export function assetFacets(
  snapshot: CatalogueSnapshot,
  listings: readonly AssetListing[] = assetListings(snapshot),
): { processes: Facet[]; garments: Facet[] } {
  const processes = new Map<string, number>();
  const garments = new Map<string, { label: string; count: number }>();
  for (const { asset } of listings) {
    if (asset.processCode) processes.set(asset.processCode, (processes.get(asset.processCode) ?? 0) + 1);
    const garment = asset.garment?.trim();
    if (garment) {
      const key = garment.toLowerCase();
      const known = garments.get(key);
      garments.set(key, { label: known?.label ?? garment, count: (known?.count ?? 0) + 1 });
    }
  }
  const rank = (code: string) =>
    snapshot.processes.find((p) => p.processCode === code)?.sheetRank ??
    snapshot.processCodes.find((p) => p.processCode === code)?.rank ??
    Number.MAX_SAFE_INTEGER;
  return {
    processes: [...processes]
      .map(([value, count]) => ({ value, label: processName(snapshot, value), count }))
      .sort((a, b) => rank(a.value) - rank(b.value) || a.label.localeCompare(b.label)),
    garments: [...garments.values()]
      .map(({ label, count }) => ({ value: label, label, count }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}
