import type { DeliveryAddress } from "../../core/vendor";
import { fixturesFor, type AccountFixtures } from "./fixtures/account-fixtures";
import { ACCOUNTS, findRegion, type SimAccount, type SimRegion, type SimUser } from "./fixtures/accounts";
import { assetsFor, globalAssetsFor, type SimAsset } from "./fixtures/assets";
import type { CatalogueEntry } from "./fixtures/catalogue";

export interface SimJobLine {
  readonly jobLineId: number;
  readonly itemType: string;
  readonly assetSku: string;
  readonly processCode: string;
  readonly garment: string;
  readonly description: string;
  readonly comments: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly customerReference: string;
  readonly imageUrl: string;
  readonly needsArtwork: boolean;
  readonly newAssetSku: string | null;
  readonly variantCode: string | null;
  readonly sizeQuantities: Readonly<Record<string, number>> | null;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
}

export interface SimJob {
  readonly jobNumber: number;
  readonly accountId: number;
  readonly userId: number;
  readonly createdAt: number;
  readonly originCode: string;
  readonly location: { readonly name: string; readonly timezone: string };
  readonly lines: readonly SimJobLine[];
  readonly deliveryAddress: DeliveryAddress;
  readonly totalJobCost: number;
  readonly taxTotal: number;
  readonly orderGroup: string | null;
  readonly orderGroupSequence: number | null;
  readonly orderComment: string | null;
  // Editable through PATCH:
  description: string | null;
  comments: string | null;
  orderNumber: string | null;
  dateDue: string;
  mustDate: boolean;
  cancelledAt: number | null;
}

export interface AccountState {
  readonly account: SimAccount;
  readonly region: SimRegion;
  /** The account's stock, delivery options, size sets, asset tag form and default page sizes. */
  readonly fixtures: AccountFixtures;
  readonly catalogue: ReadonlyMap<string, CatalogueEntry>;
  /** Own assets, including those created by jobs; index by tag for lookups. */
  readonly assets: SimAsset[];
  readonly globalAssets: readonly SimAsset[];
  readonly jobs: Map<number, SimJob>;
  nextAssetSequence: number;
}

export function createAccountStates(): Map<number, AccountState> {
  const states = new Map<number, AccountState>();
  for (const account of ACCOUNTS) {
    const region = findRegion(account.regionId);
    if (region === undefined) throw new Error(`Unknown region ${account.regionId}`);
    const fixtures = fixturesFor(account);
    const catalogue = fixtures.catalogue(account, region);
    const assets = assetsFor(account, catalogue, (sequence, createDate) =>
      fixtures.assetTag(account, sequence, createDate),
    );
    states.set(account.id, {
      account,
      region,
      fixtures,
      catalogue,
      assets,
      globalAssets: globalAssetsFor(account, catalogue),
      jobs: new Map(),
      nextAssetSequence: assets.length + 1,
    });
  }
  return states;
}

export function findUser(state: AccountState, userId: number): SimUser | undefined {
  return state.account.users.find((user) => user.id === userId);
}

/** An own or global asset by tag, compared case-insensitively as the vendor's lookups are. */
export function findAsset(state: AccountState, tag: string): SimAsset | undefined {
  const wanted = tag.trim().toUpperCase();
  return (
    state.assets.find((asset) => asset.assetTag?.toUpperCase() === wanted) ??
    state.globalAssets.find((asset) => asset.assetTag?.toUpperCase() === wanted)
  );
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Where a job is in its life at a given moment: statuses advance with the simulator's clock. */
export interface JobProgress {
  readonly status: string;
  readonly isCancelable: boolean;
  readonly canEdit: boolean;
  readonly lockedReason: string | null;
  readonly isClosed: boolean;
  readonly isCancelled: boolean;
  readonly dateOut: string | null;
  readonly trackingNumber: string | null;
}

/** The timeline a created job follows, as hours after creation. */
export const JOB_TIMELINE: readonly { readonly afterMs: number; readonly status: string }[] = [
  { afterMs: 0, status: "Received" },
  { afterMs: 2 * HOUR, status: "Proofing" },
  { afterMs: DAY, status: "Scheduled" },
  { afterMs: 2 * DAY, status: "In Production" },
  { afterMs: 4 * DAY, status: "Dispatched" },
  { afterMs: 10 * DAY, status: "Closed" },
];

export function jobProgress(job: SimJob, now: number): JobProgress {
  if (job.cancelledAt !== null) {
    return {
      status: "Cancelled",
      isCancelable: false,
      canEdit: false,
      lockedReason: "The job was cancelled",
      isClosed: false,
      isCancelled: true,
      dateOut: null,
      trackingNumber: null,
    };
  }
  const age = now - job.createdAt;
  let status = "Received";
  for (const step of JOB_TIMELINE) if (age >= step.afterMs) status = step.status;
  if (status === "Received" && job.lines.some((line) => line.needsArtwork)) status = "Awaiting Artwork";
  const dispatched = status === "Dispatched" || status === "Closed";
  const inProduction = status === "In Production";
  return {
    status,
    isCancelable: !dispatched && !inProduction,
    canEdit: !dispatched,
    lockedReason: dispatched ? `The job was ${status.toLowerCase()}` : null,
    isClosed: status === "Closed",
    isCancelled: false,
    dateOut: dispatched ? new Date(job.createdAt + 4 * DAY).toISOString() : null,
    trackingNumber: dispatched ? `CP${job.jobNumber}NZ` : null,
  };
}
