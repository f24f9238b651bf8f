import { distinctNeeds, needKey, type FactRequest, type LiveFacts } from "../core/resolve";
import type { ArtworkCheck } from "../core/artwork/artwork-check";
import type { PriceBand, PriceCode, PromoValidationResult } from "../core/vendor";
import type { VendorGateway } from "./vendor-gateway";

/** A list in words: "a", "a and b", "a, b and c". */
const inWords = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * What could not be looked up, in the user's words: the values from their sheet, never a
 * request's key or the vendor's status text. `processName` names a process code (its
 * description in the catalogue), when it can.
 */
export function describeRequest(
  request: FactRequest,
  processName: (code: string) => string | undefined = () => undefined,
): string {
  switch (request.kind) {
    case "shipDate": {
      const names = request.processCodes.map(processName).filter((name): name is string => !!name);
      return names.length === request.processCodes.length && names.length > 0
        ? `the earliest ship date for jobs with ${inWords(names.map((name) => `“${name}”`))}`
        : "the earliest ship date for some jobs";
    }
    case "promo":
      return `whether the promo code "${request.code}" applies`;
    case "metadataCode":
      return `the price code "${request.code}"`;
    case "customBands":
      return `the price of "${request.code}" at ${request.width} × ${request.height}`;
  }
}

/**
 * What resolution needs from the vendor live (ship dates, promo codes, metadata price codes,
 * custom-size prices): the answers so far, and the requests that could not be answered this
 * time (not asked again until `retryUnavailable`).
 */
export function createLiveFacts(gateway: VendorGateway, processName?: (code: string) => string | undefined) {
  const facts = {
    shipDates: new Map<string, string | null>(),
    promos: new Map<string, PromoValidationResult>(),
    metadataCodes: new Map<string, PriceCode | null>(),
    customBands: new Map<string, readonly PriceBand[] | null>(),
    artwork: new Map<string, ArtworkCheck>(),
  };
  const unavailable = new Map<string, string>();

  return {
    /** The answers, as resolution reads them. */
    facts: facts as LiveFacts,
    hasShipDate: (key: string) => facts.shipDates.has(key),
    /** Of these requests, those still worth asking. */
    pending(needs: readonly FactRequest[]): FactRequest[] {
      return distinctNeeds(needs.filter((need) => !unavailable.has(needKey(need))));
    },
    /** Asks the vendor and records the answers (or that none came). */
    async fetch(needs: readonly FactRequest[]): Promise<void> {
      if (needs.length === 0) return;
      for (const answer of await gateway.fetchFacts(needs)) {
        const { request } = answer;
        if ("failed" in answer) {
          unavailable.set(needKey(request), describeRequest(request, processName));
          continue;
        }
        if (request.kind === "shipDate") facts.shipDates.set(request.key, answer.value as string | null);
        else if (request.kind === "promo") facts.promos.set(request.key, answer.value as PromoValidationResult);
        else if (request.kind === "metadataCode")
          facts.metadataCodes.set(request.key, answer.value as PriceCode | null);
        else facts.customBands.set(request.key, answer.value as readonly PriceBand[] | null);
      }
    },
    /** What checking artwork links found, kept by link (a later check of a link replaces the earlier). */
    recordArtwork(checks: readonly ArtworkCheck[]): void {
      for (const check of checks) facts.artwork.set(check.url, check);
    },
    /** Forgets the checks of links not answered (to check them again), or of all links older than `before`. */
    forgetArtwork(which: { readonly unanswered?: boolean; readonly before?: string }): void {
      for (const [url, check] of facts.artwork)
        if (
          (which.unanswered && check.outcome === "unreachable") ||
          (which.before !== undefined && check.checkedAt < which.before)
        )
          facts.artwork.delete(url);
    },
    /** Whether this request could not be answered (and is not asked again until a retry). */
    isUnavailable: (need: FactRequest): boolean => unavailable.has(needKey(need)),
    /** What the vendor could not say, in the user's words, each once. */
    unavailable: (): string[] => [...new Set(unavailable.values())],
    retryUnavailable(): void {
      unavailable.clear();
    },
  };
}

export type SessionFacts = ReturnType<typeof createLiveFacts>;
