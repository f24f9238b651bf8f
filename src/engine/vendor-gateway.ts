import { isTransientProblem, mapWithConcurrency, retryWaitMs, type ApiProblem, type VendorClient } from "../api";
import type { ArtworkCheck } from "../core/artwork/artwork-check";
import type { FactRequest } from "../core/resolve";
import type { JobCandidate, PriceBand, PriceCode, PromoValidationResult } from "../core/vendor";

/** A fact the vendor gave, for one request; `failed` when it could not be had this time. */
export type FactAnswer =
  | { readonly request: FactRequest & { kind: "shipDate" }; readonly value: string | null }
  | { readonly request: FactRequest & { kind: "promo" }; readonly value: PromoValidationResult }
  | { readonly request: FactRequest & { kind: "metadataCode" }; readonly value: PriceCode | null }
  | { readonly request: FactRequest & { kind: "customBands" }; readonly value: readonly PriceBand[] | null }
  | { readonly request: FactRequest; readonly failed: string };

export type ValidationAnswer = { readonly ok: true } | { readonly ok: false; readonly problem: ApiProblem };

export interface GatewayOptions {
  /**
   * Pause before the one retry of a dry run that met a 429, a 5xx or no answer, when the vendor gave no Retry-After.
   */
  readonly retryDelayMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Checks artwork links (see VendorGateway); links are not checked without it. */
  readonly checkArtwork?: (urls: readonly string[]) => Promise<ArtworkCheck[]>;
}

/** What the engine asks of the vendor: live facts, and dry runs of jobs; and, where it can, artwork links checked. */
export interface VendorGateway {
  fetchFacts(requests: readonly FactRequest[]): Promise<FactAnswer[]>;
  validateJob(candidate: JobCandidate): Promise<ValidationAnswer>;
  /**
   * What fetching each link found, in the order given (through the proxy's artwork check, or from Node); absent where
   * links are not checked (the command line's --skip-artwork-check).
   */
  checkArtwork?(urls: readonly string[]): Promise<ArtworkCheck[]>;
}

const FACT_CONCURRENCY = 4;

/** The gateway over the typed client: through the proxy in the browser, or straight from Node. */
export function createVendorGateway(client: VendorClient, options: GatewayOptions = {}): VendorGateway {
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  async function fetchFact(request: FactRequest): Promise<FactAnswer> {
    switch (request.kind) {
      case "shipDate": {
        const result = await client.getEarliestShipDate(request.processCodes);
        if (result.ok) return { request, value: result.value.shippingDateLocal.slice(0, 10) };
        // 404 is the vendor's way of saying no date is available.
        return result.problem.status === 404 ? { request, value: null } : { request, failed: result.problem.title };
      }
      case "promo": {
        const result = await client.validatePromoCode(request.code, request.processCodes);
        return result.ok ? { request, value: result.value } : { request, failed: result.problem.title };
      }
      case "metadataCode": {
        const result = await client.getPriceCode(request.code);
        if (result.ok) return { request, value: result.value };
        return result.problem.status === 404 || result.problem.status === 400
          ? { request, value: null }
          : { request, failed: result.problem.title };
      }
      case "customBands": {
        const result = await client.getPriceCode(request.code, { dgX: request.width, dgY: request.height });
        if (result.ok) return { request, value: result.value.priceBands ?? null };
        return result.problem.status === 400 ? { request, value: null } : { request, failed: result.problem.title };
      }
    }
  }
  return {
    ...(options.checkArtwork ? { checkArtwork: options.checkArtwork } : {}),
    fetchFacts: (requests) => mapWithConcurrency(requests, FACT_CONCURRENCY, fetchFact),
    /** A dry run creates nothing, so one that met a passing fault is safely tried once more. */
    async validateJob(candidate) {
      let result = await client.validateJob(candidate);
      const wait =
        !result.ok && isTransientProblem(result.problem) ? retryWaitMs(result.problem, retryDelayMs) : undefined;
      if (wait !== undefined) {
        await sleep(wait);
        result = await client.validateJob(candidate);
      }
      return result.ok ? { ok: true } : { ok: false, problem: result.problem };
    },
  };
}
