import { distinctNeeds, needKey, type FactRequest, type LiveFacts } from "../core/resolve";
import type { PriceBand, PriceCode, PromoValidationResult } from "../core/vendor";
import type { VendorGateway } from "./vendor-gateway";

/**
 * What resolution needs from the vendor live (ship dates, promo codes, metadata price codes,
 * custom-size prices): the answers so far, and the requests that could not be answered this
 * time (not asked again until `retryUnavailable`).
 */
export function createLiveFacts(gateway: VendorGateway) {
  const facts = {
    shipDates: new Map<string, string | null>(),
    promos: new Map<string, PromoValidationResult>(),
    metadataCodes: new Map<string, PriceCode | null>(),
    customBands: new Map<string, readonly PriceBand[] | null>(),
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
          unavailable.set(needKey(request), `${request.kind} ${request.key}: ${answer.failed}`);
          continue;
        }
        if (request.kind === "shipDate") facts.shipDates.set(request.key, answer.value as string | null);
        else if (request.kind === "promo") facts.promos.set(request.key, answer.value as PromoValidationResult);
        else if (request.kind === "metadataCode") facts.metadataCodes.set(request.key, answer.value as PriceCode | null);
        else facts.customBands.set(request.key, answer.value as readonly PriceBand[] | null);
      }
    },
    /** What the vendor could not say, in the user's words. */
    unavailable: (): string[] => [...unavailable.values()],
    retryUnavailable(): void {
      unavailable.clear();
    },
  };
}

export type SessionFacts = ReturnType<typeof createLiveFacts>;
