import { type VendorClient } from "../api";
import type { MappingVocabulary } from "../core/mapping/suggest-mapping";
import type { PriceCode } from "../core/vendor";
/** The account's reference data the import reads: price codes, and what columns may name. */
export interface ReferenceData {
    readonly priceCodes: ReadonlyMap<string, PriceCode>;
    readonly vocabulary: MappingVocabulary;
}
export declare function loadReferenceData(client: VendorClient): Promise<{
    ok: true;
    data: ReferenceData;
} | {
    ok: false;
    message: string;
}>;
/** Everything a header row may name beyond the fixed fields (for header detection). */
export declare function vocabularyWords(vocabulary: MappingVocabulary): string[];
