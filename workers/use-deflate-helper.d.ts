/**
 * Deflates this worker's zip parts in a helper worker of its own, where workers can start workers: the platform's
 * streams otherwise.
 */
export declare function useDeflateHelper(): void;
